import ReaderXML
import Testing

@Suite("Recovering XML parses")
struct RecoveringParseTests {
    @Test("well-formed XML: no error, namespaces and prefixes kept")
    func wellFormed() throws {
        let parsed = try MarkupDocument.parseRecoveringXML(Array(#"<a xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:b>x</dc:b></a>"#.utf8), name: "ok.xml")
        #expect(parsed.error == nil)
        let child = try #require(parsed.document.root?.elements.first)
        #expect(child.prefix == "dc")
        #expect(child.namespace == MarkupNamespace.dublinCore)
    }

    @Test("an unclosed element: the tree so far, the first error, a warning")
    func unclosed() throws {
        let parsed = try MarkupDocument.parseRecoveringXML(Array("<a><b>one</b><c>two".utf8), name: "cut.xml")
        #expect(parsed.error != nil)
        #expect(parsed.document.root?.normalizedText == "onetwo")
        #expect(parsed.document.warnings.first?.hasPrefix("cut.xml: not well-formed XML") == true)
    }

    @Test("an encoding libxml2 does not know is read as UTF-8")
    func unknownEncoding() throws {
        let parsed = try MarkupDocument.parseRecoveringXML(Array(#"<?xml version="1.0" encoding="x-bogus"?><a>é</a>"#.utf8), name: "enc.xml")
        #expect(parsed.error != nil)
        #expect(parsed.document.root?.text == "é")
    }

    @Test("nothing recoverable is still an error")
    func nothing() {
        #expect(throws: MarkupError.self) { try MarkupDocument.parseRecoveringXML(Array("no markup at all".utf8), name: "text.xml") }
    }

    @Test("HTML entity names from libxml2's table")
    func entities() {
        #expect(HTMLNamedEntity.character(named: "eacute") == "é")
        #expect(HTMLNamedEntity.character(named: "nosuch") == nil)
    }
}
