import ReaderFeeds
import Testing

@Suite("Feed HTML is sanitized")
struct HTMLSanitizerTests {
    @Test("script and style go with their content; other unknown elements keep their text")
    func droppedElements() {
        #expect(HTMLSanitizer.sanitize("safe<script>alert(1)</script> text<style>p{}</style>", base: nil) == "safe text")
        #expect(HTMLSanitizer.sanitize("<blink>hi</blink> <iframe src=x>there</iframe>", base: nil) == "hi there")
    }

    @Test("event attributes and unknown attributes go; javascript: and data: URLs are emptied; relative URLs resolve")
    func attributes() {
        let html = #"<a href="javascript:alert(1)" onclick="x()">a</a><a href=" JaVaScRiPt:x">b</a><img src="data:image/png;base64,AA" onerror="x()"><a href="../up">c</a>"#
        #expect(HTMLSanitizer.sanitize(html, base: "http://h.example/a/b/") == #"<a href="">a</a><a href="">b</a><img src="" /><a href="http://h.example/a/up">c</a>"#)
    }

    @Test("styles keep only harmless declarations")
    func styles() {
        #expect(HTMLSanitizer.sanitize(#"<span style="position: absolute; background: url(x)">t</span>"#, base: nil)
                == "<span>t</span>", "a style with nothing harmless left goes")
        #expect(HTMLSanitizer.sanitize(#"<span style="color: red; background-image: url(javascript:x)">t</span>"#, base: nil)
                == #"<span style="color: red;">t</span>"#)
        #expect(HTMLSanitizer.sanitize(#"<span style="color: red; /* */ x: expression(alert(1))">t</span>"#, base: nil)
                == "<span>t</span>", "a comment could hide anything")
        #expect(HTMLSanitizer.sanitize(#"<span style="color: red; position: absolute">t</span>"#, base: nil)
                == #"<span style="color: red;">t</span>"#)
    }

    @Test("entities decode and text escapes back")
    func entities() {
        #expect(HTMLSanitizer.sanitize("a &amp; b &lt;c&gt; &eacute;", base: nil) == "a &amp; b &lt;c&gt; é")
    }
}
