import Foundation
import ReaderCore
import ReaderHTML
import ReaderXML
import Testing

@Suite("Any tree the parsers produce converts")
struct RobustnessTests {
    @Test("tag soup through the HTML parser")
    func tagSoup() throws {
        let soup = """
            <html><head><title>Soup</title><body><p>one<p>two <b>bold <i>both</b> italic?
            <ul><li>a<li>b</ul><table><tr><td>1<td>2</table>unclosed <div>x<br>y &nbsp; &copy; &bogus;
            """
        let content = try Fixture.convert(soup, syntax: .html)
        #expect(content.title == "Soup")
        #expect(content.summary.contains("p one"))
        #expect(content.summary.contains("li • a"))
        #expect(content.summary.contains("li • b"))
        #expect(content.summary.contains("p 1 | 2"))
        SourceCheck.check(content, allowedUnmapped: ["\n", " ", "|"])
    }

    @Test("parseXMLOrHTML falls back to HTML for XHTML that is not well-formed")
    func fallback() throws {
        let broken = Fixture.xhtml("<p>open <b>bold</p><p>next &nbsp; entity</p>")
        let content = try HTMLBlockConverter().convert(Array(broken.utf8), name: "broken.xhtml")
        #expect(content.warnings.first?.contains("read as HTML") == true)
        #expect(content.blocks.map(\.text).contains("open bold"))
    }

    @Test("nesting 10 000 levels deep does not crash", arguments: ["div", "span", "blockquote", "ul", "li", "table"])
    func deepNesting(element: String) throws {
        let open = String(repeating: "<\(element)>", count: 10_000)
        let close = String(repeating: "</\(element)>", count: 10_000)
        let source = "<html><body>\(open)deep text\(close)<p>after</p></body></html>"
        for syntax in [MarkupDocument.Syntax.html] {
            let content = try Fixture.convert(source, syntax: syntax)
            SourceCheck.checkChunks(content)
        }
        // The XML parser refuses the depth, the HTML parser takes over.
        let content = try HTMLBlockConverter().convert(Array(source.utf8), name: "deep.xhtml")
        #expect(content.blocks.count <= 10_001)
    }

    @Test("a hand-built tree deeper than the walk limit is cut with a warning")
    func walkLimit() throws {
        let limits = MarkupLimits(maxInputBytes: 1 << 20, maxDepth: 40, maxTextLength: 1 << 10)
        let source = Fixture.xhtml(String(repeating: "<div>", count: 60) + "lost" + String(repeating: "</div>", count: 60)
                                   + "<p>kept</p>")
        let document = try MarkupDocument.parse(Array(source.utf8), syntax: .xml, name: "deep", limits: limits)
        let content = HTMLBlockConverter().convert(document)
        #expect(content.summary == ["p kept"])
        #expect(content.warnings.count == 1)
    }

    @Test("empty documents")
    func emptyDocuments() throws {
        for source in [#"<html xmlns="http://www.w3.org/1999/xhtml"><body/></html>"#,
                       #"<html xmlns="http://www.w3.org/1999/xhtml"><head><title> </title></head><body>  </body></html>"#,
                       #"<html xmlns="http://www.w3.org/1999/xhtml"/>"#] {
            let content = try Fixture.convert(source)
            #expect(content.blocks.isEmpty)
            #expect(content.pathIndex.sourceLength == 0)
            #expect(content.title == nil)
        }
    }

    @Test("fragments without html or body")
    func fragments() throws {
        let html = try Fixture.convert("hello <b>world</b>", syntax: .html)
        #expect(html.summary == ["p hello world"])
        let xml = try Fixture.convert("<p>just a <i>paragraph</i></p>")
        #expect(xml.summary == ["p just a paragraph"])
        #expect(xml.pathIndex.chunks.map(\.path.cfi) == ["/1", "/2/1"])
    }

    @Test("an SVG content document")
    func svgDocument() throws {
        let content = try Fixture.convert("""
            <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" version="1.1">\
            <title>Cover</title><image width="600" height="800" xlink:href="images/cover.jpg"/></svg>
            """)
        #expect(content.title == "Cover")
        #expect(content.summary == ["img(images/cover.jpg)"])
    }

    @Test("unknown elements are inline containers")
    func unknownElements() throws {
        let content = try Fixture.body(#"<p>a<foo>b</foo><x:baz xmlns:x="urn:x">c</x:baz><custom-el>d</custom-el></p>"#)
        #expect(content.summary == ["p abcd"])
    }

    @Test("mbp:pagebreak is inline by default and a section break with the MOBI options")
    func mobiPageBreak() throws {
        let source = "<html><body><p>one</p><mbp:pagebreak/><p>two<mbp:pagebreak/>three</p></body></html>"
        let plain = try Fixture.convert(source, syntax: .html)
        #expect(plain.summary == ["p one", "p twothree"])
        #expect(plain.sectionBreaks.isEmpty)
        let mobi = try Fixture.convert(source, syntax: .html, options: .mobi)
        #expect(mobi.summary == ["p one", "p two", "p three"])
        #expect(mobi.sectionBreaks == [HTMLSectionBreak(blockIndex: 1, sourceOffset: 3),
                                       HTMLSectionBreak(blockIndex: 2, sourceOffset: 6)])
    }

    @Test("a huge text node and many paragraphs convert in linear time")
    func largeInput() throws {
        let words = String(repeating: "word  ", count: 400_000)
        let clock = ContinuousClock()
        let start = clock.now
        let content = try Fixture.body("<p>\(words)</p>" + String(repeating: "<p>para <i>x</i></p>\n", count: 40_000))
        let elapsed = clock.now - start
        #expect(content.blocks.count == 40_001)
        #expect(content.blocks[0].text.utf16.count == 400_000 * 5 - 1)
        #expect(content.blocks[0].sourceMap.runs.count == 400_000)  // each word merges with the space after it
        #expect(elapsed < .seconds(30))
    }

    @Test("the conversion is deterministic")
    func deterministic() throws {
        let first = try Fixture.convert(SourceMapTests.rich)
        let second = try Fixture.convert(SourceMapTests.rich)
        #expect(first.blocks == second.blocks)
        #expect(first.pathIndex == second.pathIndex)
        #expect(first.links == second.links)
    }
}
