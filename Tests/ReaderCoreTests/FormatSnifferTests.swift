@testable import ReaderCore
import Testing

@Suite struct FormatSnifferTests {
    private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    @Test func pdfSignatureWinsOverTextExtension() {
        let result = FormatSniffer.sniff(sample: bytes("%PDF-1.7\n%\u{00E2}\u{00E3}\n1 0 obj"), fileExtension: "txt")
        #expect(result?.format == .pdf)
        #expect(result?.evidence == .magicBytes)
    }

    @Test func anEmptyFileIsWhatItsExtensionSays() {
        #expect(FormatSniffer.sniff(sample: [], fileExtension: "pdf") == .init(format: .pdf, evidence: .fileExtension))
        #expect(FormatSniffer.sniff(sample: [], fileExtension: "epub")?.format == .epub)
        #expect(FormatSniffer.sniff(sample: [], fileExtension: "md")?.format == .markdown)
        #expect(FormatSniffer.sniff(sample: [], fileExtension: nil) == .init(format: .txt, evidence: .textHeuristic))
    }

    @Test func epubNeedsTheZipSignatureAndMimetype() {
        var zip: [UInt8] = [0x50, 0x4B, 0x03, 0x04] + [UInt8](repeating: 0, count: 26)
        zip += bytes("mimetypeapplication/epub+zip")
        #expect(FormatSniffer.sniff(sample: zip, fileExtension: "md")?.format == .epub)
        let plainZip: [UInt8] = [0x50, 0x4B, 0x03, 0x04] + [UInt8](repeating: 0, count: 40)
        #expect(FormatSniffer.sniff(sample: plainZip, fileExtension: "zip") == nil)
    }

    @Test func palmDatabaseIsMobi() {
        var pdb = [UInt8](repeating: 0x41, count: 60) + bytes("BOOKMOBI") + [UInt8](repeating: 0, count: 20)
        #expect(FormatSniffer.sniff(sample: pdb, fileExtension: nil)?.format == .mobi)
        pdb.replaceSubrange(60..<68, with: bytes("TEXtREAd"))
        #expect(FormatSniffer.sniff(sample: pdb, fileExtension: "txt")?.format == .mobi)
    }

    @Test func textChoosesMarkdownByExtensionThenSyntax() {
        #expect(FormatSniffer.sniff(sample: bytes("Hello there."), fileExtension: "md")?.format == .markdown)
        #expect(FormatSniffer.sniff(sample: bytes("# Title\n\nText"), fileExtension: "txt")?.format == .txt)
        #expect(FormatSniffer.sniff(sample: bytes("---\ntitle: x\n---\nbody"), fileExtension: nil)?.format == .markdown)
        let markdownish = "# One\n\nSee [a](b).\n\n## Two\n\n```\ncode\n```\n"
        #expect(FormatSniffer.sniff(sample: bytes(markdownish), fileExtension: "notes")?.format == .markdown)
        #expect(FormatSniffer.sniff(sample: bytes("Just a letter.\nRegards."), fileExtension: nil)?.format == .txt)
    }

    @Test func byteOrderMarksAreText() {
        #expect(FormatSniffer.sniff(sample: [0xFF, 0xFE, 0x41, 0x00], fileExtension: nil)?.evidence == .byteOrderMark)
        #expect(FormatSniffer.sniff(sample: [0xEF, 0xBB, 0xBF, 0x41], fileExtension: "md")?.format == .markdown)
    }

    @Test func bomLessUTF16IsTextButBinaryIsNot() {
        let utf16 = Array("Plain words in UTF-16 little endian.".utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        #expect(FormatSniffer.sniff(sample: utf16, fileExtension: nil)?.format == .txt)
        let binary: [UInt8] = (0..<512).map { UInt8(($0 * 37 + 11) % 256) }
        #expect(FormatSniffer.sniff(sample: binary, fileExtension: "txt") == nil)
    }
}
