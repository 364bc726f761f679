import Foundation
import ReaderCore
import ReaderEngine
import Testing

/// The page count shown before the exact one is known, on every EPUB, MOBI and AZW3 of the corpus:
/// close to the exact count and the same however far the reader has paged.
@Suite(.enabled(if: TestPaths.corpusAvailable, "shared corpus not found at ../shared/corpus: corpus tests skipped"))
struct PageCountEstimateCorpusTests {
    static var books: [String] {
        ["epub", "mobi"].flatMap { folder in
            ((try? FileManager.default.contentsOfDirectory(atPath: TestPaths.corpus + "/" + folder)) ?? [])
                .filter { ["epub", "mobi", "azw3"].contains(($0 as NSString).pathExtension) }.sorted().map { folder + "/" + $0 }
        }
    }

    @Test("estimates are within 10% of the exact count (one page for tiny books) and stable", arguments: books)
    func estimateIsCloseAndStable(book: String) throws {
        let viewport = try Viewport(columns: 80, rows: 24)
        let path = TestPaths.corpus + "/" + book
        let session = try ReadingSession(path: path, viewport: viewport)
        defer { session.close() }
        _ = try session.page(1)
        let first = try session.pageCount()
        let exact = try ReadingSession(path: path, viewport: viewport).exactPageCount()
        #expect(first.value >= 1)
        #expect(abs(first.value - exact) <= max(1, exact / 10), "\(book): estimated \(first), exactly \(exact)")
        guard !first.isExact else { return }
        if exact >= 5 { _ = try session.page(5) }
        let later = try session.pageCount()
        #expect(later.isExact ? later.value == exact : later == first, "the same estimate after paging on, until it is exact")
    }
}
