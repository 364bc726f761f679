import Foundation
import ReaderCore
import ReaderLibrary
import ReaderSearch
import ReaderSearchIndex
import ReaderTestSupport
import Testing

@Suite("Library: search over every book")
struct LibrarySearchTests {
    @Test("hits are grouped by book, with fingerprinted Locators, and equal to each book's own search")
    func searchAll() throws {
        try withLibrary { fixture throws in
            try fixture.copy("epub/moon-garden.epub")
            try fixture.copy("txt/lighthouse-keeper.txt")
            try fixture.write(SampleText.text, as: "keeper.txt")
            _ = try fixture.library.add(paths: [fixture.books.path])
            let cache = SearchIndexCache(directory: fixture.directory.appendingPathComponent("search").path)
            let query = SearchQuery("keeper")
            let results = try fixture.library.search(query, perBook: 1000, cache: cache)
            #expect(results.count >= 2)
            for result in results {
                #expect(result.usedIndex)
                for hit in result.hits { #expect(hit.locator.locations.fingerprint == result.book.fingerprint) }
                let document = try fixture.library.engine.open(path: result.book.files[0].path)
                let direct = try DocumentSearch(document: document, query: query).allHits()
                #expect(result.hits.map(\.start) == direct.map(\.start))
                document.close()
            }
            #expect(try fixture.library.search(SearchQuery("zyzzyva-not-here"), cache: cache).isEmpty)
            let limited = try fixture.library.search(query, perBook: 1, cache: cache)
            #expect(limited.allSatisfy { $0.hits.count == 1 })
        }
    }
}
