import ReaderCore
import ReaderMarkdown
import Testing

@Suite("Raw HTML blocks read as text")
struct HTMLBlockTests {
    /// A README's opening, as GitHub projects write it.
    static let readme = """
        <h1 align="center">
          <img src="https://example.com/logo.svg" width="200"><br>
          Awesome <em>Project</em>
        </h1>

        <p align="center">
        <a href="https://ci.example/x"><img src="https://img.shields.io/badge/build-passing-green" alt="Build"></a>
        Fast &amp; small, <b>never <i>crashes</i></b>.
        </p>

        <details>
        <summary>Click to expand</summary>

        Some *markdown* inside.

        </details>

        <pre>
          code   block
            kept &lt;here&gt;
        </pre>

        <!-- a comment with <b>tags</b> -->
        <script>alert("no")</script>
        <table><tr><th>Key</th><th>Value</th></tr><tr><td>a</td><td>1 &lt; 2</td></tr></table>

        """

    @Test("tags are removed, block elements split paragraphs, headings enter the table of contents")
    func readmeBlocks() throws {
        let document = try Fixture.open(Self.readme)
        let blocks = try document.content(ofSection: 0).blocks
        #expect(blocks.map(\.text) == [
            "Awesome Project", "Build Fast & small, never crashes.", "Click to expand", "Some markdown inside.",
            "  code   block\n    kept <here>", "Key Value", "a 1 < 2",
        ])
        #expect(blocks.map(\.kind) == [
            .heading(level: 1), .paragraph, .paragraph, .paragraph, .preformatted, .paragraph, .paragraph,
        ])
        #expect(try document.tableOfContents().map(\.title) == ["Awesome Project"])
    }

    @Test("inline elements become runs: emphasis, strong nested, links and images")
    func inlineRuns() throws {
        let blocks = try Fixture.open(Self.readme).content(ofSection: 0).blocks
        let heading = blocks[0]
        #expect(heading.runs.contains { $0.style == .emphasis && $0.range == 8..<15 })
        let paragraph = blocks[1]
        let text = Array(paragraph.text.utf16)
        func covered(_ style: InlineStyle) -> String? {
            paragraph.runs.first { $0.style == style }.map { String(decoding: text[$0.range], as: UTF16.self) }
        }
        #expect(covered(.strong) == "never crashes")
        #expect(covered(.emphasis) == "crashes")
        let image = paragraph.runs.first { if case .image = $0.style { true } else { false } }
        #expect(image.map { String(decoding: text[$0.range], as: UTF16.self) } == "Build")
        #expect(paragraph.runs.contains { if case .link = $0.style { $0.range == image?.range } else { false } })
    }

    @Test("an HTML paragraph holding only an image is an image block")
    func soleImage() throws {
        let blocks = try Fixture.open("<p align=\"center\"><img src=\"shot.png\" alt=\"A screenshot\"></p>\n").content(ofSection: 0).blocks
        #expect(blocks.map(\.kind) == [.image(source: "shot.png")])
        #expect(blocks.map(\.text) == ["A screenshot"])
    }

    @Test("every mapped character of the text is the source's character, and block starts round-trip")
    func sourceMapsPointIntoTheSource() throws {
        let path = Fixture.write(Array(Self.readme.utf8))
        let document = try Fixture.open(Self.readme)
        let source = SourceCheck.source(ofFile: path)
        for block in try document.content(ofSection: 0).blocks {
            #expect(SourceCheck.mismatches(in: block, source: source).isEmpty, "\(block.text)")
        }
        #expect(try SourceCheck.roundTripFailures(document).isEmpty)
    }

    @Test("unclosed tags, stray angle brackets and unknown references do not lose text")
    func malformedFragments() throws {
        let blocks = try Fixture.open("<div>\na < b and c > d &bogus; &#0; <b>unclosed\n").content(ofSection: 0).blocks
        #expect(blocks.map(\.text) == ["a < b and c > d &bogus; &#0; unclosed"])
    }
}
