import Foundation
import GRDB
import ReaderCore
import ReaderSearch
import ReaderSearchIndex
import ReaderTestSupport
import Testing

/// The FTS5 index narrows a search to candidate sections; results must equal a full scan's.
@Suite struct SearchIndexTests {
    static func withCache<T>(_ body: (SearchIndexCache) throws -> T) throws -> T {
        try withTemporaryDirectory(prefix: "reader-search-index") { directory in
            try body(SearchIndexCache(directory: directory.path))
        }
    }

    static func indexedHits(_ document: any Document, _ query: SearchQuery, index: SearchIndex) throws -> [SearchHit] {
        let sections = try #require(index.candidateSections(for: query), "the index should serve \(query.text)")
        return try IndexTestBooks.hits(document, query, sections: sections)
    }

    static let queries = [
        SearchQuery("the keeper"), SearchQuery("light", wholeWords: true), SearchQuery("Nell", caseSensitive: true),
        SearchQuery("LIGHTHOUSE"), SearchQuery("zebra crossing"), SearchQuery("harbour"), SearchQuery("外婆家"),
        SearchQuery("семён", ignoringDiacritics: true), SearchQuery("the sea", limit: 5),
    ]

    @Test("indexed searches give exactly the scan's hits", arguments: [
        "txt/lighthouse-keeper.txt", "txt/moon-garden.gb18030.txt", "txt/winter-road.ru.txt", "md/field-notes.md",
        "epub/lighthouse-keeper.epub", "pdf/harbour-lights.pdf", "pdf/two-columns.pdf", "mobi/lighthouse-keeper.mobi",
        "mobi/moon-garden-both.mobi",
    ])
    func sameAsScan(_ book: String) throws {
        try Self.withCache { cache in
            let document = try IndexTestBooks.open(book)
            let summary = try cache.build(for: document)
            #expect(summary.sections == document.readingOrder.count)
            #expect(summary.sectionsWithText > 0)
            let index = try #require(cache.open(for: document))
            for query in Self.queries {
                let scanned = try IndexTestBooks.hits(document, query)
                #expect(try Self.indexedHits(document, query, index: index) == scanned, "\(query.text)")
            }
        }
    }

    @Test("the database is at most twice the size of the folded text it indexes")
    func compactDatabase() throws {
        try Self.withCache { cache in
            try IndexTestBooks.withLargeBook { document in
                let summary = try cache.build(for: document)
                #expect(summary.foldedBytes > 1_000_000)
                #expect(summary.databaseBytes <= 2 * summary.foldedBytes, "\(summary.databaseBytes) bytes for \(summary.foldedBytes)")
            }
        }
    }

    @Test("phrases across section boundaries are found through seams; candidates are few")
    func seams() throws {
        try IndexTestBooks.withLargeBook { document in
            try Self.withCache { cache in
                let summary = try cache.build(for: document)
                #expect(summary.seams == document.readingOrder.count - 1)
                let index = try #require(cache.open(for: document))
                for section in document.readingOrder.indices.dropFirst() {
                    let before = try #require(try document.content(ofSection: section - 1).blocks.last).text
                        .split(whereSeparator: \.isWhitespace).suffix(3)
                    let after = try #require(try document.content(ofSection: section).blocks.first).text
                        .split(whereSeparator: \.isWhitespace).prefix(3)
                    let query = SearchQuery((before + after).joined(separator: " "))
                    let candidates = try #require(index.candidateSections(for: query))
                    #expect(candidates.contains(section - 1) && candidates.contains(section))
                    let scanned = try IndexTestBooks.hits(document, query)
                    #expect(scanned.contains { $0.start.section == section - 1 && $0.end.section == section })
                    #expect(try IndexTestBooks.hits(document, query, sections: candidates) == scanned)
                }
                // A word of the first copy's title page only is in one section.
                let rare = SearchQuery("zzyzx")
                #expect(index.candidateSections(for: rare) == [])
            }
        }
    }

    @Test("queries the index cannot serve are named, and get no candidates")
    func limitations() throws {
        #expect(SearchIndex.limitation(of: SearchQuery("ke+per", regularExpression: true)) != nil)
        #expect(SearchIndex.limitation(of: SearchQuery("ab")) != nil)
        #expect(SearchIndex.limitation(of: SearchQuery("月亮")) != nil)
        #expect(SearchIndex.limitation(of: SearchQuery("月亮花")) == nil)
        #expect(SearchIndex.limitation(of: SearchQuery(String(repeating: "word ", count: 200))) != nil)
        #expect(SearchIndex.limitation(of: SearchQuery("ﬃ")) == nil, "the ligature folds to f, f and i: three characters")
        try Self.withCache { cache in
            let document = try IndexTestBooks.open("txt/lighthouse-keeper.txt")
            try cache.build(for: document)
            let index = try #require(cache.open(for: document))
            #expect(index.candidateSections(for: SearchQuery("ke+per", regularExpression: true)) == nil)
            #expect(index.candidateSections(for: SearchQuery("ab")) == nil)
        }
    }

    @Test("a damaged, foreign or stale database is not used, and a build replaces it", arguments: [
        "truncated", "garbage", "header flipped", "foreign sqlite", "other document", "unfinished",
    ])
    func brokenDatabases(_ damage: String) throws {
        try Self.withCache { cache in
            let document = try IndexTestBooks.open("txt/lighthouse-keeper.txt")
            let keeper = try IndexTestBooks.hits(document, SearchQuery("keeper"))
            #expect(keeper.count == 10)
            let summary = try cache.build(for: document)
            let path = summary.path
            var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
            switch damage {
            case "truncated": bytes = bytes.prefix(bytes.count / 3)
            case "garbage": bytes = Data((0..<bytes.count).map { UInt8(truncatingIfNeeded: $0 &* 7919) })
            case "header flipped": for offset in 0..<16 { bytes[offset] ^= 0xFF }
            case "foreign sqlite":
                bytes = try Self.sqliteDatabase(sql: "CREATE TABLE t(x); INSERT INTO t VALUES (1);")
            case "other document":
                let other = try IndexTestBooks.open("txt/winter-road.ru.txt")
                let otherSummary = try cache.build(for: other)
                bytes = try Data(contentsOf: URL(fileURLWithPath: otherSummary.path))
            case "unfinished":
                bytes = try Self.sqliteDatabase(from: path, sql: "DELETE FROM meta WHERE key = 'complete';")
            default: Issue.record("unknown damage \(damage)")
            }
            try bytes.write(to: URL(fileURLWithPath: path))
            #expect(cache.open(for: document) == nil)
            // The search falls back to a scan, which finds what it found before.
            #expect(try IndexTestBooks.hits(document, SearchQuery("keeper")) == keeper)
            try cache.build(for: document)
            let rebuilt = try #require(cache.open(for: document))
            #expect(rebuilt.candidateSections(for: SearchQuery("keeper")) == [0])
        }
    }

    /// SQLite catches most damage (the index is refused, or a query fails and the caller scans);
    /// damage inside the FTS data it cannot see may give wrong candidates, but never a crash, never
    /// a section the document lacks, and never a hit a full scan would not give.
    @Test("random bytes written over pages of the database never crash a search nor invent hits")
    func corruptedPages() throws {
        try Self.withCache { cache in
            let document = try IndexTestBooks.open("txt/lighthouse-keeper.txt")
            let path = try cache.build(for: document).path
            let original = try Data(contentsOf: URL(fileURLWithPath: path))
            let queries = [SearchQuery("keeper"), SearchQuery("the lantern")]
            let scanned = try queries.map { try IndexTestBooks.hits(document, $0) }
            #expect(scanned.allSatisfy { !$0.isEmpty })
            let intact = try #require(cache.open(for: document))
            #expect(queries.map { intact.candidateSections(for: $0) } == [[0], [0]])
            #expect(original.count / 4096 > 2, "the database has pages to damage")
            var random = SeededRandom(seed: 0xC0FFEE)
            var refused = 0, unreadable = 0, served = 0
            for _ in 0..<12 {
                var bytes = original
                let page = Int.random(in: 1..<(bytes.count / 4096), using: &random)
                for offset in (page * 4096)..<min(bytes.count, page * 4096 + 64) { bytes[offset] = UInt8.random(in: 0...255, using: &random) }
                #expect(bytes != original)
                try bytes.write(to: URL(fileURLWithPath: path))
                guard let index = cache.open(for: document) else {
                    refused += 1
                    continue
                }
                for (query, full) in zip(queries, scanned) {
                    guard let candidates = index.candidateSections(for: query) else {
                        unreadable += 1
                        continue
                    }
                    served += 1
                    #expect(candidates.allSatisfy { document.readingOrder.indices.contains($0) }, "\(candidates)")
                    #expect(candidates == Array(Set(candidates)).sorted())
                    let narrowed = try IndexTestBooks.hits(document, query, sections: candidates)
                    #expect(narrowed.allSatisfy { full.contains($0) }, "\(query.text): hits a scan does not give")
                }
            }
            // With this seed SQLite notices some of the damage and the index serves some queries.
            #expect(refused + unreadable > 0 && served > 0, "refused \(refused), unreadable \(unreadable), served \(served)")
            try cache.build(for: document)
            #expect(try #require(cache.open(for: document)).candidateSections(for: queries[0]) == [0])
        }
    }

    /// A database as another program would make one: `sql` run on a copy of `base`, or on a new file.
    static func sqliteDatabase(from base: String? = nil, sql: String) throws -> Data {
        try withTemporaryDirectory(prefix: "reader-sqlite") { directory in
            let path = directory.appendingPathComponent("db.sqlite").path
            if let base { try FileManager.default.copyItem(atPath: base, toPath: path) }
            let database = try DatabaseQueue(path: path)
            try database.write { try $0.execute(sql: sql) }
            try database.close()
            return try Data(contentsOf: URL(fileURLWithPath: path))
        }
    }
}
