import ReaderCore
import ReaderMarkdown
import Testing

@Suite("Markdown inline runs")
struct MarkdownInlineRunTests {
    private func blocks(_ markdown: String) throws -> [Block] {
        try Fixture.open(markdown).content(ofSection: 0).blocks
    }

    /// `style[covered text]` for each run of a block.
    private func described(_ block: Block) -> [String] {
        let units = Array(block.text.utf16)
        return block.runs.map { run in
            let covered = String(decoding: units[run.range], as: UTF16.self)
            switch run.style {
            case .emphasis: return "em[\(covered)]"
            case .strong: return "strong[\(covered)]"
            case .code: return "code[\(covered)]"
            case .strikethrough: return "s[\(covered)]"
            case .link(let target): return "link(\(target))[\(covered)]"
            case .image(let image): return "img(\(image.href), \(image.alternativeText))[\(covered)]"
            default: return "other[\(covered)]"
            }
        }
    }

    @Test("cmark's emphasis, strong, strikethrough, code, links and images become runs")
    func inlineNodes() throws {
        let result = try blocks("Some *em*, **strong**, ~~gone~~, `code`, [a *link*](https://x.y \"t\"), ![icon](i.png).")
        #expect(result.count == 1)
        #expect(result[0].text == "Some em, strong, gone, code, a link, icon.")
        #expect(described(result[0]) == [
            "em[em]", "strong[strong]", "s[gone]", "code[code]", #"link(external("https://x.y"))[a link]"#,
            "em[link]", "img(i.png, icon)[icon]",
        ])
    }

    @Test("relative links are resources of the document, with their fragment")
    func relativeLinks() throws {
        let result = try blocks("[next](chapter-2.md#start) and [here](#top)")
        #expect(result[0].runs.map(\.style) == [
            .link(.resource(href: "chapter-2.md", fragment: "start")), .link(.resource(href: "", fragment: "top")),
        ])
    }

    @Test("a paragraph that is one image is an image block with an image run over its alt text")
    func soleImage() throws {
        let result = try blocks("Text\n\n![A *fine* map](maps/m.png)\n")
        #expect(result.map(\.text) == ["Text", "A fine map"])
        #expect(result[1].runs == [
            InlineRun(.image(ImageReference(href: "maps/m.png", alternativeText: "A fine map")), range: 0..<10),
        ])
    }

    @Test("a GFM table keeps its rows and cells beside the aligned text")
    func table() throws {
        let result = try blocks("| Name | Age |\n|:-----|----:|\n| **Ann** | 31 |\n| Bob | 4 |\n")
        #expect(result.count == 1)
        let rows = result[0].tableRows
        #expect(rows.map { $0.cells.map(\.text) } == [["Name", "Age"], ["Ann", "31"], ["Bob", "4"]])
        #expect(rows.map(\.isHeader) == [true, false, false])
        #expect(rows.map(\.isFirstRow) == [true, false, false])
        #expect(rows[1].cells[0].runs == [InlineRun(.strong, range: 0..<3)])
    }

    @Test("GitHub footnotes: references to defined labels link to their definition, whose paragraph takes the id; text stays as written")
    func footnotes() throws {
        let result = try blocks("""
            A claim[^1] and `code [^1]` and [^none].

            [^1]: The first note, citing[^long-note].

            Middle.

            [^long-note]: Never mind [^1].
            """)
        #expect(result.map(\.text) == [
            "A claim[^1] and code [^1] and [^none].", "[^1]: The first note, citing[^long-note].", "Middle.",
            "[^long-note]: Never mind [^1].",
        ])
        #expect(described(result[0]) == ["other[[^1]]", "code[code [^1]]"])
        #expect(result[0].runs.first?.style == .noteReference(.resource(href: "", fragment: "fn-1")))
        #expect(result[1].runs.map(\.style) == [.noteReference(.resource(href: "", fragment: "fn-long-note"))])
        #expect(result.map(\.anchorID) == [nil, "fn-1", "fn-1", "fn-long-note"])
        #expect(result[3].runs.map(\.range) == [25..<29])
    }
}
