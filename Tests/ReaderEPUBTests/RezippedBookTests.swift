import Foundation
import ReaderCore
import ReaderTestSupport
import ReaderZip
import Testing
@testable import ReaderEPUB

/// The EPUB exporter's path in small: a book's entries written again by ``ZipWriter`` read as
/// the same book.
@Suite("EPUB re-zipped by ZipWriter")
struct RezippedBookTests {
    @Test("a TestBook re-zipped (mimetype stored first, the rest deflated) reads the same, without warnings",
          arguments: ["lighthouse-keeper.epub", "moon-garden.epub", "winter-road-fixed.epub"])
    func rezipped(book: String) throws {
        try withTemporaryDirectory(prefix: "rezip") { folder in
            let source = try ZipArchive(path: EPUBTestBooks.path(book))
            let path = folder.appendingPathComponent(book).path
            let writer = try ZipWriter(path: path, method: .deflate(level: 9))
            try writer.add("mimetype", try source.read("mimetype"), method: .stored)
            for entry in source.entries where entry.name != "mimetype" {
                try writer.add(entry.name, try source.read(entry.name))
            }
            try writer.finish()

            let original = try EPUBTestBooks.open(book)
            let copy = try EPUBBackend().open(path: path, format: .epub, options: .init()) as! EPUBDocument
            #expect(copy.metadata.warnings == original.metadata.warnings)
            #expect(!copy.metadata.warnings.contains { $0.contains("mimetype") })
            #expect(copy.metadata.title == original.metadata.title)
            #expect(copy.readingOrder.map(\.href) == original.readingOrder.map(\.href))
            #expect(try copy.tableOfContents() == original.tableOfContents())
            #expect(try EPUBTestBooks.fullText(copy) == EPUBTestBooks.fullText(original))
        }
    }
}
