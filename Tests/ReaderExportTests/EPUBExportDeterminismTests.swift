import Foundation
import ReaderCore
import ReaderEngine
import ReaderExport
import ReaderTestSupport
import Testing

/// The same input gives the same bytes, and the package says what the source does.
@Suite("EPUB export: determinism and package")
struct EPUBExportDeterminismTests {
    @Test("exporting twice gives byte-identical files", arguments: ["epub/moon-garden.epub", "md/field-notes.md", "pdf/harbour-lights.pdf"])
    func twice(book: String) throws {
        try withTemporaryDirectory(prefix: "export-twice") { folder in
            let path = TestLocation.testBooks.appendingPathComponent(book).path
            let first = try ExportedBook(path: path, into: folder.appendingPathComponent("a"))
            let second = try ExportedBook(path: path, into: folder.appendingPathComponent("b"))
            let a = try Data(contentsOf: URL(fileURLWithPath: first.exportPath))
            let b = try Data(contentsOf: URL(fileURLWithPath: second.exportPath))
            #expect(a == b)
            #expect(first.summary.identifier == second.summary.identifier)
            // OCF: the stored mimetype entry comes first, its bytes at offset 38.
            #expect(Array(a[30..<38]) == Array("mimetype".utf8))
            #expect(Array(a[38..<58]) == Array("application/epub+zip".utf8))
        }
    }

    @Test("a source without an identifier gets a urn:uuid from its fingerprint")
    func identifier() throws {
        try withTemporaryDirectory(prefix: "export-id") { folder in
            let path = TestLocation.testBooks.appendingPathComponent("txt/lighthouse-keeper.txt").path
            let exported = try ExportedBook(path: path, into: folder)
            let sha = try exported.source.fingerprint().sha256
            #expect(exported.summary.identifier.hasPrefix("urn:uuid:" + sha.prefix(8) + "-"))
            let reopened = try exported.openExport()
            #expect(reopened.metadata.identifiers.contains(exported.summary.identifier))
        }
    }

    @Test("metadata, the cover and the split level carry into the package")
    func metadataAndCover() throws {
        try withTemporaryDirectory(prefix: "export-meta") { folder in
            let epub = try ExportedBook(path: TestLocation.testBooks.appendingPathComponent("epub/lighthouse-keeper.epub").path, into: folder)
            let reopened = try epub.openExport()
            #expect(reopened.metadata.title == epub.source.metadata.title)
            #expect(reopened.metadata.authors == epub.source.metadata.authors)
            #expect(reopened.metadata.language == epub.source.metadata.language)
            let cover = try #require(try (epub.source as? any CoverProviding)?.coverImage())
            #expect(try (reopened as? any CoverProviding)?.coverImage()?.data == cover.data)

            let options = EPUBExportOptions(title: "Given Title", authors: ["A. Writer"], coverImage: cover.data, splitLevel: 0)
            let text = try ExportedBook(path: TestLocation.testBooks.appendingPathComponent("txt/lighthouse-keeper.txt").path,
                                        into: folder.appendingPathComponent("given"), options: options)
            let given = try text.openExport()
            #expect(given.metadata.title == "Given Title")
            #expect(given.metadata.authors == ["A. Writer"])
            #expect(try (given as? any CoverProviding)?.coverImage()?.data == cover.data)
            let chapters = try ExportedBook(path: TestLocation.testBooks.appendingPathComponent("txt/lighthouse-keeper.txt").path,
                                            into: folder.appendingPathComponent("chapters"))
            #expect(text.summary.contentDocuments == 1)
            #expect(chapters.summary.contentDocuments >= (try chapters.source.tableOfContents().count))
            #expect(chapters.summary.contentDocuments > 1)
        }
    }

    @Test("PDF print pages become a page list; a failed export leaves nothing at the destination")
    func pagesAndFailure() throws {
        try withTemporaryDirectory(prefix: "export-pages") { folder in
            let pdf = try ExportedBook(path: TestLocation.testBooks.appendingPathComponent("pdf/harbour-lights.pdf").path, into: folder)
            let fixed = try #require(pdf.source as? any FixedPageProviding)
            #expect(pdf.summary.pages == fixed.pageCount)

            let missing = folder.appendingPathComponent("no-such-folder/out.epub").path
            #expect(throws: ReaderError.self) { try EPUBExporter.export(pdf.source, to: missing) }
            #expect(!FileManager.default.fileExists(atPath: missing))
        }
    }
}
