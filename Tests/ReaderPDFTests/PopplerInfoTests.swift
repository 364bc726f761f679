import Foundation
import ReaderCore
import ReaderTestSupport
import Testing
@testable import ReaderPDF

/// The info dictionary, version, dates and encryption, against pdfinfo's report.
@Suite("Poppler: document info", .enabled(if: TestLocation.corpusAvailable))
struct PopplerInfoTests {
    static let readable = PDFCorpus.files.filter { (PDFCorpus.pageCounts[$0] ?? nil) != nil }

    private func open(_ name: String) throws -> PopplerDocument {
        try PopplerDocument.open(path: PDFCorpus.path(name), password: name.contains("user-baz") ? "baz" : nil)
    }

    @Test("title, author, subject, keywords, creator, producer, dates and version as pdfinfo prints them",
          arguments: readable)
    func matchesPDFInfo(name: String) throws {
        let info = try open(name).info
        let reference = PDFCorpus.pdfinfo(name)
        try #require(!reference.isEmpty)
        func blankIsNil(_ key: String) -> String? {
            guard let value = reference[key], !value.isEmpty else { return nil }
            return value
        }
        #expect(info.title == blankIsNil("Title"))
        #expect(info.author == blankIsNil("Author"))
        #expect(info.subject == blankIsNil("Subject"))
        #expect(info.keywords == blankIsNil("Keywords"))
        #expect(info.creator == blankIsNil("Creator"))
        #expect(info.producer == blankIsNil("Producer"))
        #expect(info.pdfVersion == reference["PDF version"])
        #expect(info.creationDate == blankIsNil("CreationDate").flatMap(PDFCorpus.isoDate(fromPDFInfo:)))
        #expect(info.modificationDate == blankIsNil("ModDate").flatMap(PDFCorpus.isoDate(fromPDFInfo:)))
        #expect(info.xmp != nil || reference["Metadata Stream"] != "yes")
    }

    @Test("encrypted exactly when pdfinfo says so", arguments: readable)
    func encryption(name: String) throws {
        let info = try open(name).info
        let reference = try #require(PDFCorpus.pdfinfo(name)["Encrypted"])
        #expect(info.isEncrypted == reference.hasPrefix("yes"))
    }

    @Test("a few values spelled out")
    func spotChecks() throws {
        let calrgb = try open("calrgb_17-pages.pdf").info
        #expect(calrgb.title == "CalRGB Color Space Test PDF")
        #expect(calrgb.author == "Kalervo Kujala")
        #expect(calrgb.creationDate == "2014-08-16T09:27:19Z")
        #expect(calrgb.pdfVersion == "1.7")
        #expect(!calrgb.isEncrypted)
        let federal = try open("federal-register_ml-lines.pdf").info
        #expect(federal.title == nil)
        #expect(federal.xmp?.contains("<xmp:CreatorTool>") == true)
    }

    @Test("page labels: none in the corpus file, so nil")
    func noPageLabels() throws {
        let document = try open("tracemonkey.pdf")
        #expect(try document.pageLabel(1) == nil)
        #expect(try document.pageLabel(14) == nil)
    }
}

/// What poppler says about documents built in code.
@Suite("Poppler: built documents")
struct PopplerFixtureTests {
    private func withFixture(_ bytes: [UInt8], _ body: (PopplerDocument) throws -> Void) throws {
        try withTemporaryDirectory(prefix: "reader-pdf-fixture") { directory in
            let path = try PDFFixture.write(bytes, named: "fixture.pdf", in: directory)
            try body(try PopplerDocument.open(path: path, password: nil))
        }
    }

    @Test func pageLabelsAreReadAndPlainNumbersAreNil() throws {
        let bytes = PDFFixture.document(pages: 4, catalogExtra: "/PageLabels << /Nums [0 << /S /r >> 2 << /S /D >>] >>")
        try withFixture(bytes) { (document: PopplerDocument) throws in
            #expect(try document.pageLabel(1) == "i")
            #expect(try document.pageLabel(2) == "ii")
            #expect(try document.pageLabel(3) == "1")
            #expect(try document.pageLabel(4) == "2")
        }
        try withFixture(PDFFixture.document(pages: 2)) { (document: PopplerDocument) throws in
            #expect(try document.pageLabel(2) == nil)
        }
    }

    @Test func plainDocument() throws {
        try withFixture(PDFFixture.document(pages: 3)) { (document: PopplerDocument) throws in
            #expect(document.pageCount == 3)
            #expect(document.info.pdfVersion == "1.4")
            #expect(document.info.title == nil && document.info.xmp == nil && document.info.creationDate == nil)
            #expect(!document.info.isEncrypted)
            #expect(try document.pageText(2).text == "Page 2")
            #expect(try document.pageSize(1) == (612, 792))
            #expect(document.outline().isEmpty)
            #expect(document.warnings.isEmpty)
        }
    }
}
