@testable import ReaderFeeds
import Testing

/// The plain-fragment path must give exactly what libxml2's HTML parser and the sanitizer give,
/// or decline (nil) and leave the fragment to them.
@Suite("Plain HTML fragments are sanitized without the parser, with the parser's result")
struct PlainFragmentTests {
    static let base = "https://feeds.example/blog/"

    /// Fragments written the way feeds write them, plain and not.
    static let written = [
        "<p>One <a href=\"/p/1\">link</a> <em>two</em></p><p>Three, &amp; four &lt;5&gt; &quot;six&quot; &#8217;s &#39;</p>",
        "Text at the top <b>bold</b> <i>it</i> <strong>s</strong> <span class=\"x\" style=\"color: red\">c</span> <code>x &lt; y</code>",
        "<p>caf\u{E9} \u{4E2D}\u{6587} \u{1F600} > alone</p>",
        "<a href=\"javascript:alert(1)\" onclick=\"x()\">a</a> <a href=\"../up?a=1&amp;b=2\" title=\"t &quot;q&quot;\">b</a>",
        "<p>one</p>\n<p>two</p>", "<p> </p>", "<p>a</p> ", " <p>a</p>", "<p>a<br>b</p>", "<p>a<p>b</p></p>",
        "<em><em>x</em></em>", "<a href=\"x\"><a href=\"y\">z</a></a>", "<b><p>x</p></b>", "<P>upper</P>",
        "<p>unclosed", "</p>stray", "<p>a &eacute; b</p>", "<p>a &nbsp; b</p>", "<p>a & b</p>", "<p>&#0;</p>", "<p>&#128;</p>",
        "<p>&#x41;</p>", "<a href='single'>s</a>", "<a href=bare>b</a>", "<a href=\"x\" href=\"y\">d</a>", "<p class=\"a\"class=\"b\">x</p>",
        "<p\tclass=\"a\">tab</p>", "<a  href=\"x\" >spaces</a>", "<p>line\r\nbreak</p>", "<p>nul\u{0}</p>", "<p>\u{FFFE}</p>",
        "<script>alert(1)</script><p>x</p>", "<div><p>x</p></div>", "<p><!-- c -->x</p>", "<p>x</p><p/>", "<span>a</span>\t<span>b</span>",
        "<p>x</p>&amp;", "&amp;<p>x</p>", "<i>a</i><b>b</b><i>c</i>", "<a href=\"/a\">x<em>y</em></a>", "<p data-x=\"1\" id=\"p1\">ids</p>",
        "<span style=\"position: absolute; color: blue\">s</span>", "<a href=\"data:text/html,x\">d</a>", "<p>a &#65; &#955; &#65533;</p>",
    ]

    @Test("fragments as feeds write them: the same result, or declined")
    func written() {
        var plain = 0
        for fragment in Self.written {
            let parsed = HTMLSanitizer.sanitizeParsing(fragment, base: Self.base)
            if let fast = PlainFragment.sanitize(fragment, base: Self.base) {
                plain += 1
                #expect(fast == parsed, "\(fragment.debugDescription)")
            }
            #expect(HTMLSanitizer.sanitize(fragment, base: Self.base) == parsed, "\(fragment.debugDescription)")
        }
        #expect(plain >= 10)
    }

    @Test("random fragments from plain and not-plain pieces: the same result, or declined")
    func random() {
        var generator = SplitMix(state: 2026)
        let pieces = ["<p>", "</p>", "<em>", "</em>", "<a href=\"/x?a=1&amp;b\">", "</a>", "<b>", "</b>", "<span class=\"c\">", "</span>",
                      "<code>", "</code>", "<strong>", "</strong>", "<i>", "</i>", "<div>", "</div>", "<br>", "<img src=\"i.png\">",
                      "<ul><li>", "</li></ul>", "<h2>", "</h2>", "<table><tr><td>", "</td></tr></table>", "<blockquote>",
                      "</blockquote>", "word", "two words", " ", "\n", "\t", "&amp;", "&lt;", "&gt;", "&quot;", "&#8212;",
                      "&hellip;", "&", "\"", "'", ">", "caf\u{E9}", "\u{65E5}\u{672C}", "<P>", "<A HREF=\"u\">", "<!-- c -->",
                      "<script>x</script>", "<a href=\"javascript:x\" onclick=\"y\">", "<span style=\"color: red; top: 0\">"]
        var plain = 0
        for _ in 0..<3000 {
            let count = Int(generator.next() % 12) + 1
            let fragment = (0..<count).map { _ in pieces[Int(generator.next() % UInt64(pieces.count))] }.joined()
            guard let fast = PlainFragment.sanitize(fragment, base: Self.base) else { continue }
            plain += 1
            #expect(fast == HTMLSanitizer.sanitizeParsing(fragment, base: Self.base), "\(fragment.debugDescription)")
        }
        #expect(plain >= 100, "the random fragments should hold plain ones: \(plain)")
    }
}

/// A small deterministic generator (SplitMix64), so every run tests the same fragments.
struct SplitMix {
    var state: UInt64

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
