import ReaderCore
import ReaderRendering
import ReaderXML
import Testing

/// Hostile and awkward content rendered as HTML: nothing runs, nothing loads, everything escapes.
@Suite("HTML rendering is sanitized")
struct HTMLSanitizingTests {
    private let sections = [
        Section(index: 0, href: "text/one.xhtml", mediaType: "application/xhtml+xml"),
        Section(index: 1, href: "text/two.xhtml", mediaType: "application/xhtml+xml"),
    ]

    private func render(_ blocks: [Block], section: Int = 0, resourceBase: String = "") -> String {
        var renderer = HTMLRenderer(sections: sections, resourceBase: resourceBase)
        return renderer.render(SectionContent(blocks: blocks), of: sections[section])
    }

    private func paragraph(_ text: String, runs: [InlineRun] = [], anchorID: String? = nil) -> Block {
        Block(kind: .paragraph, text: text, sourceMap: SourceMap(), anchorID: anchorID, runs: runs)
    }

    @Test("markup and terminal escapes in the text are escaped or dropped")
    func textIsEscaped() throws {
        let html = render([paragraph("<script>alert(1)</script> & \u{1B}[31mred\u{07}")])
        #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt; &amp; [31mred"))
        #expect(!html.contains("<script"))
        #expect(!html.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 })
        _ = try MarkupDocument.parse(Array(html.utf8), syntax: .xml, name: "page")
    }

    @Test("links lead only to web and mail URLs or to ids on the page")
    func links() {
        let text = "bad good mail next back"
        let html = render([paragraph(text, runs: [
            InlineRun(.link(.external("javascript:alert(1)")), range: 0..<3),
            InlineRun(.link(.external("https://example.org/?a=1&b=\"2\"")), range: 4..<8),
            InlineRun(.link(.external("mailto:someone@example.org")), range: 9..<13),
            InlineRun(.link(.resource(href: "text/two.xhtml", fragment: "n 1")), range: 14..<18),
            InlineRun(.noteReference(.resource(href: "", fragment: nil)), range: 19..<23),
        ])])
        #expect(html.contains("<a>bad</a>"))
        #expect(html.contains(#"<a href="https://example.org/?a=1&amp;b=&quot;2&quot;" rel="noopener noreferrer nofollow">good</a>"#))
        #expect(html.contains(#"<a href="mailto:someone@example.org" rel="noopener noreferrer nofollow">mail</a>"#))
        #expect(html.contains(##"<a href="#s1-n_1">next</a>"##))
        #expect(html.contains(##"<a href="#s0" role="doc-noteref">back</a>"##))
        #expect(!html.contains("javascript"))
    }

    @Test("a link given as a Locator leads to the section the Locator resolves in")
    func locatorLinks() {
        let page2 = Locator(href: "book.pdf", type: "application/pdf", locations: Locator.Locations(fragments: ["page=2"]))
        var renderer = HTMLRenderer(sections: sections) { $0.locations.fragments == ["page=2"] ? 1 : nil }
        let html = renderer.render(SectionContent(blocks: [
            paragraph("see page two", runs: [InlineRun(.link(.locator(page2)), range: 4..<12)]),
        ]), of: sections[0])
        #expect(html.contains(##"see <a href="#s1">page two</a>"##))
        var unresolved = HTMLRenderer(sections: sections)
        #expect(unresolved.render(SectionContent(blocks: [
            paragraph("see page two", runs: [InlineRun(.link(.locator(page2)), range: 4..<12)]),
        ]), of: sections[0]).contains("see <a>page two</a>"))
    }

    @Test("images point at the document's resources, never outside it")
    func images() {
        func image(_ href: String) -> Block {
            Block(kind: .image(source: href), text: "alt \"x\"", sourceMap: SourceMap(),
                  runs: [InlineRun(.image(ImageReference(href: href, alternativeText: "alt \"x\"", width: 30)), range: 0..<7)])
        }
        let html = render([image("images/a b.png"), image("kindle:embed:0001"), image("https://tracker.example/p.gif"),
                           image("//cdn.example/x.png"), image("data:image/png;base64,AAAA")], resourceBase: "/r/")
        #expect(html.contains(#"<img src="/r/images/a%20b.png" alt="alt &quot;x&quot;" width="30"/>"#))
        #expect(html.contains(#"<img src="/r/./kindle:embed:0001""#))
        #expect(!html.contains("tracker") && !html.contains("cdn.example") && !html.contains("data:"))
        #expect(html.components(separatedBy: "<img ").count == 3)
    }

    @Test("element ids are written once, prefixed by their section, and link targets use the same form")
    func ids() {
        let html = render([paragraph("one", anchorID: "a"), paragraph("two", anchorID: "a"), paragraph("three", anchorID: "b")],
                          section: 1)
        #expect(html.hasPrefix("<section id=\"s1\">"))
        #expect(html.components(separatedBy: "id=\"s1-a\"").count == 2)
        #expect(html.contains("<p id=\"s1-b\">three</p>"))
    }

    @Test("nested lists, quotes and tables come out well-formed")
    func structure() throws {
        let blocks = [
            Block(kind: .listItem(marker: "1."), text: "first", sourceMap: SourceMap(), listDepth: 1),
            Block(kind: .listItem(marker: "•"), text: "inner", sourceMap: SourceMap(), listDepth: 2),
            Block(kind: .paragraph, text: "more of inner", sourceMap: SourceMap(), listDepth: 2),
            Block(kind: .listItem(marker: "2."), text: "second", sourceMap: SourceMap(), listDepth: 1),
            Block(kind: .quote, text: "quoted", sourceMap: SourceMap(), quoteDepth: 2),
            Block(kind: .paragraph, text: "a | b", sourceMap: SourceMap(), tableRows: [
                TableRow(cells: [TableCell(text: "a", isHeader: true), TableCell(text: "b", isHeader: true)],
                         isFirstRow: true, isHeader: true),
            ]),
            Block(kind: .paragraph, text: "1 | 2", sourceMap: SourceMap(), tableRows: [
                TableRow(cells: [TableCell(text: "1", runs: [InlineRun(.strong, range: 0..<1)]), TableCell(text: "2")],
                         isFirstRow: false),
            ]),
        ]
        let html = render(blocks)
        #expect(html == """
            <section id="s0">
            <ol>
            <li value="1">first
            <ul>
            <li>inner
            <p>more of inner</p>
            </li>
            </ul>
            </li>
            <li value="2">second
            </li>
            </ol>
            <blockquote>
            <blockquote>
            <p>quoted</p>
            </blockquote>
            </blockquote>
            <table>
            <tr><th>a</th><th>b</th></tr>
            <tr><td><strong>1</strong></td><td>2</td></tr>
            </table>
            </section>

            """)
        _ = try MarkupDocument.parse(Array(html.utf8), syntax: .xml, name: "page")
    }
}
