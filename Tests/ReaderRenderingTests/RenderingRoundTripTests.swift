import Foundation
import ReaderCore
import ReaderEngine
import ReaderHTML
import ReaderMarkdown
import ReaderRendering
import ReaderTestSupport
import ReaderXML
import Testing

/// Books of every format, rendered as Markdown and as HTML, and read back by cmark-gfm and libxml2.
@Suite("Rendering round trips")
struct RenderingRoundTripTests {
    static let books = [
        "epub/lighthouse-keeper.epub", "epub/moon-garden.epub", "epub/winter-road-fixed.epub",
        "mobi/lighthouse-keeper.mobi", "mobi/lighthouse-keeper.azw3", "mobi/moon-garden-both.mobi",
        "md/field-notes.md", "md/plain-readme.md", "md/cjk-notes.md", "txt/lighthouse-keeper.txt",
        "txt/winter-road.ru.txt", "pdf/harbour-lights.pdf", "pdf/two-columns.pdf",
    ]

    /// Corpus books with rich markup (nested lists, tables, notes, images), when the corpus is here.
    static let corpusBooks = ["epub/childrens-literature.epub", "epub/moby-dick_epub3.epub", "epub/pg11_alice_epub2.epub", "epub/wasteland.epub", "epub/indexing-for-eds-and-auths.epub"]
        .filter { FileManager.default.fileExists(atPath: TestLocation.corpus.appendingPathComponent($0).path) }

    @Test("Markdown parses back with cmark-gfm to the same words", arguments: books)
    func markdownWords(book: String) throws {
        let document = try ReaderEngine.standard.open(path: TestLocation.testBooks.appendingPathComponent(book).path)
        try checkMarkdown(document)
    }

    @Test("Markdown of corpus books parses back to the same words", arguments: corpusBooks)
    func corpusMarkdownWords(book: String) throws {
        let document = try ReaderEngine.standard.open(path: TestLocation.corpus.appendingPathComponent(book).path)
        try checkMarkdown(document)
    }

    @Test("HTML is well-formed, one section per reading-order section, and reads back to the same words",
          arguments: books)
    func htmlWords(book: String) throws {
        let document = try ReaderEngine.standard.open(path: TestLocation.testBooks.appendingPathComponent(book).path)
        try checkHTML(document)
    }

    @Test("HTML of corpus books is well-formed and reads back to the same words", arguments: corpusBooks)
    func corpusHTMLWords(book: String) throws {
        let document = try ReaderEngine.standard.open(path: TestLocation.corpus.appendingPathComponent(book).path)
        try checkHTML(document)
    }

    // MARK: Checks

    private func checkMarkdown(_ document: any Document) throws {
        var markdown = ""
        var pieces = 0
        try DocumentRendering.render(document, as: .markdown) { markdown += $0; pieces += 1 }
        #expect(pieces >= 1)
        try withTemporaryDirectory(prefix: "reader-render") { folder in
            let path = folder.appendingPathComponent("rendered.md").path
            try Data(markdown.utf8).write(to: URL(fileURLWithPath: path))
            let reread = try MarkdownBackend().open(path: path, format: .markdown, options: OpenOptions())
            let expected = try Self.words(of: document)
            let actual = try Self.words(of: reread)
            #expect(!expected.isEmpty)
            #expect(actual == expected, "first difference at word \(Self.firstDifference(actual, expected))")
        }
    }

    private func checkHTML(_ document: any Document) throws {
        var html = ""
        var pieces = 0
        try DocumentRendering.render(document, as: .html) { html += $0; pieces += 1 }
        #expect(pieces == document.readingOrder.count + 2)
        // Strict XML parsing fails on the first error, so this is a well-formedness check.
        let parsed = try MarkupDocument.parse(Array(html.utf8), syntax: .xml, name: "rendered.html")
        let sections = parsed.root?.descendants(named: "section") ?? []
        #expect(sections.count == document.readingOrder.count)
        #expect(!html.contains("<script"))
        let blocks = HTMLBlockConverter(options: HTMLConversionOptions()).convert(parsed).blocks
        let actual = blocks.flatMap { PositionWords.words(of: $0.text) }
        let expected = try Self.words(of: document)
        #expect(actual == expected, "first difference at word \(Self.firstDifference(actual, expected))")
    }

    static func words(of document: any Document) throws -> [String] {
        var words: [String] = []
        for section in document.readingOrder {
            for block in try document.content(ofSection: section.index).blocks {
                words += PositionWords.words(of: block.text)
            }
        }
        return words
    }

    static func firstDifference(_ left: [String], _ right: [String]) -> String {
        let index = zip(left, right).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(left.count, right.count)
        let around = { (words: [String]) in words[max(0, index - 5)..<min(words.count, index + 5)].joined(separator: " ") }
        return "\(index): ours «\(around(left))» vs expected «\(around(right))»"
    }
}

extension MarkupElement {
    /// Every element below this one with the given local name, in document order.
    fileprivate func descendants(named name: String) -> [MarkupElement] {
        var found: [MarkupElement] = []
        for child in elements {
            if child.name == name { found.append(child) }
            found += child.descendants(named: name)
        }
        return found
    }
}
