import ReaderCore
import ReaderEngine
import Testing

/// The standard backends' sniffers together decide as the one sniffer of ReaderCore once did.
@Suite struct FormatSnifferTests {
    private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    private func sniff(sample: [UInt8], fileExtension: String?) -> FormatSniffer.Result? {
        ReaderEngine.standard.registry.sniff(sample: sample, fileExtension: fileExtension)
    }

    @Test func pdfSignatureWinsOverTextExtension() {
        let result = sniff(sample: bytes("%PDF-1.7\n%\u{00E2}\u{00E3}\n1 0 obj"), fileExtension: "txt")
        #expect(result?.format == .pdf)
        #expect(result?.evidence == .magicBytes)
    }

    @Test func anEmptyFileIsWhatItsExtensionSays() {
        #expect(sniff(sample: [], fileExtension: "pdf") == .init(format: .pdf, evidence: .fileExtension))
        #expect(sniff(sample: [], fileExtension: "epub")?.format == .epub)
        #expect(sniff(sample: [], fileExtension: "md")?.format == .markdown)
        #expect(sniff(sample: [], fileExtension: nil) == .init(format: .txt, evidence: .textHeuristic))
    }

    @Test func epubNeedsTheZipSignatureAndMimetype() {
        var zip: [UInt8] = [0x50, 0x4B, 0x03, 0x04] + [UInt8](repeating: 0, count: 26)
        zip += bytes("mimetypeapplication/epub+zip")
        #expect(sniff(sample: zip, fileExtension: "md")?.format == .epub)
        let plainZip: [UInt8] = [0x50, 0x4B, 0x03, 0x04] + [UInt8](repeating: 0, count: 40)
        #expect(sniff(sample: plainZip, fileExtension: "zip") == nil)
    }

    @Test func aZipIsNeverAPalmDatabase() {
        var zipLike = [0x50, 0x4B, 0x03, 0x04] + [UInt8](repeating: 0x41, count: 56) + bytes("BOOKMOBI")
        zipLike += [UInt8](repeating: 0, count: 20)
        #expect(sniff(sample: zipLike, fileExtension: nil)?.format != .mobi)
        #expect(sniff(sample: zipLike, fileExtension: "epub")?.format == .epub)
    }

    @Test func kf8OnlyIsAZW3() {
        // Record 0 at offset 96: "MOBI" at +16, header version 8 at +16+0x14.
        var pdb = [UInt8](repeating: 0x41, count: 60) + bytes("BOOKMOBI") + [UInt8](repeating: 0, count: 10)
        pdb += [0, 0, 0, 96] + [UInt8](repeating: 0, count: 96 - 82)
        pdb += [UInt8](repeating: 0, count: 16) + bytes("MOBI") + [UInt8](repeating: 0, count: 16) + [0, 0, 0, 8]
        #expect(sniff(sample: pdb, fileExtension: "mobi")?.format == .azw3)
        pdb[pdb.count - 1] = 6
        #expect(sniff(sample: pdb, fileExtension: "azw3")?.format == .mobi)
    }

    @Test func palmDatabaseIsMobi() {
        var pdb = [UInt8](repeating: 0x41, count: 60) + bytes("BOOKMOBI") + [UInt8](repeating: 0, count: 20)
        #expect(sniff(sample: pdb, fileExtension: nil)?.format == .mobi)
        pdb.replaceSubrange(60..<68, with: bytes("TEXtREAd"))
        #expect(sniff(sample: pdb, fileExtension: "txt")?.format == .mobi)
    }

    @Test func textChoosesMarkdownByExtensionThenSyntax() {
        #expect(sniff(sample: bytes("Hello there."), fileExtension: "md")?.format == .markdown)
        #expect(sniff(sample: bytes("# Title\n\nText"), fileExtension: "txt")?.format == .txt)
        #expect(sniff(sample: bytes("---\ntitle: x\n---\nbody"), fileExtension: nil)?.format == .markdown)
        let markdownish = "# One\n\nSee [a](b).\n\n## Two\n\n```\ncode\n```\n"
        #expect(sniff(sample: bytes(markdownish), fileExtension: "notes")?.format == .markdown)
        #expect(sniff(sample: bytes("Just a letter.\nRegards."), fileExtension: nil)?.format == .txt)
    }

    @Test func byteOrderMarksAreText() {
        #expect(sniff(sample: [0xFF, 0xFE, 0x41, 0x00], fileExtension: nil)?.evidence == .byteOrderMark)
        #expect(sniff(sample: [0xEF, 0xBB, 0xBF, 0x41], fileExtension: "md")?.format == .markdown)
    }

    @Test func bomLessUTF16IsTextButBinaryIsNot() {
        let utf16 = Array("Plain words in UTF-16 little endian.".utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        #expect(sniff(sample: utf16, fileExtension: nil)?.format == .txt)
        let binary: [UInt8] = (0..<512).map { UInt8(($0 * 37 + 11) % 256) }
        #expect(sniff(sample: binary, fileExtension: "txt") == nil)
    }

    @Test func aFileNamedAsABinaryFormatIsNeverText() {
        #expect(sniff(sample: bytes("%PD"), fileExtension: "pdf") == .init(format: .pdf, evidence: .fileExtension))
        #expect(sniff(sample: bytes("Chapter one.\nIt was dark."), fileExtension: "epub") == .init(format: .epub, evidence: .fileExtension))
        #expect(sniff(sample: (0..<512).map { UInt8(($0 * 37 + 11) % 256) }, fileExtension: "mobi")?.format == .mobi)
        #expect(sniff(sample: bytes("BOOK"), fileExtension: "azw3")?.format == .azw3)
        // Text formats keep their text judgement, and content that is really another format wins.
        #expect(sniff(sample: bytes("# Title\n\nText"), fileExtension: "txt")?.format == .txt)
        #expect(sniff(sample: bytes("%PDF-1.7\n1 0 obj"), fileExtension: "epub")?.format == .pdf)
    }
}
