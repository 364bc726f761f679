import Foundation
import ReaderCore
import ReaderEngine
import ReaderSearch
import ReaderTestSupport
import Testing

extension CLITests {
    @Test("search --no-pages prints the same hits without their page numbers, in text and JSON")
    func searchWithoutPages() throws {
        try withCacheDirectory { cache in
            let view = ["--width", "80", "--height", "25"]
            for (book, query) in [(Self.lighthouse, "the keeper"), (Self.pdf, "light")] {
                let paged = try ReaderExecutable.run(["search", book, query] + view, cacheDirectory: cache)
                let unpaged = try ReaderExecutable.run(["search", book, query, "--no-pages"], cacheDirectory: cache)
                #expect(paged.status == 0 && unpaged.status == 0, "\(paged) \(unpaged)")
                #expect(!paged.lines.isEmpty)
                #expect(unpaged.lines == paged.lines.map { $0.replacing(#/^p\.\d+ · /#, with: "") }, "\(book)")

                let pagedJSON = try ReaderExecutable.run(["search", book, query, "--json"] + view, cacheDirectory: cache)
                let unpagedJSON = try ReaderExecutable.run(["search", book, query, "--json", "--no-pages"],
                                                           cacheDirectory: cache)
                #expect(unpagedJSON.lines.count == pagedJSON.lines.count)
                for (withPage, withoutPage) in zip(pagedJSON.lines, unpagedJSON.lines) {
                    var object = try #require(try JSONSerialization.jsonObject(with: Data(withPage.utf8)) as? [String: Any])
                    let bare = try #require(try JSONSerialization.jsonObject(with: Data(withoutPage.utf8)) as? [String: Any])
                    #expect(object.removeValue(forKey: "page") is Int)
                    #expect(bare["page"] == nil)
                    #expect(NSDictionary(dictionary: object).isEqual(to: bare), "\(withoutPage)")
                }
            }
        }
    }

    @Test("search --count in a UTF-8 text file counts in place, without the index, as many as the library finds")
    func countInPlace() throws {
        try withCacheDirectory { cache in
            let document = try ReaderEngine.standard.open(path: TestLocation.packageRoot.path + "/" + Self.lighthouse)
            #expect(try ReaderExecutable.run(["index", Self.lighthouse], cacheDirectory: cache).status == 0)
            for query in ["keeper", "the light", "KEEPER"] {
                let result = try ReaderExecutable.run(["search", Self.lighthouse, query, "--count", "--verbose"],
                                                      cacheDirectory: cache)
                #expect(result.status == 0, "\(result)")
                #expect(result.lines == ["\(try SearchTestCount.of(document, SearchQuery(query)))"])
                #expect(result.stderr.contains("counting in the file's bytes in place"), "\(result.stderr)")
            }
            // Another encoding, or a query that does not fold to ASCII, is counted the general way, with the index.
            let russian = try ReaderExecutable.run(["search", "TestBooks/txt/winter-road.ru.txt", "звёздочка", "--count", "--verbose"],
                                                   cacheDirectory: cache)
            #expect(!russian.stderr.contains("in place"), "\(russian.stderr)")
        }
    }

    @Test("search --no-pages in a UTF-8 text file summarises hits in place, without the index, as a scan prints them")
    func summariesInPlace() throws {
        try withCacheDirectory { cache in
            #expect(try ReaderExecutable.run(["index", Self.lighthouse], cacheDirectory: cache).status == 0)
            for query in ["keeper", "the light"] {
                let inPlace = try ReaderExecutable.run(["search", Self.lighthouse, query, "--no-pages", "--verbose"], cacheDirectory: cache)
                let scanned = try ReaderExecutable.run(["search", Self.lighthouse, query, "--no-pages", "--no-index", "--regex"],
                                                       cacheDirectory: cache)
                #expect(inPlace.status == 0, "\(inPlace)")
                #expect(inPlace.stdout == scanned.stdout, "\(query)")
                #expect(inPlace.stderr.contains("summarising hits in the file's bytes in place"), "\(inPlace.stderr)")
            }
            // With page numbers, hits have Locators, and the index still picks the sections.
            let paged = try ReaderExecutable.run(["search", Self.lighthouse, "keeper", "--verbose"], cacheDirectory: cache)
            #expect(paged.stderr.contains("search index "), "\(paged.stderr)")
        }
    }

    @Test("hits with page numbers are the same whether the page index is cached, loading in the background, or absent")
    func pagesWithBackgroundIndex() throws {
        try withCacheDirectory { cache in
            let arguments = ["search", Self.lighthouse, "keeper", "--width", "70", "--height", "20"]
            let first = try ReaderExecutable.run(arguments, cacheDirectory: cache)
            #expect(first.status == 0, "\(first)")
            let stored = try Self.cachedPageIndexes(in: cache)
            #expect(!stored.isEmpty, "the first search stores the page index it laid out")
            let second = try ReaderExecutable.run(arguments, cacheDirectory: cache)
            let uncached = try ReaderExecutable.run(arguments + ["--no-cache"], cacheDirectory: cache)
            #expect(second.stdout == first.stdout)
            #expect(uncached.stdout == first.stdout)
            #expect(try Self.cachedPageIndexes(in: cache) == stored, "nothing new was learnt, so nothing is written again")
        }
    }

    /// The page-index cache files under `cache` with their modification dates.
    static func cachedPageIndexes(in cache: URL) throws -> [String: Date] {
        var found: [String: Date] = [:]
        let enumerator = FileManager.default.enumerator(at: cache, includingPropertiesForKeys: [.contentModificationDateKey])
        while let url = enumerator?.nextObject() as? URL {
            guard !url.path.contains("/search/"),
                  let values = try? url.resourceValues(forKeys: [.contentModificationDateKey, .isRegularFileKey]),
                  values.isRegularFile == true else { continue }
            found[url.path] = values.contentModificationDate
        }
        return found
    }
}
