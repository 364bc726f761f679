import ReaderCore
import ReaderHTML
import Testing

@Suite("Images and tables")
struct ImageAndTableTests {
    @Test("an image alone in its paragraph is an image block with its alt text")
    func soleImage() throws {
        let content = try Fixture.body(#"<p>Before</p><p> <img src="i.png" alt="Alt  text"/> </p><p>After</p>"#)
        #expect(content.summary == ["p Before", "img(i.png) Alt text", "p After"])
        #expect(content.images == [HTMLImage(source: "i.png", alternativeText: "Alt text", sourceOffset: 6,
                                             blockIndex: 1)])
        // Every offset of the alt text maps to the image's place.
        let map = content.blocks[1].sourceMap
        #expect((0...8).allSatisfy { map.sourceOffset(forTextOffset: $0) == 6 })
    }

    @Test("an image among text shows its alt text inline")
    func inlineImages() throws {
        let content = try Fixture.body("""
            <p>Before <img src="x.png" alt="X"/> after</p><p><img src="t.png" alt="T"/>he day</p>
            <p>No alt <img src="n.png"/> here</p>
            """)
        #expect(content.summary == ["p Before X after", "p The day", "p No alt here"])
        #expect(content.images.map(\.blockIndex) == [0, 1, 2])
        #expect(SourceCheck.unmapped(in: content.blocks[0]) == "X")
        SourceCheck.check(content, fullCoverage: false)
    }

    @Test("an image on a line of its own splits its paragraph")
    func imagesOnTheirOwnLine() throws {
        let content = try Fixture.body("""
            <p class="center"><img src="f.png" alt="Figure 1"/><br/>Figure 1: The map</p>
            <p>Caption above<br/>  <img src="g.png" alt="G"/>  </p>
            <div><img src="a.png" alt="A"/>
              <img src="b.png" alt="B"/> <span>text</span></div>
            <p>x <img src="c.png" alt="C"/><br/>y</p>
            """)
        #expect(content.summary == ["img(f.png) Figure 1", "p Figure 1: The map", "p Caption above", "img(g.png) G",
                                    "p A B text", "p x C\ny"])
        #expect(content.images.map(\.blockIndex) == [0, 3, 4, 4, 5])
        SourceCheck.check(content, fullCoverage: false)
    }

    @Test("images with only line breaks between them get a block each")
    func severalImages() throws {
        let content = try Fixture.body(#"<div><img src="a.png" alt="A"/><br/><img src="b.png"/></div>"#)
        #expect(content.summary == ["img(a.png) A", "img(b.png)"])
    }

    @Test("SVG image, with the SVG title not shown")
    func svgImage() throws {
        let content = try Fixture.body("""
            <div><svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" \
            viewBox="0 0 10 10"><title>Cover</title><desc>A description</desc>\
            <image xlink:href="cover.jpg" width="10" height="10"/></svg></div>
            """)
        #expect(content.summary == ["img(cover.jpg)"])
        #expect(content.pathIndex.sourceLength == 0)
    }

    @Test("an image in a heading gives the heading its text; without alt text it stays an image")
    func headingImages() throws {
        let content = try Fixture.body(#"<h1><img src="t.png" alt="Chapter One"/></h1><h2><img src="o.png"/></h2>"#)
        #expect(content.summary == ["h1 Chapter One", "img(o.png)"])
    }

    @Test("a data table: one paragraph per row, aligned columns, caption first")
    func dataTable() throws {
        let content = try Fixture.body("""
            <p>Before</p>
            <table><caption>Prices</caption>
              <thead><tr><th>Item</th><th>Cost</th></tr></thead>
              <tbody><tr><td>Apple</td><td>1</td></tr>
                     <tr><td>Water<b>melon</b></td><td>12</td></tr></tbody>
            </table>
            <p>After</p>
            """)
        #expect(content.summary == ["p Before", "p Prices", "p Item       | Cost", "p Apple      | 1",
                                    "p Watermelon | 12", "p After"])
        #expect(content.blocks.map(\.spacingBefore) == [0, 1, 0, 0, 0, 1])
        SourceCheck.check(content, fullCoverage: false)
        #expect(SourceCheck.unmapped(in: content.blocks[2]) == "       | ")
    }

    @Test("only narrow leading columns are padded")
    func wideColumns() throws {
        let content = try Fixture.body("""
            <table><tr><td>A</td><td>a long description, much longer than twenty-four cells</td><td>x</td></tr>
            <tr><td>BB</td><td>short</td><td>y</td></tr><tr><td></td><td>gap</td><td></td></tr></table>
            """)
        #expect(content.summary == ["p A  | a long description, much longer than twenty-four cells | x",
                                    "p BB | short | y", "p    | gap"])
    }

    @Test("a table whose cells hold block content is read cell by cell")
    func layoutTable() throws {
        let content = try Fixture.body("""
            <table><tr><td><h2>Title</h2><p>Para</p></td><td><ul><li>i</li></ul></td></tr></table>
            <table><tr><td><p>one</p><p>two</p></td><td>3</td></tr></table>
            <table><tr><td><img src="a.png"/></td><td><img src="b.png"/></td></tr></table>
            """)
        #expect(content.summary == ["h2 Title", "p Para", "li • i", "p one two | 3", "img(a.png)", "img(b.png)"])
    }

    @Test("a table in a block quote gives quote rows")
    func quotedTable() throws {
        let content = try Fixture.body("<blockquote><table><tr><td>a</td><td>b</td></tr></table></blockquote>")
        #expect(content.summary == ["q a | b"])
        #expect(content.blocks[0].quoteDepth == 1)
    }
}
