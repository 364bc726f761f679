import ReaderCore
import Testing
@testable import ReaderTXT

/// The TXT backend's two sniffers: text named `.txt` before Markdown looks, any text at the end.
@Suite struct TXTSnifferTests {
    @Test func claimsTextByExtensionThenAnyText() {
        let text = Array("# Title\n\nText".utf8)
        let named = SniffSample(bytes: text, fileExtension: "txt", formatByExtension: .txt)
        let unnamed = SniffSample(bytes: text, fileExtension: "notes")
        let byExtension = TXTSniffer(requiresExtension: true), fallback = TXTSniffer(requiresExtension: false)
        #expect(byExtension.sniff(named) == .init(format: .txt, evidence: .textHeuristic))
        #expect(byExtension.sniff(unnamed) == nil)
        #expect(fallback.sniff(unnamed)?.format == .txt)
        #expect(fallback.sniff(SniffSample(bytes: [0xFF, 0xFE, 0x41, 0x00], fileExtension: nil))?.evidence == .byteOrderMark)
        let binary: [UInt8] = (0..<512).map { UInt8(($0 * 37 + 11) % 256) }
        #expect(fallback.sniff(SniffSample(bytes: binary, fileExtension: "txt", formatByExtension: .txt)) == nil)
        #expect(byExtension.priority > -100 && fallback.priority < -100, "around Markdown's -100")
    }
}
