import ReaderCore
import ReaderHTML
import Testing

@Suite("Block elements become blocks")
struct BlockStructureTests {
    @Test("headings h1 to h6 and paragraphs")
    func headingsAndParagraphs() throws {
        let content = try Fixture.body("""
            <h1>Chapter One</h1>
            <p>First <em>paragraph</em>.</p>
            <h2>Part</h2><p>Second.</p>
            <h3>a</h3><h4>b</h4><h5>c</h5><h6>d</h6>
            """)
        #expect(content.summary == ["h1 Chapter One", "p First paragraph.", "h2 Part", "p Second.",
                                    "h3 a", "h4 b", "h5 c", "h6 d"])
        #expect(content.blocks.map(\.spacingBefore) == [0, 1, 1, 1, 1, 1, 1, 1])
        SourceCheck.check(content)
    }

    @Test("ARIA headings")
    func ariaHeadings() throws {
        let content = try Fixture.body(#"<div role="heading" aria-level="3">Aria</div><p role="heading">Two</p>"#)
        #expect(content.summary == ["h3 Aria", "h2 Two"])
    }

    @Test("inline runs between block children become anonymous paragraphs")
    func anonymousParagraphs() throws {
        let content = try Fixture.body("""
            <div>Loose text <b>bold</b><p>Inside p</p>tail text</div>Body text
            <section>Sec <div>Nested</div> after</section><article><span>only inline</span></article>
            """)
        #expect(content.summary == ["p Loose text bold", "p Inside p", "p tail text", "p Body text", "p Sec",
                                    "p Nested", "p after", "p only inline"])
        SourceCheck.check(content)
    }

    @Test("pre keeps spaces and lines, drops blank lines at its edges")
    func preformatted() throws {
        let content = try Fixture.body("<pre>\n  let x = 1\n    indented()\n\n  end\n</pre>"
                                       + "<pre><code>a  b</code><br/>c\td</pre><p>after   pre</p>")
        #expect(content.summary == ["pre   let x = 1\n    indented()\n\n  end", "pre a  b\nc\td", "p after pre"])
        SourceCheck.check(content)
        // Every character of the first block comes from the source, one for one.
        #expect(SourceCheck.unmapped(in: content.blocks[0]).isEmpty)
    }

    @Test("unordered lists: markers, nesting, later paragraphs of an item, spacing")
    func unorderedLists() throws {
        let content = try Fixture.body("""
            <p>Intro</p>
            <ul>
              <li>One</li>
              <li>Two
                <ul><li>Two A</li><li>Two B</li></ul>
              </li>
              <li><p>Three</p><p>Three more</p></li>
            </ul>
            <p>Outro</p>
            """)
        #expect(content.summary == ["p Intro", "li • One", "li • Two", "li • Two A", "li • Two B", "li • Three",
                                    "p Three more", "p Outro"])
        #expect(content.blocks.map(\.layoutSummary) == ["l0 q0 s0", "l1 q0 s1", "l1 q0 s0", "l2 q0 s0", "l2 q0 s0",
                                                        "l1 q0 s1", "l1 q0 s1", "l0 q0 s1"])
        SourceCheck.check(content)
    }

    @Test("ordered lists: start, value, type, reversed")
    func orderedLists() throws {
        let content = try Fixture.body("""
            <ol start="3"><li>c</li><li value="10">j</li><li>k</li></ol>
            <ol type="a"><li>x</li><li>y</li></ol>
            <ol type="I" start="4"><li>x</li></ol>
            <ol reversed="reversed"><li>x</li><li>y</li><li>z</li></ol>
            <ol type="A" start="27"><li>aa</li></ol>
            """)
        #expect(content.summary == ["li 3. c", "li 10. j", "li 11. k", "li a. x", "li b. y", "li IV. x",
                                    "li 3. x", "li 2. y", "li 1. z", "li AA. aa"])
    }

    @Test("lists in a nav, or styled list-style: none, have unmarked items")
    func unmarkedLists() throws {
        let content = try Fixture.body("""
            <nav epub:type="toc"><h1>Contents</h1><ol><li><a href="c1.xhtml">One</a>
            <ol><li><a href="c1.xhtml#s">Sub</a></li></ol></li><li><a href="c2.xhtml">Two</a></li></ol></nav>
            <ul style="list-style-type: none"><li>plain</li></ul>
            """)
        #expect(content.summary == ["h1 Contents", "p One", "p Sub", "p Two", "p plain"])
        #expect(content.blocks.map(\.listDepth) == [0, 1, 2, 1, 1])
        #expect(content.blocks.map(\.spacingBefore) == [0, 1, 0, 0, 1])
    }

    @Test("an item that starts with another block, an empty item, a stray item")
    func unusualItems() throws {
        let content = try Fixture.body("""
            <ul><li><h3>Title</h3>text</li></ul>
            <ol><li></li><li>b</li></ol>
            <li>stray</li>
            <ul><li><ul><li>inner</li></ul></li></ul>
            """)
        #expect(content.summary == ["li •", "h3 Title", "p text", "li 1.", "li 2. b", "li • stray", "li •",
                                    "li • inner"])
        #expect(content.blocks.map(\.listDepth) == [1, 1, 1, 1, 1, 1, 1, 2])
    }

    @Test("block quotes: quote blocks with depth, headings keep their kind")
    func quotes() throws {
        let content = try Fixture.body("""
            <blockquote><p>Quoted one.</p><p>Quoted two.</p><blockquote>Deeper</blockquote><h2>QH</h2>
            <ul><li>item</li></ul></blockquote><p>After</p>
            """)
        #expect(content.summary == ["q Quoted one.", "q Quoted two.", "q Deeper", "h2 QH", "li • item", "p After"])
        #expect(content.blocks.map(\.quoteDepth) == [1, 1, 2, 1, 1, 0])
        SourceCheck.check(content)
    }

    @Test("hr is a rule mapped to its place")
    func rules() throws {
        let content = try Fixture.body("<p>a</p><hr/><p>b</p>")
        #expect(content.summary == ["p a", "hr", "p b"])
        #expect(content.blocks[1].sourceMap.sourceOffset(forTextOffset: 0) == 1)
    }

    @Test("definition lists: terms, indented descriptions, packed")
    func definitionLists() throws {
        let content = try Fixture.body("""
            <p>Before</p><dl><dt>Term</dt><dd>Definition one</dd><dd>Definition two</dd>
            <dt>Term 2</dt><dd>Def</dd></dl><p>After</p>
            """)
        #expect(content.summary == ["p Before", "p Term", "p Definition one", "p Definition two", "p Term 2",
                                    "p Def", "p After"])
        #expect(content.blocks.map(\.listDepth) == [0, 0, 1, 1, 0, 1, 0])
        #expect(content.blocks.map(\.spacingBefore) == [0, 1, 0, 0, 0, 0, 1])
    }

    @Test("figure: the caption sits right under the image")
    func figures() throws {
        let content = try Fixture.body("""
            <p>Text</p><figure><img src="images/a.png" alt="A picture"/>
            <figcaption>Caption <i>text</i></figcaption></figure>
            """)
        #expect(content.summary == ["p Text", "img(images/a.png) A picture", "p Caption text"])
        #expect(content.blocks.map(\.spacingBefore) == [0, 1, 0])
    }

    @Test("br is a line break inside the paragraph, spaces around it dropped")
    func lineBreaks() throws {
        let content = try Fixture.body("""
            <p>line one<br/>line two<br/><br/>line four<br/></p><p><br/>a <br/> b</p>
            <h1>Chapter 1<br/>The Start</h1>
            """)
        #expect(content.summary == ["p line one\nline two\n\nline four", "p a\nb", "h1 Chapter 1\nThe Start"])
        SourceCheck.check(content)
        #expect(SourceCheck.unmapped(in: content.blocks[0]) == "\n\n\n")
    }

    @Test("footnotes stay as blocks, note references inline")
    func footnotes() throws {
        let content = try Fixture.body("""
            <p>Text<a epub:type="noteref" href="#n1" id="r1">1</a> more.</p>
            <aside epub:type="footnote" id="n1"><p><a href="#r1">1.</a> Note text.</p></aside>
            <section epub:type="rearnotes"><aside epub:type="rearnote" id="n2">Rear note.</aside></section>
            """)
        #expect(content.summary == ["p Text1 more.", "p 1. Note text.", "p Rear note."])
        #expect(content.blocks[1].anchorID == "n1")
        #expect(content.blocks[2].anchorID == "n2")
    }
}
