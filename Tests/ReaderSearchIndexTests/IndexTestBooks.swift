import Foundation
import ReaderCore
import ReaderEngine
import ReaderSearch
import ReaderTestSupport

/// The books the index tests search, and the full scan their results are held to.
enum IndexTestBooks {
    /// A TestBook opened by the standard engine; `book` is relative to `TestBooks/`.
    static func open(_ book: String) throws -> any Document {
        try ReaderEngine.standard.open(path: TestLocation.testBooks.appendingPathComponent(book).path)
    }

    /// Every hit of `query`, over the given sections or (nil) a full scan.
    static func hits(_ document: any Document, _ query: SearchQuery, sections: [Int]? = nil) throws -> [SearchHit] {
        try DocumentSearch(document: document, query: query, sections: sections).allHits()
    }

    /// Runs `body` with lighthouse-keeper.txt 80 times over as one text file: a TXT book of
    /// several sections, each running on into the next.
    static func withLargeBook<T>(_ body: (any Document) throws -> T) throws -> T {
        let book = try String(contentsOf: TestLocation.testBooks.appendingPathComponent("txt/lighthouse-keeper.txt"), encoding: .utf8)
        return try withTemporaryDirectory(prefix: "reader-search-index-large") { directory in
            let path = directory.appendingPathComponent("large.txt").path
            try Data(String(repeating: book + "\n\n", count: 80).utf8).write(to: URL(fileURLWithPath: path))
            return try body(try ReaderEngine.standard.open(path: path))
        }
    }
}
