import Testing
@testable import ReaderPDF

/// Finding `/Encrypt` in trailer bytes.
@Suite struct PDFTrailerScanTests {
    @Test("an /Encrypt reference or dictionary counts", arguments: [
        "trailer << /Size 9 /Encrypt 12 0 R >>", "<</Encrypt<</Filter/Standard>>>>", "/Encrypt\r\n 3 0 R",
    ])
    func encrypted(trailer: String) {
        #expect(PDFTrailerScan.containsEncryptEntry(Array(trailer.utf8)))
    }

    @Test("other keys and null do not", arguments: [
        "trailer << /Size 9 /Root 1 0 R >>", "/EncryptMetadata false", "/Encrypt null", "/Encrypt", "",
    ])
    func notEncrypted(trailer: String) {
        #expect(!PDFTrailerScan.containsEncryptEntry(Array(trailer.utf8)))
    }

    @Test func startXref() {
        #expect(PDFTrailerScan.lastStartXref(in: Array("startxref\n116\n%%EOF\nstartxref\r\n4242\n%%EOF".utf8)) == 4242)
        #expect(PDFTrailerScan.lastStartXref(in: Array("startxref\n%%EOF".utf8)) == nil)
        #expect(PDFTrailerScan.lastStartXref(in: Array("no marker".utf8)) == nil)
    }
}
