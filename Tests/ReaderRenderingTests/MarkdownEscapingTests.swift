import Foundation
import ReaderCore
import ReaderMarkdown
import ReaderRendering
import ReaderTestSupport
import Testing

/// Text that looks like Markdown stays text, and runs become Markdown that cmark-gfm reads back.
@Suite("Markdown rendering")
struct MarkdownEscapingTests {
    private func render(_ blocks: [Block]) -> String {
        var renderer = MarkdownRenderer()
        return renderer.render(SectionContent(blocks: blocks))
    }

    /// Renders, reads the Markdown back through the Markdown backend, and returns its blocks.
    private func reread(_ blocks: [Block]) throws -> [Block] {
        let markdown = render(blocks)
        return try withTemporaryDirectory(prefix: "reader-md-render") { folder in
            let path = folder.appendingPathComponent("doc.md").path
            try Data(markdown.utf8).write(to: URL(fileURLWithPath: path))
            return try MarkdownBackend().open(path: path, format: .markdown, options: OpenOptions()).content(ofSection: 0).blocks
        }
    }

    @Test("text that would open a heading, a list, a quote, code or emphasis is kept as text", arguments: [
        "# not a heading", "1. not a list", "- not a bullet", "> not a quote", "*not emphasis* and _not_ either",
        "`not code`", "[not](a link)", "<b>not html</b>", "a | b | c", "~~kept~~", "&amp; stays", "    not code",
        "+ plus", "= equals", "3) three", "back\\slash",
    ])
    func literalText(text: String) throws {
        let blocks = try reread([Block(kind: .paragraph, text: text, sourceMap: SourceMap())])
        #expect(blocks.map(\.kind) == [.paragraph])
        #expect(blocks.map(\.text) == [text.trimmingCharacters(in: .whitespaces)])
        #expect(blocks[0].runs.isEmpty)
    }

    @Test("runs become emphasis, strong, code, strikethrough and links that read back as the same runs")
    func runsRoundTrip() throws {
        let text = "an emphasised and strong word with code, gone and a link"
        func range(_ word: String) -> Range<Int> {
            let start = text.utf16.count - (text.components(separatedBy: word).dropFirst().joined(separator: word).utf16.count + word.utf16.count)
            return start..<(start + word.utf16.count)
        }
        let runs = [
            InlineRun(.emphasis, range: range("emphasised")), InlineRun(.strong, range: range("strong word")),
            InlineRun(.code, range: range("code")), InlineRun(.strikethrough, range: range("gone")),
            InlineRun(.link(.external("https://example.org/a b")), range: range("a link")),
        ]
        let blocks = try reread([Block(kind: .paragraph, text: text, sourceMap: SourceMap(), runs: runs)])
        #expect(blocks.map(\.text) == [text])
        #expect(blocks.first?.runs == runs)
    }

    @Test("overlapping runs are split into nested ones; runs give up spaces at their edges")
    func overlapping() throws {
        let text = "one two three four"
        let runs = [InlineRun(.emphasis, range: 0..<8), InlineRun(.strong, range: 4..<13)]
        let markdown = render([Block(kind: .paragraph, text: text, sourceMap: SourceMap(), runs: runs)])
        #expect(markdown == "*one **two*** **three** four\n")
        let blocks = try reread([Block(kind: .paragraph, text: text, sourceMap: SourceMap(), runs: runs)])
        #expect(blocks.map(\.text) == [text])
    }

    @Test("forced line breaks, nested list items and quotes keep their shape")
    func structure() throws {
        let blocks = [
            Block(kind: .paragraph, text: "line one\nline two", sourceMap: SourceMap()),
            Block(kind: .listItem(marker: "1."), text: "first", sourceMap: SourceMap(), listDepth: 1),
            Block(kind: .listItem(marker: "•"), text: "inner", sourceMap: SourceMap(), listDepth: 2),
            Block(kind: .quote, text: "quoted", sourceMap: SourceMap(), quoteDepth: 1),
            Block(kind: .preformatted, text: "let x = `y`\n```", sourceMap: SourceMap()),
        ]
        let reread = try reread(blocks)
        #expect(reread.map(\.kind) == [.paragraph, .listItem(marker: "1."), .listItem(marker: "•"), .quote, .preformatted])
        #expect(reread.map(\.text) == blocks.map(\.text))
        #expect(reread.map(\.listDepth) == [0, 1, 2, 0, 0])
    }
}
