import Foundation
import ReaderCore
import ReaderEngine
import ReaderTerminal
import ReaderTestSupport
import Testing

@Suite("PageStyler")
struct PageStylerTests {
    /// A Markdown book written for the test, paged at 60×20.
    private func paged(_ markdown: String) throws -> (any Document, Page) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("styler-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("book.md").path
        try markdown.write(toFile: path, atomically: true, encoding: .utf8)
        let document = try ReaderEngine.standard.open(path: path)
        return (document, try Paginator(document: document, viewport: try Viewport(columns: 60, rows: 20)).page(1))
    }

    private func blocks(of document: any Document) -> (Int, Int) -> Block? {
        { section, block in try? document.content(ofSection: section).blocks[block] }
    }

    /// The attributes of the first occurrence of `text` on the lines.
    private func attributes(of text: String, in lines: [ScreenLine]) -> [TextAttributes] {
        for line in lines {
            for run in line.runs where run.text.contains(text) { return [run.attributes] }
        }
        return []
    }

    @Test("headings bold, emphasis italic, strong bold, code dim, links underlined; the text is the page's own")
    func richText() throws {
        let (document, page) = try paged("# The Title\n\nPlain *leaning* and **heavy** with `code` and a [link](https://example.org) here.\n")
        let lines = PageStyler.lines(of: page, blocks: blocks(of: document), columns: 60, unicode: true)
        #expect(lines.map(\.text) == page.lines)
        #expect(attributes(of: "The Title", in: lines).first?.bold == true)
        #expect(attributes(of: "leaning", in: lines).first == TextAttributes(italic: true))
        #expect(attributes(of: "heavy", in: lines).first == TextAttributes(bold: true))
        #expect(attributes(of: "code", in: lines).first == TextAttributes(dim: true))
        #expect(attributes(of: "link", in: lines).first == TextAttributes(underline: true))
        #expect(attributes(of: "Plain", in: lines).first == .plain)
    }

    @Test("marks: search hits reversed, highlights in their colour; hints drawn over a link's first characters")
    func marksAndHints() throws {
        let (document, page) = try paged("Find the needle in this haystack, then [follow](#x) on.\n")
        let block = try #require(document.content(ofSection: 0).blocks.first)
        let text = block.text as NSString
        let needle = text.range(of: "needle"), hay = text.range(of: "haystack"), follow = text.range(of: "follow")
        func position(_ offset: Int) -> TextPosition { TextPosition(section: 0, block: 0, offset: offset) }
        let marks = [PageMark(position(needle.location)..<position(needle.location + needle.length), TextAttributes(reverse: true)),
                     PageMark(position(hay.location)..<position(hay.location + hay.length), TextAttributes(highlight: .green))]
        let lines = PageStyler.lines(of: page, blocks: blocks(of: document), marks: marks,
                                     hints: [PageHint(position: position(follow.location), label: "1")], columns: 60, unicode: true)
        #expect(attributes(of: "needle", in: lines).first == TextAttributes(reverse: true))
        #expect(attributes(of: "haystack", in: lines).first == TextAttributes(highlight: .green))
        #expect(lines[0].text.contains("1ollow"))
        #expect(attributes(of: "1", in: lines).first == TextAttributes(bold: true, reverse: true))
    }

    @Test("a page of the TXT TestBook is drawn as reader's pages are, plain")
    func plainText() throws {
        let document = try ReaderEngine.standard.open(path: TestLocation.testBooks.appendingPathComponent("txt/lighthouse-keeper.txt").path)
        let page = try Paginator(document: document, viewport: try Viewport(columns: 80, rows: 23)).page(2)
        let lines = PageStyler.lines(of: page, blocks: blocks(of: document), columns: 80, unicode: true)
        #expect(lines.map(\.text) == page.lines)
        #expect(lines.allSatisfy { $0.runs.allSatisfy { $0.attributes == .plain } })
    }
}
