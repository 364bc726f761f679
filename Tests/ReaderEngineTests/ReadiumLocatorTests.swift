import Foundation
import ReaderCore
import ReaderEngine
import Testing

/// Locators in the forms Readium apps write them resolve where ours do, and a Locator stamped
/// with one book's fingerprint is refused by another.
@Suite("Readium Locators")
struct ReadiumLocatorTests {
    static let epub = TestPaths.testBooks + "/epub/lighthouse-keeper.epub"

    /// Page starts at a small viewport: positions spread over every chapter.
    static func pageStarts(of document: any Document) throws -> [TextPosition] {
        let paginator = Paginator(document: document, viewport: try Viewport(columns: 50, rows: 16))
        return paginator.pages().map(\.start)
    }

    @Test func aPartialCFIAloneResolvesLikeTheFullOne() throws {
        let document = try ReaderEngine.standard.open(path: Self.epub)
        let starts = try Self.pageStarts(of: document)
        #expect(starts.count > 20)
        for start in starts {
            let ours = try document.locator(at: start)
            let partial = try #require(ours.locations.partialCFI)
            #expect(ours.locations.cfi?.hasSuffix("!" + partial) == true)
            let readium = Locator(href: ours.href, type: ours.type, locations: .init(partialCFI: partial))
            #expect(try document.textPosition(for: readium) == document.textPosition(for: ours))
        }
    }

    @Test func anIDSelectorResolvesLikeTheFragment() throws {
        let document = try ReaderEngine.standard.open(path: Self.epub)
        let href = document.readingOrder[4].href
        let byFragment = Locator(href: href, type: "application/xhtml+xml", locations: .init(fragments: ["chapter-3-title"]))
        let bySelector = Locator(href: href, type: "application/xhtml+xml", locations: .init(cssSelector: "#chapter-3-title"))
        let position = try document.textPosition(for: bySelector)
        #expect(position == (try document.textPosition(for: byFragment)))
        #expect(try document.locator(at: position).text?.highlight?.hasPrefix("Chapter III") == true)
    }

    @Test func aSelectorThatIsNotABareIDFallsBackToTheProgression() throws {
        let document = try ReaderEngine.standard.open(path: Self.epub)
        let href = document.readingOrder[4].href
        let plain = Locator(href: href, type: "application/xhtml+xml", locations: .init(progression: 0.5))
        var styled = plain
        styled.locations.cssSelector = "body > p:nth-child(3)"
        #expect(try document.textPosition(for: styled) == document.textPosition(for: plain))
    }

    @Test func anHrefWithAFragmentResolvesToTheElement() throws {
        let document = try ReaderEngine.standard.open(path: Self.epub)
        let href = document.readingOrder[4].href
        let legacy = try Locator(jsonString: #"{"href":"\#(href)#chapter-3-title","type":"application/xhtml+xml","locations":{}}"#)
        let position = try document.textPosition(for: legacy)
        #expect(try document.locator(at: position).text?.highlight?.hasPrefix("Chapter III") == true)
    }

    @Test func aFingerprintedLocatorIsRefusedByAnotherBook() throws {
        let lighthouse = try ReaderEngine.standard.open(path: Self.epub)
        let moon = try ReaderEngine.standard.open(path: TestPaths.testBooks + "/epub/moon-garden.epub")
        let start = try #require(try Self.pageStarts(of: lighthouse).dropFirst(5).first)
        let stamped = try lighthouse.fingerprintedLocator(at: start)
        #expect(stamped.locations.fingerprint == (try lighthouse.fingerprint().description))
        #expect(try lighthouse.resolve(stamped) == start)
        #expect(try lighthouse.resolve(Locator(jsonString: stamped.jsonString())) == start)
        let error = #expect(throws: ReaderError.self) { try moon.resolve(stamped) }
        #expect(error?.kind == .otherDocument)
    }
}
