import ReaderCore
import ReaderMarkdown
import Testing

@Suite("Source maps point into the Markdown source")
struct SourceMapTests {
    /// Opens the text and checks every mapped character against the source; returns the blocks.
    @discardableResult
    private func checked(_ markdown: String, fullCoverage: Bool = true,
                         sourceLocation: SourceLocation = #_sourceLocation) throws -> [Block] {
        let document = try Fixture.open(markdown)
        let blocks = try document.content(ofSection: 0).blocks
        let source = Array(markdown.utf16)
        for block in blocks {
            #expect(SourceCheck.mismatches(in: block, source: source).isEmpty, "\(block.summary)",
                    sourceLocation: sourceLocation)
            if fullCoverage {
                #expect(SourceCheck.coverage(of: block) == 1, "\(block.summary)", sourceLocation: sourceLocation)
            }
        }
        #expect(try SourceCheck.roundTripFailures(document).isEmpty, sourceLocation: sourceLocation)
        return blocks
    }

    @Test("paragraphs, emphasis, links and code spans", arguments: [
        "Hello *world* and **more** text.",
        "A [link with *em*](https://example.com/path \"title\") then `code span` and ~~strike~~.",
        "Line one\nline two with _under_ score\nand three.",
        "Trailing link [x](http://a.b/c) end",
        "Autolink https://example.com/x and www.example.org here.",
    ])
    func inlineText(markdown: String) throws {
        try checked(markdown)
    }

    @Test("headings, lists, quotes and code")
    func structure() throws {
        try checked("""
            # Heading *one*

            Setext heading
            ==============

            - item one
              continued
            - [x] task item
              1. nested ordered
              2. second

            > quoted *text*
            > lazy continuation is
            not prefixed

            ```swift
            let x = 1
              indented()
            ```

                indented code
            """)
    }

    @Test("tables map each cell to its source")
    func tables() throws {
        let blocks = try checked("| Name | Value |\n| ---- | ----: |\n| *a* | `1` |\n| 中文 | [b](u) |\n")
        let table = blocks[0]
        let text = Array(table.text.utf16)
        let source = Array("| Name | Value |\n| ---- | ----: |\n| *a* | `1` |\n| 中文 | [b](u) |\n".utf16)
        // The "中" of the last row maps to the "中" in the source.
        let cjk = try #require(text.firstIndex(of: "中".utf16.first!))
        let offset = try #require(table.sourceMap.sourceOffset(forTextOffset: cjk))
        #expect(source[offset] == "中".utf16.first!)
    }

    @Test("CJK and astral characters")
    func cjkText() throws {
        try checked("# 标题 🎉\n\n中文段落，包含**强调**和`代码`。\n𠀀 extension B and emoji 👋 here.")
    }

    @Test("entities and escapes stay anchored without false runs")
    func entities() throws {
        let blocks = try checked("Caf&eacute; &amp; bar \\* baz &mdash; end", fullCoverage: false)
        #expect(blocks[0].text == "Café & bar * baz — end")
        #expect(SourceCheck.coverage(of: blocks[0]) > 0.8)
    }

    @Test("CRLF line endings and a byte order mark")
    func lineEndings() throws {
        let crlf = "# Title\r\n\r\nFirst line\r\nsecond line\r\n\r\n```\r\ncode\r\nmore\r\n```\r\n"
        let blocks = try checked(crlf)
        #expect(blocks.map(\.text) == ["Title", "First line second line", "code\nmore"])

        let markdown = "# Über\n\nText"
        let document = try Fixture.open(bytes: [0xEF, 0xBB, 0xBF] + Array(markdown.utf8))
        let content = try document.content(ofSection: 0).blocks
        #expect(content[1].sourceMap.sourceOffset(forTextOffset: 0) == 8)
        #expect(document.details.contains { $0 == ("byte order mark", "yes") })
    }
}
