import Foundation
import ReaderCore
import ReaderEngine
import ReaderSearch
import ReaderTestSupport
import Testing

extension CLITests {
    static var hitPattern: Regex<(Substring, Substring, Substring?, Substring, Substring, Substring)> {
        #/^p\.(\d+) · (?:(.+) · )?…(.*)\[(.+)\](.*)…$/#
    }

    @Test("search prints one line per hit: page, chapter and context, as the library finds them")
    func searchText() throws {
        try withCacheDirectory { cache in
            let result = try ReaderExecutable.run(["search", Self.lighthouse, "the keeper", "--width", "80", "--height", "25"],
                                                  cacheDirectory: cache)
            #expect(result.status == 0, "\(result)")
            #expect(result.stderr.isEmpty)
            let (document, paginator) = try paginated(Self.lighthouse)
            let hits = try DocumentSearch(document: document, query: SearchQuery("the keeper"), paginator: paginator).allHits()
            #expect(hits.count > 3)
            #expect(result.lines.count == hits.count)
            for (line, hit) in zip(result.lines, hits) {
                let match = try #require(line.firstMatch(of: Self.hitPattern), "\(line)")
                #expect(Int(match.output.1) == hit.pageNumber)
                #expect(match.output.2.map(String.init) == hit.tocTitle)
                #expect(match.output.4.lowercased() == "the keeper")
            }
        }
    }

    @Test("search --json prints JSON Lines whose Locators resolve to the hits")
    func searchJSON() throws {
        try withCacheDirectory { cache in
            let result = try ReaderExecutable.run(["search", Self.pdf, "light", "--json", "--width", "60", "--height", "21"],
                                                  cacheDirectory: cache)
            #expect(result.status == 0, "\(result)")
            let document = try ReaderEngine.standard.open(path: TestLocation.packageRoot.path + "/" + Self.pdf)
            let paginator = Paginator(document: document, viewport: try Viewport(columns: 60, rows: 20))
            let hits = try DocumentSearch(document: document, query: SearchQuery("light"), paginator: paginator).allHits()
            #expect(result.lines.count == hits.count)
            for (line, hit) in zip(result.lines, hits) {
                let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
                #expect(object["page"] as? Int == hit.pageNumber)
                #expect(object["tocTitle"] as? String == hit.tocTitle)
                let locatorData = try JSONSerialization.data(withJSONObject: try #require(object["locator"]))
                let locator = try Locator(jsonString: String(decoding: locatorData, as: UTF8.self))
                var stamped = hit.locator
                stamped.locations.fingerprint = try document.fingerprint().description
                #expect(locator == stamped)
                #expect(try document.resolve(locator) == hit.start)
            }
        }
    }

    @Test("search with options: --count, --limit, --whole-word, --case-sensitive, --regex, --ignore-diacritics")
    func searchOptions() throws {
        try withCacheDirectory { cache in
            func lines(_ arguments: [String]) throws -> [String] {
                let result = try ReaderExecutable.run(["search"] + arguments, cacheDirectory: cache)
                #expect(result.status == 0, "\(result)")
                return result.lines
            }
            let document = try ReaderEngine.standard.open(path: TestLocation.packageRoot.path + "/" + Self.lighthouse)
            func count(_ query: SearchQuery) throws -> Int { try SearchTestCount.of(document, query) }
            #expect(try lines([Self.lighthouse, "keeper", "--count"]) == ["\(try count(SearchQuery("keeper")))"])
            #expect(try lines([Self.lighthouse, "keeper", "--limit", "3"]).count == 3)
            #expect(try lines([Self.lighthouse, "keeper", "--whole-word", "--count"])
                        == ["\(try count(SearchQuery("keeper", wholeWords: true)))"])
            #expect(try lines([Self.lighthouse, "The", "--case-sensitive", "--count"])
                        == ["\(try count(SearchQuery("The", caseSensitive: true)))"])
            #expect(try lines([Self.lighthouse, "keep(er|ing)", "--regex", "--count"])
                        == ["\(try count(SearchQuery("keep(er|ing)", regularExpression: true)))"])
            let russian = "TestBooks/txt/winter-road.cp1251.txt"
            let ignoring = try lines([russian, "ЗВЕЗДОЧКА", "--ignore-diacritics", "--width", "80", "--height", "25"])
            #expect(!ignoring.isEmpty)
            #expect(ignoring.allSatisfy { $0.contains("[Звёздочка]") || $0.contains("[звёздочка]") || $0.contains("[Звездочка]") })
        }
    }

    @Test("search finding nothing exits 1 with nothing on standard output")
    func searchNothing() throws {
        try withCacheDirectory { cache in
            for extra in [[], ["--json"], ["--count"]] {
                let result = try ReaderExecutable.run(["search", Self.lighthouse, "zebra crossing"] + extra, cacheDirectory: cache)
                #expect(result.status == 1, "\(result)")
                #expect(result.stdout.isEmpty)
                #expect(result.stderr.isEmpty)
            }
        }
    }

    @Test("search with a bad pattern is one line on standard error and status 2")
    func searchBadPattern() throws {
        try withCacheDirectory { cache in
            let result = try ReaderExecutable.run(["search", Self.lighthouse, "(keeper", "--regex"], cacheDirectory: cache)
            #expect(result.status == 2, "\(result)")
            #expect(result.stdout.isEmpty)
            #expect(result.errorLines.count == 1)
            #expect(result.stderr.hasPrefix("reader: \(Self.lighthouse): txt: invalid regular expression"), "\(result.stderr)")
        }
    }
}

extension CLITests {
    @Test("index builds the search index; search uses it and prints what a scan prints", arguments: [
        "TestBooks/txt/lighthouse-keeper.txt", "TestBooks/pdf/harbour-lights.pdf", "TestBooks/epub/moon-garden.epub",
    ])
    func indexAndSearch(_ book: String) throws {
        try withCacheDirectory { cache in
            let built = try ReaderExecutable.run(["index", book], cacheDirectory: cache)
            #expect(built.status == 0, "\(built)")
            let summary = try #require(built.lines.first)
            #expect(summary.hasPrefix("indexed "), "\(summary)")
            let databasePath = try #require(built.lines.last)
            #expect(databasePath.hasPrefix(cache.path + "/search/"))
            #expect(FileManager.default.fileExists(atPath: databasePath))
            for query in ["the sea", "月亮", "harbour master", "lights"] {
                let scanned = try ReaderExecutable.run(["search", book, query, "--json", "--no-index"], cacheDirectory: cache)
                let indexed = try ReaderExecutable.run(["search", book, query, "--json", "--verbose"], cacheDirectory: cache)
                #expect(indexed.status == scanned.status)
                #expect(indexed.stdout == scanned.stdout, "\(query)")
                let usedIndex = indexed.stderr.contains("search index \(databasePath)")
                #expect(usedIndex == (query.count >= 3), "\(indexed.stderr)")
            }
            // A damaged index is ignored: the search scans and prints the same.
            try Data("not a database at all".utf8).write(to: URL(fileURLWithPath: databasePath))
            let damaged = try ReaderExecutable.run(["search", book, "the sea", "--json", "--verbose"], cacheDirectory: cache)
            let scanned = try ReaderExecutable.run(["search", book, "the sea", "--json", "--no-index"], cacheDirectory: cache)
            #expect(damaged.stdout == scanned.stdout)
            #expect(damaged.stderr.contains("no usable search index"), "\(damaged.stderr)")
            #expect(try ReaderExecutable.run(["index", book], cacheDirectory: cache).status == 0)
            let rebuilt = try ReaderExecutable.run(["search", book, "the sea", "--json", "--verbose"], cacheDirectory: cache)
            #expect(rebuilt.stderr.contains("search index \(databasePath)"))
        }
    }
}

/// Counting hits in process, to compare with `reader search --count`.
enum SearchTestCount {
    static func of(_ document: any Document, _ query: SearchQuery) throws -> Int {
        let search = try DocumentSearch(document: document, query: query)
        var count = 0
        while try search.nextMatch() != nil { count += 1 }
        return count
    }
}
