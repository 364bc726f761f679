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
        return try SearchTestSupport.hits(document, query, sections: sections)
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
            let document = try SearchTestSupport.open(book)
            let summary = try cache.build(for: document)
            #expect(summary.sections == document.readingOrder.count)
            #expect(summary.sectionsWithText > 0)
            let index = try #require(cache.open(for: document))
            for query in Self.queries {
                let scanned = try SearchTestSupport.hits(document, query)
                #expect(try Self.indexedHits(document, query, index: index) == scanned, "\(query.text)")
            }
        }
    }

    @Test("phrases across section boundaries are found through seams; candidates are few")
    func seams() throws {
        try MultiSectionTests.withLargeBook { document in
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
                    let scanned = try SearchTestSupport.hits(document, query)
                    #expect(scanned.contains { $0.start.section == section - 1 && $0.end.section == section })
                    #expect(try SearchTestSupport.hits(document, query, sections: candidates) == scanned)
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
            let document = try SearchTestSupport.open("txt/lighthouse-keeper.txt")
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
            let document = try SearchTestSupport.open("txt/lighthouse-keeper.txt")
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
                let other = try SearchTestSupport.open("txt/winter-road.ru.txt")
                let otherSummary = try cache.build(for: other)
                bytes = try Data(contentsOf: URL(fileURLWithPath: otherSummary.path))
            case "unfinished":
                bytes = try Self.sqliteDatabase(from: path, sql: "DELETE FROM meta WHERE key = 'complete';")
            default: Issue.record("unknown damage \(damage)")
            }
            try bytes.write(to: URL(fileURLWithPath: path))
            #expect(cache.open(for: document) == nil)
            // A search without the index still works.
            #expect(try SearchTestSupport.hits(document, SearchQuery("keeper")).count
                        == (try SearchTestSupport.naiveCount("keeper", in: document)))
            try cache.build(for: document)
            let rebuilt = try #require(cache.open(for: document))
            #expect(rebuilt.candidateSections(for: SearchQuery("keeper")) == [0])
        }
    }

    @Test("random bytes written over pages of the database never crash a search")
    func corruptedPages() throws {
        try Self.withCache { cache in
            let document = try SearchTestSupport.open("txt/lighthouse-keeper.txt")
            let path = try cache.build(for: document).path
            let original = try Data(contentsOf: URL(fileURLWithPath: path))
            var random = SeededRandom(seed: 0xC0FFEE)
            for _ in 0..<12 {
                var bytes = original
                let page = Int.random(in: 1..<(bytes.count / 4096), using: &random)
                for offset in (page * 4096)..<min(bytes.count, page * 4096 + 64) { bytes[offset] = UInt8.random(in: 0...255, using: &random) }
                try bytes.write(to: URL(fileURLWithPath: path))
                guard let index = cache.open(for: document) else { continue }
                _ = index.candidateSections(for: SearchQuery("keeper"))
                _ = index.candidateSections(for: SearchQuery("the lantern room"))
            }
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
