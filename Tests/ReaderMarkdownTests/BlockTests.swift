import ReaderCore
import ReaderMarkdown
import Testing

@Suite("Markdown blocks and GFM")
struct BlockTests {
    private func blocks(_ markdown: String) throws -> [Block] {
        try Fixture.open(markdown).content(ofSection: 0).blocks
    }

    @Test("headings, paragraphs, rules and spacing")
    func basicBlocks() throws {
        let result = try blocks("# Title\n\nSetext *two*\n------------\n\nA paragraph\nwrapped.\n\n---\n\nLast  \nline")
        #expect(result.map(\.kind) == [.heading(level: 1), .heading(level: 2), .paragraph, .rule, .paragraph])
        #expect(result.map(\.text) == ["Title", "Setext two", "A paragraph wrapped.", "", "Last\nline"])
        #expect(result.map(\.spacingBefore) == [0, 1, 1, 1, 1])
        #expect(result.map(\.anchorID) == ["title", "setext-two", "setext-two", "setext-two", "setext-two"])
    }

    @Test("inline markup renders as its text")
    func inlines() throws {
        let result = try blocks("Some *em*, **strong**, ~~gone~~, `code`, [a link](https://x.y \"t\"), <b>html</b> &amp; &copy; \\* ![icon](i.png).")
        #expect(result.count == 1)
        #expect(result[0].text == "Some em, strong, gone, code, a link, html & © * icon.")
    }

    @Test("GFM autolinks show the URL")
    func autolinks() throws {
        let result = try blocks("Visit https://example.com/a?b=1 or www.example.org, <https://angle.example>, and me@example.com.")
        #expect(result[0].text == "Visit https://example.com/a?b=1 or www.example.org, https://angle.example, and me@example.com.")
    }

    @Test("a table becomes preformatted text with aligned columns")
    func table() throws {
        let result = try blocks("| a | b |\n|:--|--:|\n| 1 | 22 |\n| 中文 | x |\n")
        #expect(result.count == 1)
        #expect(result[0].kind == .preformatted)
        #expect(result[0].text == "a    |  b\n---- | --\n1    | 22\n中文 |  x")
    }

    @Test("task lists, ordered lists and bullets get their markers")
    func listMarkers() throws {
        let result = try blocks("- [ ] todo\n- [x] done\n\n3. three\n4. four\n\n1) paren\n\n* bullet")
        #expect(result.map(\.kind) == [
            .listItem(marker: "[ ]"), .listItem(marker: "[x]"), .listItem(marker: "3."), .listItem(marker: "4."),
            .listItem(marker: "1)"), .listItem(marker: "•"),
        ])
        #expect(result.map(\.text) == ["todo", "done", "three", "four", "paren", "bullet"])
        #expect(result.map(\.spacingBefore) == [0, 0, 1, 0, 1, 1])
    }

    @Test("nested lists set listDepth; tight lists have no spacing, loose ones do")
    func nestedLists() throws {
        let tight = try blocks("Intro\n\n- a\n  - b\n    - c\n- d\n\nAfter")
        #expect(tight.map(\.text) == ["Intro", "a", "b", "c", "d", "After"])
        #expect(tight.map(\.listDepth) == [0, 1, 2, 3, 1, 0])
        #expect(tight.map(\.spacingBefore) == [0, 1, 0, 0, 0, 1])
        let loose = try blocks("1. first\n\n   second paragraph\n\n2. next\n")
        #expect(loose.map(\.kind) == [.listItem(marker: "1."), .paragraph, .listItem(marker: "2.")])
        #expect(loose.map(\.listDepth) == [1, 1, 1])
        #expect(loose.map(\.spacingBefore) == [0, 1, 1])
    }

    @Test("an item that starts with something other than a paragraph gets a marker-only block")
    func itemStartingWithCode() throws {
        let result = try blocks("- ```\n  code\n  ```\n- text")
        #expect(result.map(\.kind) == [.listItem(marker: "•"), .preformatted, .listItem(marker: "•")])
        #expect(result.map(\.text) == ["", "code", "text"])
    }

    @Test("block quotes set quoteDepth and make quote blocks")
    func quotes() throws {
        let result = try blocks("> outer\n> lazy *line*\n>\n> > inner\n\n> - listed\n\nplain")
        #expect(result.map(\.kind) == [.quote, .quote, .listItem(marker: "•"), .paragraph])
        #expect(result.map(\.text) == ["outer lazy line", "inner", "listed", "plain"])
        #expect(result.map(\.quoteDepth) == [1, 2, 1, 0])
    }

    @Test("fenced and indented code blocks are preformatted without the final newline; an HTML block is read as text")
    func codeBlocks() throws {
        let result = try blocks("```swift\nlet x = 1\n\nprint(x)\n```\n\n    indented\n      more\n\n<div>\n  <p>hi</p>\n</div>\n")
        #expect(result.map(\.kind) == [.preformatted, .preformatted, .paragraph])
        #expect(result.map(\.text) == ["let x = 1\n\nprint(x)", "indented\n  more", "hi"])
    }

    @Test("a paragraph that is only an image becomes an image block")
    func images() throws {
        let result = try blocks("![A *cat* photo](cat.png \"Cat\")\n\n[![badge](b.svg)](https://ci)\n\ntext ![inline](x.png) after")
        #expect(result.map(\.kind) == [.image(source: "cat.png"), .image(source: "b.svg"), .paragraph])
        #expect(result.map(\.text) == ["A cat photo", "badge", "text inline after"])
    }

    @Test("CJK text keeps its characters")
    func cjk() throws {
        let result = try blocks("# 标题\n\n中文段落，包含**强调**和`代码`。\n日本語の文。")
        #expect(result.map(\.text) == ["标题", "中文段落，包含强调和代码。 日本語の文。"])
    }
}
