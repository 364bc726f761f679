import ReaderCore
import ReaderHTML
import ReaderXML
import Testing

@Suite("Text chunks and anchors follow the EPUB CFI counting rules")
struct PathIndexTests {
    /// Checked by hand: `head` is the 1st element child of `html` (/2), `body` the 2nd (/4); in
    /// `body`, the first `p` is /2, the second /4, the text after it the run /5 (after 2 elements),
    /// the `div` /6, the empty `a` /8. The entity reference and the comment in the second `p`
    /// split its text node, but the run stays one (/4/4/1). White space between blocks is not
    /// shown, so it gets no chunk.
    static let document = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.1//EN" "http://www.w3.org/TR/xhtml11/DTD/xhtml11.dtd">
        <html xmlns="http://www.w3.org/1999/xhtml"><head><title>T</title></head><body id="b">
        <p id="p1">Hello <em id="e">big</em> world</p>
        <p>A&nbsp;B<!-- a comment -->C</p>
        text between
        <div><p>deep</p></div>
        <a id="end"/>
        </body></html>
        """

    @Test("chunk paths and ranges, checked by hand")
    func chunks() throws {
        let content = try Fixture.convert(Self.document)
        let chunks = content.pathIndex.chunks
        #expect(chunks.map(\.path.cfi) == ["/4[b]/2[p1]/1", "/4[b]/2[p1]/2[e]/1", "/4[b]/2[p1]/3", "/4[b]/4/1",
                                           "/4[b]/5", "/4[b]/6/2/1"])
        #expect(content.chunkTexts == ["Hello ", "big", " world", "A\u{A0}BC", "\ntext between\n", "deep"])
        #expect(chunks.map(\.sourceStart) == [0, 6, 9, 15, 19, 33])
        #expect(content.pathIndex.sourceLength == 37)
        SourceCheck.checkChunks(content)
        #expect(content.summary == ["p Hello big world", "p A\u{A0}BC", "p text between", "p deep"])
    }

    @Test("anchors: every id, its path and the first text at or after it")
    func anchors() throws {
        let anchors = try Fixture.convert(Self.document).pathIndex.anchors
        #expect(anchors["b"] == ElementAnchor(path: [CFIStep(index: 4, id: "b")], sourceOffset: 0))
        #expect(anchors["p1"]?.path.cfi == "/4[b]/2[p1]")
        #expect(anchors["p1"]?.sourceOffset == 0)
        #expect(anchors["e"]?.path.cfi == "/4[b]/2[p1]/2[e]")
        #expect(anchors["e"]?.sourceOffset == 6)
        #expect(anchors["end"]?.path.cfi == "/4[b]/8[end]")
        #expect(anchors["end"]?.sourceOffset == 37)
        #expect(anchors.count == 4)
    }

    @Test("without a head, body is /2")
    func missingHead() throws {
        let content = try Fixture.convert(#"<html xmlns="http://www.w3.org/1999/xhtml"><body><p>x</p></body></html>"#)
        #expect(content.pathIndex.chunks.map(\.path.cfi) == ["/2/2/1"])
    }

    @Test("when the root is not html, paths start below it")
    func otherRoot() throws {
        let content = try Fixture.convert(#"<div xmlns="http://www.w3.org/1999/xhtml"><p>a</p>b<p>c</p></div>"#)
        #expect(content.pathIndex.chunks.map(\.path.cfi) == ["/2/1", "/3", "/4/1"])
        #expect(content.summary == ["p a", "p b", "p c"])
    }

    @Test("hidden elements count as steps, their text does not count as source")
    func hiddenSteps() throws {
        let content = try Fixture.body(#"<p>a<span style="display:none">x</span>b<script>s</script>c</p>"#)
        #expect(content.pathIndex.chunks.map(\.path.cfi) == ["/4/2/1", "/4/2/3", "/4/2/5"])
        #expect(content.chunkTexts == ["a", "b", "c"])
    }

    @Test("the first element with an id wins")
    func duplicateIDs() throws {
        let anchors = try Fixture.body(#"<p id="x">one</p><p id="x">two</p>"#).pathIndex.anchors
        #expect(anchors["x"]?.path.cfi == "/4/2[x]")
    }

    @Test("every block's anchor is the nearest id at or before its start")
    func blockAnchors() throws {
        let content = try Fixture.convert(Fixture.xhtml("""
            <p>one</p><section id="s1"><h1 id="h">Head</h1><p>two <span id="mid">x</span></p></section>
            <p>three</p><hr id="r"/><ul id="list"><li id="i1"><ol><li>inner</li></ol></li></ul>
            """, bodyAttributes: #" id="top""#))
        #expect(content.summary == ["p one", "h1 Head", "p two x", "p three", "hr", "li •", "li 1. inner"])
        #expect(content.blocks.map(\.anchorID) == ["top", "h", "h", "mid", "r", "i1", "i1"])
    }
}
