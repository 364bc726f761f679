import ReaderTestSupport
import ReaderXML
import Testing

@Suite("ReaderXML: parsing, errors, namespaces and limits")
struct XMLParseTests {
    private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    @Test("malformed XML gives a MarkupError with the line, and parseXMLOrHTML falls back with a warning")
    func malformed() throws {
        let input = bytes("<?xml version=\"1.0\"?>\n<html>\n<body>\n<p>open\n</body>\n</html>\n")
        let error = try #require(throws: MarkupError.self) { try MarkupDocument.parse(input, syntax: .xml, name: "bad.xhtml") }
        #expect(error.document == "bad.xhtml")
        #expect(error.line == 5)
        #expect(error.reason.contains("mismatch"))
        #expect(error.description.hasPrefix("bad.xhtml: line 5: "))

        let document = try MarkupDocument.parseXMLOrHTML(input, name: "bad.xhtml")
        #expect(document.syntax == .html)
        #expect(document.warnings.first == "bad.xhtml: not well-formed XML (\(error.lineAndReason)); read as HTML")
        #expect(document.root?.descendants("p").first?.normalizedText == "open")
    }

    @Test("well-formed XML stays XML through parseXMLOrHTML, without warnings")
    func wellFormed() throws {
        let document = try MarkupDocument.parseXMLOrHTML(bytes("<a><b>x</b><b>y</b></a>"), name: "ok.xml")
        #expect(document.syntax == .xml)
        #expect(document.warnings.isEmpty)
        #expect(document.root?.elements("b").map(\.text) == ["x", "y"])
    }

    private static let xhtml = """
        <?xml version="1.0" encoding="UTF-8"?>
        <html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" xml:lang="en">
        <body>
          <section epub:type="chapter" id="c1">
            <h1>Loomings</h1>
            <span epub:type="pagebreak" id="p1" title="1"/>
            <aside epub:type="footnote" id="n1">A note.</aside>
          </section>
        </body>
        </html>
        """

    @Test("namespaces and epub:type are read in both parses", arguments: [MarkupDocument.Syntax.xml, .html])
    func namespaces(syntax: MarkupDocument.Syntax) throws {
        let document = try MarkupDocument.parse(bytes(Self.xhtml), syntax: syntax, name: "c.xhtml")
        let root = try #require(document.root)
        #expect(root.is("html", in: MarkupNamespace.xhtml))
        let section = try #require(root.descendants("section", in: MarkupNamespace.xhtml).first)
        #expect(section.attribute("type", namespace: MarkupNamespace.epubOPS) == "chapter")
        #expect(section.id == "c1")
        #expect(section.firstElement("h1")?.text == "Loomings")
        let types = root.descendants("span").compactMap { $0.attribute("type", namespace: MarkupNamespace.epubOPS) }
            + root.descendants("aside").compactMap { $0.attribute("type", namespace: MarkupNamespace.epubOPS) }
        #expect(types == ["pagebreak", "footnote"])
        #expect(root.attribute("lang", namespace: MarkupNamespace.xml) == "en")
        if syntax == .xml {
            #expect(section.namespace == MarkupNamespace.xhtml)
            #expect(section.attributes.contains { $0.name == "type" && $0.namespace == MarkupNamespace.epubOPS && $0.value == "chapter" })
            #expect(section.attribute("type") == nil)
        } else {
            #expect(section.namespace == nil)
            #expect(section.attribute("epub:type") == "chapter")
        }
    }

    @Test("OPF-style prefixed elements are matched by namespace, not prefix")
    func opfNamespaces() throws {
        let document = try MarkupDocument.parse(bytes("""
            <package xmlns="http://www.idpf.org/2007/opf" xmlns:d="http://purl.org/dc/elements/1.1/">
              <metadata><d:title>Moby-Dick</d:title><title>not dc</title></metadata>
            </package>
            """), syntax: .xml, name: "content.opf")
        let metadata = try #require(document.root?.firstElement("metadata", in: MarkupNamespace.opf))
        #expect(metadata.elements("title", in: MarkupNamespace.dublinCore).map(\.text) == ["Moby-Dick"])
        #expect(metadata.elements("title").count == 2)
    }

    @Test("the input size limit is enforced before parsing, with no HTML fallback")
    func inputLimit() throws {
        let limits = MarkupLimits(maxInputBytes: 100, maxDepth: 256, maxTextLength: 1000)
        let input = bytes("<a>" + String(repeating: "x", count: 200) + "</a>")
        let error = try #require(throws: MarkupError.self) { try MarkupDocument.parse(input, syntax: .html, name: "big", limits: limits) }
        #expect(error.reason == "207 bytes is more than the 100-byte limit")
        #expect(throws: MarkupError.self) { try MarkupDocument.parseXMLOrHTML(input, name: "big", limits: limits) }
        #expect(try MarkupDocument.parse(Array(input.prefix(100)), syntax: .html, name: "edge", limits: limits).root != nil)
    }

    @Test("text is capped at maxTextLength characters")
    func textLimit() throws {
        let limits = MarkupLimits(maxInputBytes: 1 << 20, maxDepth: 256, maxTextLength: 1000)
        let input = bytes("<a>" + String(repeating: "<b>\(String(repeating: "é", count: 300))</b>", count: 10) + "</a>")
        let document = try MarkupDocument.parse(input, syntax: .xml, name: "t", limits: limits)
        let text = try #require(document.root).text
        #expect(text.count == 1000)
        #expect(text.allSatisfy { $0 == "é" })
    }

    @Test("empty and blank input", arguments: [MarkupDocument.Syntax.xml, .html])
    func empty(syntax: MarkupDocument.Syntax) throws {
        let empty = try #require(throws: MarkupError.self) { try MarkupDocument.parse([], syntax: syntax, name: "e") }
        #expect(empty.reason == "the document is empty")
        #expect(empty.line == nil)
        #expect(throws: MarkupError.self) { try MarkupDocument.parse(bytes("  \n\t "), syntax: syntax, name: "blank") }
        #expect(throws: MarkupError.self) { try MarkupDocument.parseXMLOrHTML([], name: "e") }
    }

    /// What `parseXMLOrHTML` promises for any input: a `MarkupError` naming the document, or a
    /// document with a root that is XML without a fallback warning, or HTML with the warning first.
    private static func checkOutcome(_ bytes: [UInt8], name: String) -> MarkupDocument? {
        let document: MarkupDocument
        do {
            document = try MarkupDocument.parseXMLOrHTML(bytes, name: name)
        } catch {
            #expect(error.document == name)
            #expect(!error.reason.isEmpty)
            return nil
        }
        let root = document.root
        #expect(root != nil, "a parsed document has a root")
        switch document.syntax {
        case .xml: #expect(!document.warnings.contains { $0.contains("not well-formed XML") }, "\(document.warnings)")
        case .html: #expect(document.warnings.first?.hasPrefix("\(name): not well-formed XML (") == true, "\(document.warnings)")
        }
        if let root {
            #expect(root.text.count <= document.limits.maxTextLength)
            #expect(root.descendants("a").allSatisfy { $0.is("a") })
            #expect(root.attributes.allSatisfy { !$0.name.isEmpty })
        }
        return document
    }

    @Test("random bytes and cut documents give a document or a MarkupError, never a crash")
    func randomInput() throws {
        var generator = SeededRandom(seed: 11)
        let pieces = ["<", ">", "</", "/>", "a", "b", "<!DOCTYPE x [", "]>", "<!ENTITY e \"", "\">", "&e;", "&nbsp;", "&#x",
                      ";", "\"", "=", " ", "\n", "<![CDATA[", "]]>", "<?xml version=\"1.0\"?>", "é", "\u{0}", "xmlns:p=\"u\"", "p:"]
        var outcomes: [MarkupDocument.Syntax?] = []
        for _ in 0..<400 {
            let count = Int.random(in: 1...60, using: &generator)
            let input = bytes((0..<count).map { _ in pieces.randomElement(using: &generator)! }.joined())
            outcomes.append(Self.checkOutcome(input, name: "r")?.syntax)
        }
        // Random junk is never well-formed XML: some is refused, most is recovered as HTML.
        #expect(outcomes.contains(nil) && outcomes.contains(.html))

        let full = bytes(Self.xhtml)
        let headingEnd = try #require(Self.xhtml.range(of: "</h1>")).upperBound.utf16Offset(in: Self.xhtml)
        for length in 0...full.count {
            let document = Self.checkOutcome(Array(full.prefix(length)), name: "cut")
            if length == 0 { #expect(document == nil) }
            if length == full.count { #expect(document?.syntax == .xml && document?.warnings.isEmpty == true) }
            // Recovery keeps what came before the cut: a complete heading is read whole.
            if length >= headingEnd {
                #expect(document?.root?.descendants("h1").first?.text == "Loomings", "cut at \(length)")
            }
        }
    }

    @Test("documents parse concurrently")
    func concurrentParses() async throws {
        let input = bytes(Self.xhtml)
        let titles = try await withThrowingTaskGroup(of: String?.self) { group in
            for index in 0..<32 {
                group.addTask {
                    let document = try index.isMultiple(of: 2)
                        ? MarkupDocument.parse(input, syntax: .xml, name: "c\(index)")
                        : MarkupDocument.parseXMLOrHTML(Array(input.dropLast(40)), name: "c\(index)")
                    return document.root?.descendants("h1").first?.text
                }
            }
            return try await group.reduce(into: [String?]()) { $0.append($1) }
        }
        #expect(titles.count == 32)
        #expect(titles.allSatisfy { $0 == "Loomings" })
    }
}
