import ReaderXML
import Testing

/// Inputs the `epub-markup` fuzzer (Fuzz/) found, kept so the fixes stay fixed.
@Suite("ReaderXML: fuzzer regressions")
struct XMLFuzzRegressionTests {
    /// An HTML document whose `<meta>` switches the parser to UTF-7 while the bytes after it are
    /// UTF-8. libxml2 raises the conversion error outside any parser context, so it used to bypass
    /// the parse's error hook and print "encoding error : input conversion failed due to input
    /// error, bytes 0xC3 0xA9 0x20 0x61" and "I/O error : encoder error" to stderr.
    private static let switchesToUTF7: [UInt8] = Array("""
        <html><head><meta http-equiv="Content-Type" content="text/html; charset=utf-7"/></head>\
        <body><p>café au lait</p></body></html>
        """.utf8)

    @Test("an encoding conversion error raised outside the parser context is collected as a warning")
    func conversionErrorIsCollected() throws {
        let document = try MarkupDocument.parse(Self.switchesToUTF7, syntax: .html, name: "utf7.html")
        #expect(document.warnings.contains { $0.contains("input conversion failed") }, "\(document.warnings)")
        #expect(document.root?.name == "html")
    }
}
