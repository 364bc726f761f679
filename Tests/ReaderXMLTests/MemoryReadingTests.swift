import Foundation
@testable import ReaderXML
import ReaderTestSupport
import Testing

/// The short way libxml2 reads bytes in memory (no read callback where no converter can be
/// installed) gives the very documents, warnings and errors of the usual way, and is taken only
/// where it may be.
@Suite("Reading bytes in memory the short way")
struct MemoryReadingTests {
    /// Everything a reader sees of a parse: the error, or the warnings and the whole tree.
    static func outcome(_ bytes: [UInt8], syntax: MarkupDocument.Syntax, encoding: String?) -> String {
        do {
            let document = try MarkupDocument.parse(bytes, syntax: syntax, name: "doc", encoding: encoding)
            return document.warnings.joined(separator: "\n") + "\n" + (document.root.map(tree) ?? "no root")
        } catch {
            return "error: \(error)"
        }
    }

    static func tree(_ element: MarkupElement) -> String {
        var text = "<\(element.prefix ?? ""):\(element.name) \(element.namespace ?? "")"
        for attribute in element.attributes { text += " \(attribute.name)=\(attribute.value.debugDescription)" }
        text += ">"
        for child in element.children {
            switch child {
            case .text(let value): text += value.debugDescription
            case .element(let inner): text += tree(inner)
            }
        }
        return text + "</>"
    }

    @Test("which XML takes the short way: no encoding to convert from")
    func decisions() {
        let cases: [(String, Bool)] = [
            ("<rss><channel/></rss>", true),
            (#"<?xml version="1.0"?><rss/>"#, true),
            (#"<?xml version="1.0" encoding="utf-8"?><rss/>"#, true),
            (#"<?xml version='1.0' encoding = 'UTF8' ?><rss/>"#, true),
            ("\u{FEFF}<?xml version=\"1.0\" encoding=\"UTF-8\"?><rss/>", true),
            (#"<?xml version="1.0" encoding="iso-8859-1"?><rss/>"#, false),
            (#"<?xml version="1.0" encoding="utf-16"?><rss/>"#, false),
            (#"<?xml version="1.0" ENCODING="latin1"?><rss/>"#, false),
            (#"<?xml version="1.0" encoding="utf-8"#, false),
            ("<?xml version=\"1.0\"" + String(repeating: " ", count: 2000) + "encoding=\"latin1\"?><rss/>", false),
            ("<a/>", true),
            ("<a", false),
        ]
        for (text, expected) in cases {
            let bytes = Array(text.utf8)
            let decided = bytes.withUnsafeBufferPointer { MemoryReading.neverConvertsXML($0.baseAddress!, count: $0.count) }
            #expect(decided == expected, "\(text.prefix(60).debugDescription)")
        }
        // UTF-16 that libxml2 recognises by its first bytes (a byte order mark, or `<?` as UTF-16).
        for text in ["\u{FEFF}<rss/>", #"<?xml version="1.0"?><rss/>"#] {
            let utf16 = Array(text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })
            #expect(utf16.withUnsafeBufferPointer { MemoryReading.neverConvertsXML($0.baseAddress!, count: $0.count) } == false)
        }
    }

    @Test("declared encodings are still converted")
    func converted() throws {
        let latin1: [UInt8] = Array(#"<?xml version="1.0" encoding="iso-8859-1"?><a>caf"#.utf8) + [0xE9] + Array("</a>".utf8)
        #expect(try MarkupDocument.parse(latin1, syntax: .xml, name: "l.xml").root?.text == "café")
        let html: [UInt8] = Array(#"<html><head><meta charset="iso-8859-1"></head><body>caf"#.utf8) + [0xE9] + Array("</body></html>".utf8)
        #expect(try MarkupDocument.parse(html, syntax: .html, name: "l.html").root?.normalizedText == "café")
    }

    @Test("UTF-8 given for HTML: a <meta charset> does not switch, as with the converter")
    func htmlKeepsUTF8() throws {
        let html = Array(#"<html><head><meta charset="iso-8859-1"></head><body>café ünd ß</body></html>"#.utf8)
        let document = try MarkupDocument.parse(html, syntax: .html, name: "u.html", encoding: "UTF-8")
        #expect(document.root?.normalizedText == "café ünd ß")
        #expect(document.declaredEncoding == "UTF-8")
    }

    @Test("feedparser's suite: XML read the short way as with a UTF-8 converter, HTML as with one")
    func sameOutcome() throws {
        let root = TestLocation.feedparserSuite
        let walker = try #require(FileManager.default.enumerator(atPath: root.path))
        var compared = 0
        for case let relative as String in walker where relative.hasSuffix(".xml") {
            guard let data = FileManager.default.contents(atPath: root.appendingPathComponent(relative).path) else { continue }
            let bytes = [UInt8](data)
            let short = bytes.withUnsafeBufferPointer { MemoryReading.neverConvertsXML($0.baseAddress!, count: $0.count) }
            guard short, String(validating: bytes, as: UTF8.self) != nil else { continue }
            // The encoding given sends the same bytes the usual way, through libxml2's UTF-8 converter.
            #expect(Self.outcome(bytes, syntax: .xml, encoding: nil) == Self.outcome(bytes, syntax: .xml, encoding: "UTF-8"), "\(relative)")
            // "utf-8" is not the spelling the short way takes: the usual way, with the converter.
            #expect(Self.outcome(bytes, syntax: .html, encoding: "UTF-8") == Self.outcome(bytes, syntax: .html, encoding: "utf-8"),
                    "\(relative)")
            compared += 1
        }
        #expect(compared > 1500)
    }
}
