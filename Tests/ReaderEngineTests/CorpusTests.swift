import Foundation
import ReaderCore
import ReaderEngine
import Testing

/// Every TXT and Markdown file of the shared corpus opens, shows page 3, and (TXT) is decoded in
/// the encoding the manifest gives.
@Suite(.enabled(if: TestPaths.corpusAvailable, "shared corpus not found at ../shared/corpus: corpus tests skipped"))
struct CorpusTests {
    static let textRows = ManifestRow.load().filter { $0.format == "txt" || $0.format == "md" }

    @Test(arguments: textRows)
    func opensAndShowsPageThree(row: ManifestRow) throws {
        let document = try ReaderEngine.standard.open(path: TestPaths.corpus + "/" + row.path)
        #expect(document.format == (row.format == "md" ? .markdown : .txt))
        let paginator = Paginator(document: document, viewport: .standard)
        let count = try paginator.pageCount()
        let page = try paginator.page(min(3, count))
        #expect(!page.lines.isEmpty)
        #expect(page.lines.count <= Viewport.standard.rows)
    }

    @Test(arguments: textRows.filter { $0.format == "txt" })
    func detectsTheManifestEncoding(row: ManifestRow) throws {
        let document = try ReaderEngine.standard.open(path: TestPaths.corpus + "/" + row.path)
        let details = Dictionary(document.details.map { ($0.name, $0.value) }, uniquingKeysWith: { a, _ in a })
        let expected: String
        switch row.expectedEncoding {
        case "UTF-8-BOM":
            expected = "UTF-8"
            #expect(details["byte order mark"] == "yes")
        case "UTF-8 (invalid)": expected = "UTF-8"
        default: expected = row.expectedEncoding
        }
        #expect(details["encoding"]?.lowercased() == expected.lowercased())
    }

    @Test func corpusHasTextFiles() {
        #expect(Self.textRows.count >= 20)
    }
}
