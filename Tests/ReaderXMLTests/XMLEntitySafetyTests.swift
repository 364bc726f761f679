import Foundation
import ReaderTestSupport
import ReaderXML
import Testing

@Suite("ReaderXML: entities, DTDs and the network")
struct XMLEntitySafetyTests {
    private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    /// Nine levels of ten references each: 10⁹ copies of "lol" if anything expanded them.
    private static let billionLaughs: String = {
        var document = "<?xml version=\"1.0\"?>\n<!DOCTYPE lolz [\n<!ENTITY lol0 \"lol\">\n"
        for level in 1...9 {
            document += "<!ENTITY lol\(level) \"\(String(repeating: "&lol\(level - 1);", count: 10))\">\n"
        }
        return document + "]>\n<lolz>&lol9;</lolz>\n"
    }()

    @Test("billion laughs fails fast as XML and never expands through any path")
    func billionLaughs() throws {
        let input = bytes(Self.billionLaughs)
        let clock = ContinuousClock()
        let started = clock.now
        #expect(throws: MarkupError.self) { try MarkupDocument.parse(input, syntax: .xml, name: "lol.xml") }
        let html = try MarkupDocument.parse(input, syntax: .html, name: "lol.html")
        let fallback = try MarkupDocument.parseXMLOrHTML(input, name: "lol.xhtml")
        #expect(clock.now - started < .seconds(2))
        for document in [html, fallback] {
            let text = try #require(document.root).text
            #expect(text.utf8.count <= input.count)
            #expect(!text.contains("lollollol"))
        }
        #expect(fallback.syntax == .html)
        #expect(fallback.warnings.first?.hasPrefix("lol.xhtml: not well-formed XML") == true)
    }

    @Test("one big entity referenced many times is refused, not copied per reference")
    func quadraticBlowup() throws {
        // 50 KB of replacement text referenced 5000 times: 250 MB if every reference were copied.
        let entity = String(repeating: "x", count: 50_000)
        let input = bytes("<?xml version=\"1.0\"?><!DOCTYPE r [<!ENTITY a \"\(entity)\">]><r>\(String(repeating: "&a;", count: 5000))</r>")
        let clock = ContinuousClock()
        let started = clock.now
        let error = try #require(throws: MarkupError.self) { try MarkupDocument.parse(input, syntax: .xml, name: "q.xml") }
        #expect(error.reason.contains("entity"))
        let fallback = try MarkupDocument.parseXMLOrHTML(input, name: "q.xhtml")
        let root = try #require(fallback.root)
        #expect(root.children.count < 10)
        #expect(root.text.utf8.count <= input.count)
        #expect(clock.now - started < .seconds(2))
    }

    @Test("a few references to a short internal entity still read as its text")
    func shortInternalEntity() throws {
        let document = try MarkupDocument.parse(bytes("""
            <?xml version="1.0"?>
            <!DOCTYPE r [<!ENTITY publisher "Ishmael &amp; Sons"><!ENTITY nbsp "&#160;"><!ENTITY who "Queequeg">]>
            <r>&who; and &who;,&nbsp;by &publisher;</r>
            """), syntax: .xml, name: "r.xml")
        #expect(try #require(document.root).text == "Queequeg and Queequeg,\u{A0}by ")
    }

    @Test("an external general entity is never loaded", arguments: [MarkupDocument.Syntax.xml, .html])
    func externalEntity(syntax: MarkupDocument.Syntax) throws {
        try withTemporaryDirectory(prefix: "xxe") { folder in
            let secret = folder.appendingPathComponent("secret.txt")
            try "TOP-SECRET-MARKER".write(to: secret, atomically: true, encoding: .utf8)
            for target in [secret.absoluteString, secret.path, "file:///etc/passwd"] {
                let input = bytes("<?xml version=\"1.0\"?><!DOCTYPE r [<!ENTITY x SYSTEM \"\(target)\">]><r>a&x;b<s>&x;</s></r>")
                let document = try MarkupDocument.parse(input, syntax: syntax, name: "xxe")
                let text = try #require(document.root).text
                #expect(!text.contains("TOP-SECRET-MARKER"))
                #expect(!text.contains("root:"))
                if syntax == .xml { #expect(text == "ab") }
            }
        }
    }

    @Test("an external parameter entity in the internal subset is never loaded")
    func externalParameterEntity() throws {
        try withTemporaryDirectory(prefix: "xxe-pe") { folder in
            let evil = folder.appendingPathComponent("evil.dtd")
            try "<!ENTITY leak \"LEAKED-MARKER\">".write(to: evil, atomically: true, encoding: .utf8)
            let input = bytes("<?xml version=\"1.0\"?><!DOCTYPE r [<!ENTITY % p SYSTEM \"\(evil.path)\"> %p;]><r>x&leak;y</r>")
            let document = try MarkupDocument.parseXMLOrHTML(input, name: "pe")
            #expect(try !#require(document.root).text.contains("LEAKED-MARKER"))
        }
    }

    @Test("DTDs and entities on the network are never fetched, and the parse still works")
    func noNetwork() throws {
        let listener = try LocalListener()
        let input = bytes("""
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.1//EN" "\(listener.url("xhtml11.dtd"))" [
              <!ENTITY remote SYSTEM "\(listener.url("entity.txt"))">
              <!ENTITY % remoteParameter SYSTEM "\(listener.url("parameter.dtd"))">
              %remoteParameter;
            ]>
            <html xmlns="http://www.w3.org/1999/xhtml"><body><p>before &remote; after</p></body></html>
            """)
        let xml = try MarkupDocument.parse(input, syntax: .xml, name: "net.xhtml")
        #expect(try #require(xml.root).normalizedText == "before after")
        let html = try MarkupDocument.parse(input, syntax: .html, name: "net.html")
        #expect(html.root != nil)
        #expect(!listener.wasContacted)
    }

    @Test("the listener does notice a connection (so the network test can fail)")
    func listenerWorks() throws {
        let listener = try LocalListener()
        #expect(!listener.wasContacted)
        let client = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(client) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = listener.port.bigEndian
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(client, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        #expect(connected == 0)
        #expect(listener.wasContacted)
    }

    @Test("XHTML named entities under an XHTML 1.1 DOCTYPE come out as their characters")
    func xhtmlNamedEntities() throws {
        let input = bytes("""
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.1//EN" "http://www.w3.org/TR/xhtml11/DTD/xhtml11.dtd">
            <html xmlns="http://www.w3.org/1999/xhtml"><head><title>t</title></head>
            <body><p id="p">caf&eacute;&nbsp;noir &mdash; &amp;&lt;&#233;&#x41;</p></body></html>
            """)
        let document = try MarkupDocument.parse(input, syntax: .xml, name: "entities.xhtml")
        let paragraph = try #require(document.root?.descendants("p").first)
        #expect(paragraph.text == "café\u{A0}noir \u{2014} &<éA")
    }

    @Test("named entities without a DOCTYPE make the XML parse fail, and the HTML fallback reads them")
    func namedEntitiesWithoutDoctype() throws {
        let input = bytes("<html><body><p>caf&eacute;&nbsp;au lait</p></body></html>")
        let error = try #require(throws: MarkupError.self) { try MarkupDocument.parse(input, syntax: .xml, name: "n.xhtml") }
        #expect(error.line == 1)
        #expect(error.reason.contains("eacute"))
        let document = try MarkupDocument.parseXMLOrHTML(input, name: "n.xhtml")
        #expect(document.syntax == .html)
        #expect(document.root?.text == "café\u{A0}au lait")
    }
}
