import Foundation
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
        #expect(locator.locations.cssSelector == "#p7")
        #expect(locator.locations.otherLocations["domRange"] != nil)
        let again = try Locator(jsonString: locator.jsonString())
        #expect(again == locator)
        #expect(locator.jsonString().contains(#""domRange":{"start":{"offset":3}}"#))
    }

    /// Written the way Readium apps write them: a legacy single `fragment`, an href with a
    /// fragment, `partialCfi`, `cssSelector`, and keys of their own at every level.
    @Test func readsReadiumAppLocators() throws {
        let written = ##"""
        {"href":"/OEBPS/ch03.xhtml#p7","type":"application/xhtml+xml","title":"Chapter 3",
         "locations":{"fragment":"page7","progression":0.42,"totalProgression":0.17,"position":57,
                      "partialCfi":"/4/2/14:120","cssSelector":"body > p:nth-child(3)","other":[1,"two",null]},
         "text":{"before":"It was ","highlight":"a dark night","after":" and","lang":"en"},
         "created":1700000000,"readingSession":{"device":"e-ink"}}
        """##
        let locator = try Locator(jsonString: written)
        #expect(locator.href == "/OEBPS/ch03.xhtml")
        #expect(locator.locations.fragments == ["p7", "page7"])
        #expect(locator.locations.partialCFI == "/4/2/14:120")
        #expect(locator.locations.cssSelector == "body > p:nth-child(3)")
        #expect(locator.locations.otherLocations == ["other": .array([.number(1), .string("two"), .null])])
        #expect(locator.text?.otherKeys == ["lang": .string("en")])
        #expect(locator.otherKeys["created"] == .number(1_700_000_000))
        #expect(locator.otherKeys["readingSession"] == .object(["device": .string("e-ink")]))
        #expect(try Locator(jsonString: locator.jsonString()) == locator)
    }

    /// A Locator in today's Readium form comes back as the same JSON object, key for key.
    @Test func writesBackWhatItRead() throws {
        let written = ##"{"href":"publication.pdf","type":"application/pdf","locations":{"fragments":["page=5"],"position":5,"progression":0,"totalProgression":0.0625,"partialCfi":"/4/2:0","cssSelector":"#p7","fingerprint":"pdf:x:1","x-app":{"zoom":1.5}},"text":{"highlight":"Page five"},"x-top":true}"##
        let again = try Locator(jsonString: written).jsonString()
        let original = try JSONSerialization.jsonObject(with: Data(written.utf8)) as? NSDictionary
        let rewritten = try JSONSerialization.jsonObject(with: Data(again.utf8)) as? NSDictionary
        #expect(original != nil)
        #expect(original == rewritten)
    }

    @Test func fragmentsMayBeASingleString() throws {
        let locator = try Locator(jsonString: #"{"href":"a","type":"b","locations":{"fragments":"page=3"}}"#)
        #expect(locator.locations.fragments == ["page=3"])
        #expect(locator.jsonString().contains(#""fragments":["page=3"]"#))
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
