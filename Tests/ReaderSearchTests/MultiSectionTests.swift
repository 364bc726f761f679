import Foundation
import ReaderCore
import ReaderEngine
import ReaderSearch
import ReaderTestSupport
import Testing

/// A text file of several sections: streaming, and phrases across section boundaries.
@Suite struct MultiSectionTests {
    /// About 3 MiB: The Lighthouse Keeper eighty times, so the TXT backend cuts it into sections.
    static func withLargeBook<T>(_ body: (any Document) throws -> T) throws -> T {
        let book = try String(contentsOf: TestLocation.testBooks.appendingPathComponent("txt/lighthouse-keeper.txt"), encoding: .utf8)
        return try SearchTestSupport.withBook(String(repeating: book + "\n\n", count: 80), name: "large.txt", body)
    }

    @Test("the first match comes after reading the first section only")
    func firstMatchIsStreamed() throws {
        try Self.withLargeBook { document in
            #expect(document.readingOrder.count >= 3)
            let counting = CountingDocument(document)
            let search = try DocumentSearch(document: counting, query: SearchQuery("keeper"))
            let first = try #require(try search.nextMatch())
            #expect(first.start.section == 0)
            #expect(counting.sectionsRead == [0])
            var count = 1
            while try search.nextMatch() != nil { count += 1 }
            #expect(count == (try SearchTestSupport.naiveCount("keeper", in: document)))
            #expect(Set(counting.sectionsRead) == Set(document.readingOrder.indices))
        }
    }

    /// A text file's table of contents is made by reading all of it, so a hit takes its title from
    /// its Locator: the first hit, Locator, title and all, needs the first section only.
    @Test("the first hit with its Locator and title comes after reading the first section only")
    func firstHitIsStreamed() throws {
        try Self.withLargeBook { document in
            let counting = CountingDocument(document)
            let search = try DocumentSearch(document: counting, query: SearchQuery("keeper"))
            let first = try #require(try search.next())
            #expect(first.match.start.section == 0)
            #expect(counting.sectionsRead == [0])
            #expect(counting.tableOfContentsReads == 0)
            let titled = try #require(try search.next())
            #expect(titled.tocTitle == (try document.locator(at: titled.match.start)).title)
        }
    }

    @Test("a phrase runs across every section boundary of a text file")
    func acrossSections() throws {
        try Self.withLargeBook { document in
            for section in document.readingOrder.indices.dropFirst() {
                #expect(!document.readingOrder[section].startsNewPage)
                let before = try #require(try document.content(ofSection: section - 1).blocks.last).text.split(whereSeparator: \.isWhitespace).suffix(2)
                let after = try #require(try document.content(ofSection: section).blocks.first).text.split(whereSeparator: \.isWhitespace).prefix(2)
                let phrase = (before + after).joined(separator: " ")
                let hits = try SearchTestSupport.hits(document, SearchQuery(phrase, caseSensitive: true))
                let straddling = hits.filter { $0.start.section == section - 1 && $0.end.section == section }
                #expect(straddling.count == 1, "\(phrase)")
                #expect(straddling.first?.locator.text?.highlight == phrase)
                #expect(hits.count == (try SearchTestSupport.naiveCount(phrase, in: document, caseSensitive: true)))
            }
        }
    }
}
