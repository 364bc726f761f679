import ReaderCore
import ReaderHTML
import Testing

@Suite("Content that is not shown")
struct HiddenContentTests {
    @Test("head, script, style, template, hidden and inline-styled hidden elements are absent")
    func hidden() throws {
        let content = try Fixture.convert(Fixture.xhtml("""
            <p>shown</p><script>alert(1)</script><p hidden="hidden">hidden attr</p>
            <p style="display: none">none</p><p style="color:red; VISIBILITY : Hidden">vis</p>
            <template><p>tmpl</p></template><noscript><p>noscript shown</p></noscript>
            <div style="display:none"><p>deep <b>hidden</b></p><img src="h.png" alt="H"/><a href="#x">l</a></div>
            <iframe src="x.html">frame text</iframe><p>end</p>
            """, head: "<title>T</title><style>p { color: red }</style><script>var x = 1;</script>"))
        #expect(content.summary == ["p shown", "p noscript shown", "p end"])
        #expect(content.sourceText == "shownnoscript shownend")
        #expect(content.images.isEmpty)
        #expect(content.links.isEmpty)
        #expect(content.title == "T")
    }

    @Test("ruby shows its base text only")
    func ruby() throws {
        let content = try Fixture.body("<p><ruby>漢<rp>(</rp><rt>kan</rt><rp>)</rp>字<rt>ji</rt></ruby>です</p>"
                                       + "<p><ruby><rb>東</rb><rtc><rt>とう</rt></rtc></ruby>京</p>")
        #expect(content.blocks.map(\.text) == ["漢字です", "東京"])
        #expect(content.sourceText == "漢字です東京")
    }

    @Test("an SVG picture's text elements, and its tspans placed on their own, are separate paragraphs")
    func svgText() throws {
        let content = try Fixture.body("""
            <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 800">\
            <text x="10" y="20">Copyright 2005.</text><text x="10" y="40">Fratelli <tspan font-weight="bold">Alinari</tspan></text>\
            <text x="10" y="60"><tspan x="10" y="60">One</tspan><tspan x="10" y="80">Two</tspan></text></svg>
            """)
        #expect(content.blocks.map(\.text) == ["Copyright 2005.", "Fratelli Alinari", "One", "Two"])
    }

    @Test("EPUB switch: the default branch is shown, the cases are not")
    func epubSwitch() throws {
        let content = try Fixture.body("""
            <epub:switch id="s"><epub:case required-namespace="http://www.w3.org/1998/Math/MathML">\
            <p>math</p></epub:case><epub:default><p>fallback</p></epub:default></epub:switch>
            """)
        #expect(content.summary == ["p fallback"])
    }

    @Test("page-break markers are recorded with their label and offset, not shown")
    func pageBreaks() throws {
        let content = try Fixture.body("""
            <p>Before<span epub:type="pagebreak" id="page5" title="5"/>after</p>
            <div role="doc-pagebreak" aria-label="vi" id="pvi"></div>
            <p>x<span epub:type="pagebreak">7</span>y</p>
            <span style="display:none" epub:type="pagebreak" id="p8" title=" 8 "/>
            """)
        #expect(content.summary == ["p Beforeafter", "p xy"])
        #expect(content.sourceText == "Beforeafterxy")
        #expect(content.pageBreaks == [
            HTMLPageBreak(label: "5", sourceOffset: 6, id: "page5"),
            HTMLPageBreak(label: "vi", sourceOffset: 11, id: "pvi"),
            HTMLPageBreak(label: "7", sourceOffset: 12, id: nil),
            HTMLPageBreak(label: "8", sourceOffset: 13, id: "p8"),
        ])
        #expect(content.pathIndex.anchors["page5"]?.sourceOffset == 6)
        #expect(content.pathIndex.anchors["page5"]?.path.cfi == "/4/2/2[page5]")
    }

    @Test("links: raw href, the source range of their text, note references")
    func links() throws {
        let content = try Fixture.body("""
            <p>See <a href="ch2.xhtml#s%20t">chapter <b>two</b></a>.</p>
            <p>Note<a href="notes.xhtml#n1" role="doc-noteref" id="r1">*</a> and \
            <a epub:type="noteref" href="#n2">2</a></p><p><a name="old">anchor only</a></p>
            <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink">\
            <a xlink:href="map.xhtml"><text>svg link</text></a></svg>
            """)
        #expect(content.links.map(\.href) == ["ch2.xhtml#s%20t", "notes.xhtml#n1", "#n2", "map.xhtml"])
        #expect(content.links.map { content.source($0.sourceRange) } == ["chapter two", "*", "2", "svg link"])
        #expect(content.links.map(\.isNoteReference) == [false, true, true, false])
        #expect(content.links[1].id == "r1")
        #expect(content.summary == ["p See chapter two.", "p Note* and 2", "p anchor only", "p svg link"])
    }

    @Test("epub:type is read even when the document forgot to declare the prefix")
    func undeclaredPrefix() throws {
        let source = """
            <html xmlns="http://www.w3.org/1999/xhtml"><body><p>a<a epub:type="noteref" href="#n">1</a>\
            <span epub:type="pagebreak" title="2"/></p></body></html>
            """
        let content = try Fixture.convert(source)
        #expect(content.links.first?.isNoteReference == true)
        #expect(content.pageBreaks.map(\.label) == ["2"])
    }
}
