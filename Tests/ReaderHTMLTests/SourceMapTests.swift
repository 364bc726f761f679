import ReaderCore
import ReaderHTML
import ReaderTestSupport
import Testing

@Suite("Block source maps point exactly into the source text")
struct SourceMapTests {
    /// A document with every kind of block and the inline markup that splits text nodes.
    static let rich = Fixture.xhtml("""
        <section id="s1" epub:type="chapter">
          <h1 id="t">Chapter <span>One</span>:   The   Start</h1>
          <p>It was a <em>bright</em>  cold day in <a href="#n">April</a>, and the clocks
             were striking   thirteen.&#160;Winston&#173;Smith, his chin nuzzled…</p>
          <blockquote><p>Quoted <q>words</q> here</p><p>and  more</p></blockquote>
          <ul><li>item <b>one</b></li><li><p>item two</p><ol><li>nested 𝒜 astral</li></ol></li></ul>
          <pre>  code line 1
            code line 2\t tab</pre>
          <dl><dt>term</dt><dd>definition   text</dd></dl>
          <table><tr><th>h1</th><th>h2</th></tr><tr><td>c1</td><td>c  2</td></tr></table>
          <p>Verse line<br/>   second line<br/>third &amp; last</p>
          <p>日本語の
             文章です。ルビ<ruby>漢字<rt>かんじ</rt></ruby>。</p>
          <aside epub:type="footnote" id="n"><p>Note <i>text</i>.</p></aside>
        </section>
        """)

    @Test("every mapped character is the source character, modulo collapsed white space")
    func exactRuns() throws {
        let content = try Fixture.convert(Self.rich)
        #expect(content.blocks.count == 15)
        // Table rows hold engine-made separators; every other character is mapped.
        SourceCheck.check(content, allowedUnmapped: ["\n", " ", "|"])
    }

    @Test("random offsets in every block map to the character shown there")
    func randomOffsets() throws {
        let content = try Fixture.convert(Self.rich)
        let source = Array(content.sourceText!.utf16)
        var random = SeededRandom(seed: 0x5eed)
        for block in content.blocks where !block.text.isEmpty {
            let text = Array(block.text.utf16)
            let covered = Set(block.sourceMap.runs.flatMap { $0.textStart..<$0.textEnd })
            for _ in 0..<25 {
                let offset = Int.random(in: 0..<text.count, using: &random)
                guard covered.contains(offset) else { continue }
                let sourceOffset = try #require(block.sourceMap.sourceOffset(forTextOffset: offset))
                #expect(SourceCheck.matches(shown: text[offset], source: source[sourceOffset]),
                        "\(block.summary) at \(offset)")
            }
        }
    }

    @Test("source text is the shown character data in document order")
    func sourceText() throws {
        let content = try Fixture.body("<p>a<span hidden=\"\">b</span>c</p><script>d</script><p>e<rt>f</rt></p>")
        #expect(content.sourceText == "ace")
        #expect(content.pathIndex.sourceLength == 3)
    }

    @Test("block start offsets increase through the document")
    func monotonicBlocks() throws {
        let content = try Fixture.convert(Self.rich)
        let starts = content.blocks.compactMap { $0.sourceMap.sourceOffset(forTextOffset: 0) }
        #expect(starts == starts.sorted())
        #expect(starts.count == content.blocks.count)
    }

    @Test("positions round-trip through source offsets")
    func roundTrip() throws {
        let content = try Fixture.convert(Self.rich)
        let section = SectionContent(blocks: content.blocks)
        for (index, block) in content.blocks.enumerated() {
            guard let run = block.sourceMap.runs.first(where: { $0.length > 0 }) else { continue }
            let position = SourceOffsetLocating.textPosition(forSourceOffset: run.sourceStart, in: section, section: 0)
            #expect(position.block == index, "\(block.summary)")
            #expect(position.offset == run.textStart, "\(block.summary)")
        }
    }
}
