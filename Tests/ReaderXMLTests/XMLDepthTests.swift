import ReaderXML
import Testing

@Suite("ReaderXML: deep nesting")
struct XMLDepthTests {
    private static let levels = 100_000

    private static func nested(_ tag: String, levels: Int, inner: String = "deep") -> [UInt8] {
        Array((String(repeating: "<\(tag)>", count: levels) + inner + String(repeating: "</\(tag)>", count: levels)).utf8)
    }

    @Test("100 000 levels of XML are refused at libxml2's depth limit, with a line")
    func deepXML() throws {
        let error = try #require(throws: MarkupError.self) {
            try MarkupDocument.parse(Self.nested("a", levels: Self.levels), syntax: .xml, name: "deep.xml")
        }
        #expect(error.line == 1)
        #expect(error.reason.contains("depth"))
    }

    @Test("100 000 levels of HTML parse without crashing, stop at libxml2's depth limit and say so")
    func deepHTML() throws {
        let input = Array(("<html><body>" + String(repeating: "<div>", count: Self.levels) + "deep"
            + String(repeating: "</div>", count: Self.levels) + "</body></html>").utf8)
        let document = try MarkupDocument.parse(input, syntax: .html, name: "deep.html")
        #expect(document.warnings.first == "line 1: Excessive depth in document: 256 use XML_PARSE_HUGE option")
        let root = try #require(document.root)
        let divs = root.descendants("div")
        #expect(divs.count < document.limits.maxDepth)
        #expect(divs.allSatisfy { $0.depth <= document.limits.maxDepth })
        #expect(root.text == "")
        let fallback = try MarkupDocument.parseXMLOrHTML(input, name: "deep.xhtml")
        #expect(fallback.syntax == .html)
        #expect(fallback.warnings.first?.contains("Excessive depth") == true)
    }

    @Test("even with the walk limit raised, libxml2 builds no tree deeper than 256, so text stays shallow")
    func raisedWalkLimit() throws {
        let limits = MarkupLimits(maxInputBytes: 64 << 20, maxDepth: 1_000_000, maxTextLength: 1 << 20)
        let input = Array(("<html><body>" + String(repeating: "<div>x", count: Self.levels)
            + String(repeating: "</div>", count: Self.levels) + "</body></html>").utf8)
        let document = try MarkupDocument.parse(input, syntax: .html, name: "deep.html", limits: limits)
        let root = try #require(document.root)
        let deepest = root.descendants("div").map(\.depth).max() ?? 0
        #expect(deepest <= 256)
        #expect(root.text.count == deepest - 1)
    }

    @Test("the walk stops at limits.maxDepth", arguments: [MarkupDocument.Syntax.xml, .html])
    func walkLimit(syntax: MarkupDocument.Syntax) throws {
        let limits = MarkupLimits(maxInputBytes: 1 << 20, maxDepth: 10, maxTextLength: 1 << 20)
        let input = Array(("<root>top" + String(repeating: "<div>x", count: 30) + String(repeating: "</div>", count: 30) + "</root>").utf8)
        let document = try MarkupDocument.parse(input, syntax: syntax, name: "d", limits: limits)
        let root = try #require(syntax == .xml ? document.root : document.root?.descendants("root").first)
        let deepest = root.descendants("div").map(\.depth).max() ?? 0
        #expect(deepest == 10)
        // An element at the limit is a leaf of the walk: only the divs above it give their "x".
        #expect(root.text == "top" + String(repeating: "x", count: 10 - root.depth - 1))
    }

    @Test("a document within the depth limit has no warning and is walked whole")
    func shallow() throws {
        let document = try MarkupDocument.parse(Self.nested("a", levels: 200), syntax: .xml, name: "ok.xml")
        #expect(document.warnings.isEmpty)
        #expect(document.root?.text == "deep")
        #expect(document.root?.descendants("a").count == 199)
    }
}
