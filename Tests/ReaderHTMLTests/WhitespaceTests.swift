import ReaderCore
import ReaderHTML
import Testing

@Suite("White space collapses as CSS white-space: normal")
struct WhitespaceTests {
    @Test("runs of white space become one space, trimmed at block edges", arguments: [
        ("<p>  Hello   \n\t world  </p>", "p Hello world"),
        ("<p><b>bold </b> <i> italic</i></p>", "p bold italic"),
        ("<p>\n  Line one\n  line two\n</p>", "p Line one line two"),
        ("<div>   <span>  a  </span>   </div>", "p a"),
    ])
    func collapsing(body: String, expected: String) throws {
        let content = try Fixture.body(body)
        #expect(content.summary == [expected])
        SourceCheck.check(content)
    }

    @Test("a collapsed space maps to the first white space character of its run")
    func collapsedSpaceMapping() throws {
        let content = try Fixture.body("<p>a \n\t b</p>")
        #expect(content.sourceText == "a \n\t b")
        let map = content.blocks[0].sourceMap
        #expect(content.blocks[0].text == "a b")
        #expect(map.sourceOffset(forTextOffset: 1) == 1)
        #expect(map.sourceOffset(forTextOffset: 2) == 5)
    }

    @Test("no-break spaces are kept, soft hyphens dropped, zero-width spaces kept")
    func specialSpaces() throws {
        let content = try Fixture.body("<p>a&#160;&#160;b</p><p>hy&#173;phen</p><p>a&#8203;b</p><p>long<wbr/>word</p>")
        #expect(content.blocks.map(\.text) == ["a\u{A0}\u{A0}b", "hyphen", "a\u{200B}b", "long\u{200B}word"])
        #expect(content.blocks[1].sourceMap.runs.count == 2)
        #expect(content.blocks[1].sourceMap.sourceOffset(forTextOffset: 2) == 7)  // "p" after the soft hyphen
        SourceCheck.check(content, fullCoverage: false)
    }

    @Test("a line break between wide East Asian characters disappears, except around Hangul", arguments: [
        ("<p>日本語の\n文章です。</p>", "日本語の文章です。"),
        ("<p>中文\n  句子</p>", "中文句子"),
        ("<p>한국어\n문장</p>", "한국어 문장"),
        ("<p>日本 語</p>", "日本 語"),
        ("<p>end\nstart</p>", "end start"),
        ("<p>a&#8203;\nb</p>", "a\u{200B}b"),
    ])
    func segmentBreaks(body: String, expected: String) throws {
        #expect(try Fixture.body(body).blocks.map(\.text) == [expected])
    }

    @Test("white space between blocks is not part of the source text")
    func unshownWhitespace() throws {
        let content = try Fixture.body("\n  <p>one <b>two</b> <i>three</i> </p>\n  <ul>\n    <li> four </li>\n  </ul>\n")
        #expect(content.sourceText == "one two three four ")
        #expect(content.summary == ["p one two three", "li • four"])
    }

    @Test("white space in pre is kept in the source text and shown")
    func preformattedWhitespace() throws {
        let content = try Fixture.body("<pre>  a\n\n  b  </pre>")
        #expect(content.sourceText == "  a\n\n  b  ")
        #expect(content.blocks.map(\.text) == ["  a\n\n  b"])
    }
}
