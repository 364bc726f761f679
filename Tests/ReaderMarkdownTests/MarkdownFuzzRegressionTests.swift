import ReaderCore
import ReaderMarkdown
import Testing

/// Inputs that made the `markdown-front-matter` fuzz target (Fuzz/) fail, kept so the fixes stay
/// fixed.
@Suite("Markdown: fuzzer regressions")
struct MarkdownFuzzRegressionTests {
    /// An HTML block whose text has a line break read as a space: the aligner looked for a space
    /// and took the next one, further on (here the one between `x` and `r` of the next paragraph),
    /// so the next paragraph's text was looked for past where it is, and `x` and `r` both mapped to
    /// `r`'s offset. The Locator of `r` came back at `x`. A space now takes the white space where
    /// it is (mapped when that is a space).
    @Test("HTML block text across a line break: one source offset per character, each comes back",
          arguments: ["<d>\n\u{0}\n\u{0}<li>x r", "<div>\na\nb<p>x r</p></div>", "<p>one\ttwo\r\nthree</p>\n<p>x r</p>"])
    func lineBreakInHTMLBlock(_ text: String) throws {
        let document = try Fixture.open(text)
        let blocks = try document.content(ofSection: 0).blocks
        var claimed = Set<Int>()
        for (index, block) in blocks.enumerated() {
            for run in block.sourceMap.runs where run.length > 0 {
                for offset in run.sourceStart..<run.sourceEnd {
                    #expect(claimed.insert(offset).inserted, "block \(index) maps to source offset \(offset) again")
                }
            }
            for run in block.sourceMap.runs where run.length > 0 {
                for offset in run.textStart..<run.textEnd {
                    let position = TextPosition(section: 0, block: index, offset: offset)
                    let locator = try document.locator(at: position)
                    #expect(try document.textPosition(for: Locator(jsonString: locator.jsonString())) == position,
                            "\(String(reflecting: block.text)) at \(offset)")
                }
            }
        }
    }

    /// A paragraph whose last line is a table's header row (no blank line before the table, as
    /// READMEs often write it) is split by cmark-gfm into a paragraph without a source position
    /// and the table. That paragraph was looked for at offset 0: its text got no run, its start
    /// was anchored at 0, and its Locator (`offset` 0) came back in the first block.
    /// An HTML block whose first paragraph's text has a decoded entity (`&quot;` read as `"`):
    /// the aligner, looking on to the end of the HTML block, took the later `"`, then the `u` of
    /// `<ul>` and the next paragraph's `s`; that paragraph was mapped to its `.` alone and its
    /// Locators came back in the first. Each paragraph's text is now looked for only up to the tag
    /// that ends it.
    @Test("each paragraph of an HTML block is aligned within its own source",
          arguments: ["<p>&quot;u\"s<ul>s.", "<p>&quot;u\"s<ul>s.\n\nafter", "<div>\n<p>&amp;x &amp;</p>\n<p>x y</p>\n</div>"])
    func htmlSegmentsStayInTheirSource(_ text: String) throws {
        let document = try Fixture.open(text)
        let blocks = try document.content(ofSection: 0).blocks
        #expect(blocks.count >= 2)
        var claimed = Set<Int>()
        for (index, block) in blocks.enumerated() {
            for run in block.sourceMap.runs where run.length > 0 {
                for offset in run.sourceStart..<run.sourceEnd {
                    #expect(claimed.insert(offset).inserted, "block \(index) maps to source offset \(offset) again")
                }
                for offset in run.textStart..<run.textEnd {
                    let position = TextPosition(section: 0, block: index, offset: offset)
                    let locator = try document.locator(at: position)
                    #expect(try document.textPosition(for: Locator(jsonString: locator.jsonString())) == position,
                            "block \(index) \(String(reflecting: block.text)) at \(offset)")
                }
            }
        }
    }

    @Test("a paragraph just before a table keeps its source position",
          arguments: ["-\nh\nx\n|-", "Intro.\n\nSome text\n| a | b |\n|---|---|\n| 1 | 2 |\n", "# T\n\np\n\nhello\nx|y\n-|-\n",
                      // The table's header cell is the paragraph's text again: it was mapped onto the paragraph's.
                      "a\na\n:-"])
    func paragraphBeforeTable(_ text: String) throws {
        let document = try Fixture.open(text)
        let blocks = try document.content(ofSection: 0).blocks
        let paragraph = try #require(blocks.indices.last { blocks[$0].kind == .paragraph })
        let source = Array(text.utf16)
        for run in blocks[paragraph].sourceMap.runs where run.length > 0 {
            #expect(Array(source[run.sourceStart..<run.sourceEnd]) == Array(Array(blocks[paragraph].text.utf16)[run.textStart..<run.textEnd]))
        }
        for index in blocks.indices {
            let position = TextPosition(section: 0, block: index, offset: 0)
            let locator = try document.locator(at: position)
            #expect(try document.textPosition(for: Locator(jsonString: locator.jsonString())) == position,
                    "block \(index) \(String(reflecting: blocks[index].text))")
        }
    }
}
