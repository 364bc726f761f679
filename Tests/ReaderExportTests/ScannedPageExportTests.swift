import Foundation
import ReaderCore
import ReaderTestSupport
import Testing

/// A PDF page that is only a picture (a scan) is exported as that picture, rendered.
@Suite("EPUB export of a scanned PDF page")
struct ScannedPageExportTests {
    @Test("the scanned page arrives as a PNG of the page, beside the cover, with its alternative text")
    func scannedPage() throws {
        try withTemporaryDirectory(prefix: "scan-export") { folder in
            let book = try ExportedBook(path: TestLocation.testBooks.appendingPathComponent("pdf/scanned-page.pdf").path, into: folder)
            #expect(book.summary.images == 2, "the cover and page 2")
            #expect(book.summary.notes.isEmpty, "\(book.summary.notes)")
            let exported = try #require(try book.openExport() as? any ResourceProviding)
            let pages = try exported.resources().filter { $0.mediaType == "image/png" && !$0.href.contains("cover") }
            #expect(pages.count == 1)
            let png = try exported.resourceData(href: try #require(pages.first).href)
            #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
            #expect(try ExportedBook.words(of: book.openExport()).contains("image"))
        }
    }
}
