import ReaderCore
import ReaderMarkdown
import Testing

@Suite("GitHub alerts and badge titles")
struct GitHubAlertTests {
    @Test("an alert's marker becomes its label; the rest keeps its source offsets")
    func alertsAreLabelled() throws {
        let source = "# Notes\n\n> [!NOTE]\n> Useful information.\n\n> [!warning]\n> Careful *here*.\n\n> [!NOTE] is just a quote later.\n> [!TIP]\n"
        let document = try Fixture.open(source)
        let blocks = try document.content(ofSection: 0).blocks
        #expect(blocks.map(\.text) == ["Notes", "Note: Useful information.", "Warning: Careful here.",
                                       "[!NOTE] is just a quote later. [!TIP]"])
        let units = Array(source.utf16)
        for block in blocks[1...2] {
            // The label is made text; only its first character is anchored, at the quote's start.
            #expect(SourceCheck.mismatches(in: block, source: units) == [0], "\(block.text)")
            #expect(block.sourceMap.runs.first.map { $0.textStart == 0 && $0.length == 1 } == true)
            #expect(block.runs.contains { $0.style == .strong && $0.range.lowerBound == 0 })
        }
        let useful = try #require(blocks[1].text.utf16.firstIndex(of: "U".utf16.first!))
        let offset = blocks[1].text.utf16.distance(from: blocks[1].text.utf16.startIndex, to: useful)
        let sourceOffset = try #require(blocks[1].sourceMap.sourceOffset(forTextOffset: offset))
        #expect(Array(units[sourceOffset..<sourceOffset + 6]) == Array("Useful".utf16))
        #expect(try SourceCheck.roundTripFailures(document).isEmpty)
    }

    @Test("a quote that does not start with a marker is left as it is")
    func plainQuotes() throws {
        let blocks = try Fixture.open("> Some [!NOTE] inside.\n\n> [!NOTEWORTHY] not an alert\n").content(ofSection: 0).blocks
        #expect(blocks.map(\.text) == ["Some [!NOTE] inside.", "[!NOTEWORTHY] not an alert"])
    }

    @Test("a heading's badges are no part of the title")
    func badgesLeftOutOfTitles() throws {
        let document = try Fixture.open("# reader ![CI](https://example.com/badge.svg) ![license](l.svg)\n\nText.\n\n## ![logo](logo.png)\n")
        #expect(document.metadata.title == "reader")
        let toc = try document.tableOfContents()
        #expect(toc.map(\.title) == ["reader"])
        #expect(toc.first?.children.map(\.title) == ["logo"], "a heading of nothing but a picture keeps its text")
    }
}
