import ReaderCore
import Testing
@testable import ReaderPDF

/// The PDF backend's sniffer alone: `%PDF-` within the first KiB, whatever the extension.
@Suite struct PDFSnifferTests {
    private func sniff(_ bytes: [UInt8], _ fileExtension: String? = nil) -> FormatSniffer.Result? {
        PDFSniffer().sniff(SniffSample(bytes: bytes, fileExtension: fileExtension))
    }

    @Test func findsTheHeaderAfterJunkWithinOneKiB() {
        #expect(sniff(Array("%PDF-1.7\n".utf8), "txt") == .init(format: .pdf, evidence: .magicBytes))
        #expect(sniff([UInt8](repeating: 0x20, count: 1019) + Array("%PDF-".utf8))?.format == .pdf)
        #expect(sniff([UInt8](repeating: 0x20, count: 1020) + Array("%PDF-".utf8)) == nil)
        #expect(sniff([], "pdf") == nil, "an empty file is left to the extension rule")
        #expect(PDFSniffer().priority > 200, "outranks the zip and Palm database signatures")
    }
}
