import ReaderCore
import ReaderTestSupport
import Testing
@testable import ReaderPDF

/// The info dictionary and XMP merged into DocumentMetadata.
@Suite struct PDFMetadataReaderTests {
    private func info(title: String? = nil, author: String? = nil, subject: String? = nil, keywords: String? = nil,
                      xmp: String? = nil) -> PDFInfo {
        PDFInfo(title: title, author: author, subject: subject, keywords: keywords, creator: "LaTeX", producer: "pdfTeX",
                creationDate: "2024-03-01T10:20:30Z", modificationDate: "2024-03-02T10:20:30Z", pdfVersion: "1.5",
                isEncrypted: false, xmp: xmp)
    }

    @Test func infoDictionary() {
        let metadata = PDFMetadataReader.metadata(
            info: info(title: "A Title", author: "Ada Lovelace; Charles Babbage;", subject: "About engines",
                       keywords: "engines, numbers; engines,"),
            pageCount: 12)
        #expect(metadata.title == "A Title")
        #expect(metadata.authors == ["Ada Lovelace", "Charles Babbage"])
        #expect(metadata.contributors.map(\.name) == ["Ada Lovelace", "Charles Babbage"])
        #expect(metadata.subjects == ["engines", "numbers"])
        #expect(metadata.description == "About engines")
        #expect(metadata.date == "2024-03-01T10:20:30Z")
        #expect(metadata.fields == [
            "producer": "pdfTeX", "creator": "LaTeX", "pdf-version": "1.5", "modified": "2024-03-02T10:20:30Z",
            "pages": "12", "encrypted": "no",
        ])
    }

    @Test("an author named 'Smith and Jones' stays one author")
    func andIsNotSplit() {
        #expect(PDFMetadataReader.metadata(info: info(author: "Smith and Jones"), pageCount: 1).authors == ["Smith and Jones"])
    }

    @Test func xmpFillsWhatTheInfoDictionaryLacks() {
        let metadata = PDFMetadataReader.metadata(info: info(xmp: XMPMetadataTests.elements), pageCount: 1)
        #expect(metadata.title == "The Title")
        #expect(metadata.authors == ["Ada Lovelace", "Charles Babbage"])
        #expect(metadata.description == "Notes on the engine")
        #expect(metadata.subjects == ["analytical", "engine"], "pdf:Keywords before dc:subject")
        #expect(metadata.language == "en-GB")
        #expect(metadata.fields["producer"] == "pdfTeX", "the info dictionary wins where it has a value")
        let withTitle = PDFMetadataReader.metadata(info: info(title: "Info Title", xmp: XMPMetadataTests.elements), pageCount: 1)
        #expect(withTitle.title == "Info Title")
    }

    @Test("corpus: an encrypted file says so, and pdfinfo's title and author come through",
          .enabled(if: TestLocation.corpusAvailable))
    func corpus() throws {
        let encrypted = try PopplerDocument.open(path: PDFCorpus.path("encrypted/empty_protected_owner-only.pdf"), password: nil)
        let metadata = PDFMetadataReader.metadata(info: encrypted.info, pageCount: encrypted.pageCount)
        #expect(metadata.fields["encrypted"] == "yes")
        #expect(metadata.fields["pdf-version"] == "1.7")
        #expect(metadata.fields["pages"] == "1")
        let fonts = try PopplerDocument.open(path: PDFCorpus.path("standard_fonts_14-base-fonts.pdf"), password: nil)
        let fontsMetadata = PDFMetadataReader.metadata(info: fonts.info, pageCount: fonts.pageCount)
        #expect(fontsMetadata.title == "TCPDF Example 055")
        #expect(fontsMetadata.authors == ["Nicola Asuni"])
        #expect(fontsMetadata.subjects == ["TCPDF", "PDF", "example", "test", "guide"])
        #expect(fontsMetadata.description == "TCPDF Tutorial")
    }
}
