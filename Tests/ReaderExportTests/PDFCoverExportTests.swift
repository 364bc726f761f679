import Foundation
import ReaderCore
import ReaderTestSupport
import Testing

/// A PDF's cover, its first page drawn, travels into the export as a JPEG picture.
@Suite("EPUB export of a PDF's cover")
struct PDFCoverExportTests {
    @Test("the cover is images/cover.jpg, image/jpeg, the cover-image item, the source's bytes")
    func jpegCover() throws {
        try withTemporaryDirectory(prefix: "pdf-cover-export") { folder in
            let book = try ExportedBook(path: TestLocation.testBooks.appendingPathComponent("pdf/harbour-lights.pdf").path, into: folder)
            let source = try #require(try (book.source as? any CoverProviding)?.coverImage())
            #expect(source.mediaType == "image/jpeg")
            let exported = try book.openExport()
            let resources = try #require(exported as? any ResourceProviding).resources()
            #expect(resources.contains { $0.href == "OEBPS/images/cover.jpg" && $0.mediaType == "image/jpeg" }, "\(resources)")
            #expect(!resources.contains { $0.href.hasPrefix("OEBPS/images/cover.") && $0.mediaType != "image/jpeg" })
            let cover = try #require(try (exported as? any CoverProviding)?.coverImage())
            #expect(cover.mediaType == "image/jpeg")
            #expect(cover.data == source.data)
            #expect(cover.data.starts(with: [0xFF, 0xD8, 0xFF]))
        }
    }
}
