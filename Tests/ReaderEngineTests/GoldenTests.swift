import Foundation
import ReaderTestSupport
import Testing

/// Golden regression tests: any change to a fingerprint, TOC, page boundary or Locator of a
/// TestBook fails here. To accept a reviewed change, regenerate with
/// `READER_UPDATE_GOLDEN=1 swift test --filter GoldenTests` (which rewrites the files and fails),
/// review the diff in git and run again without it.
@Suite struct GoldenTests {
    static let cases: [(String, Int, Int)] = TestPaths.books.flatMap { book in
        GoldenDump.viewports.map { (book, $0.0, $0.1) }
    }

    @Test(arguments: cases)
    func matchesGolden(book: String, columns: Int, rows: Int) throws {
        let actual = try GoldenDump.render(bookPath: TestPaths.testBooks + "/" + book, columns: columns, rows: rows)
        let goldenPath = TestPaths.golden + "/" + GoldenDump.fileName(bookPath: book, columns: columns, rows: rows)
        if GoldenFile.updateRequested {
            try GoldenFile.rewrite(actual, toFile: goldenPath)
            return
        }
        let expected = try String(contentsOfFile: goldenPath, encoding: .utf8)
        if actual != expected {
            let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
            let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
            let first = zip(actualLines, expectedLines).enumerated().first { $0.element.0 != $0.element.1 }?.offset
                ?? min(actualLines.count, expectedLines.count)
            Issue.record("""
                \(book) at \(columns)x\(rows) differs from \(goldenPath) at line \(first + 1):
                  expected: \(first < expectedLines.count ? String(expectedLines[first]) : "<end>")
                  actual:   \(first < actualLines.count ? String(actualLines[first]) : "<end>")
                """)
        }
    }
}
