import ReaderCore
import Testing

@Suite struct LocatorTests {
    @Test func roundTripsThroughJSON() throws {
        let locator = Locator(href: "book.txt", type: "text/plain", title: "Chapter 3",
                              locations: .init(fragments: ["c3"], progression: 0.25, totalProgression: 0.25,
                                               position: 7, offset: 6144),
                              text: .init(before: "it was ", highlight: "a dark night", after: nil))
        let decoded = try Locator(jsonString: locator.jsonString())
        #expect(decoded == locator)
    }

    @Test func keyOrderIsStable() {
        let locator = Locator(href: "a", type: "text/plain", locations: .init(progression: 0.5, offset: 3))
        #expect(locator.jsonString() ==
                #"{"href":"a","locations":{"offset":3,"progression":0.5},"type":"text/plain"}"#)
    }

    @Test func keepsUnknownKeysFromOtherReaders() throws {
        let readium = ##"{"href":"OEBPS/ch03.xhtml","type":"application/xhtml+xml","locations":{"progression":0.42,"cssSelector":"#p7","domRange":{"start":{"offset":3}}},"text":{"highlight":"x"}}"##
        let locator = try Locator(jsonString: readium)
        #expect(locator.locations.progression == 0.42)
        #expect(locator.locations.otherLocations["cssSelector"] == .string("#p7"))
        let again = try Locator(jsonString: locator.jsonString())
        #expect(again == locator)
        #expect(locator.jsonString().contains(#""domRange":{"start":{"offset":3}}"#))
    }

    @Test(arguments: ["", "{", "[]", #"{"type":"text/plain"}"#, #"{"href":"a","type":"b","locations":{"offset":"x"}}"#])
    func rejectsBadJSON(text: String) {
        #expect(throws: ReaderError.self) { try Locator(jsonString: text) }
    }
}

@Suite struct SourceOffsetPositionBoundsTests {
    @Test(arguments: [Int.max, Int.min, 0, -1, 3])
    func positionsOutsideTheTextAreInvalidLocators(position: Int) {
        let locator = Locator(href: "a.txt", type: "text/plain", locations: .init(position: position))
        #expect(throws: ReaderError.self) { _ = try SourceOffsetLocating.sourceOffset(of: locator, sourceLength: 2000) }
    }

    @Test func theLastPositionStillResolves() throws {
        let locator = Locator(href: "a.txt", type: "text/plain", locations: .init(position: 2))
        #expect(try SourceOffsetLocating.sourceOffset(of: locator, sourceLength: 2000) == 1024)
    }
}
