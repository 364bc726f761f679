import Foundation
import ReaderCore
import ReaderSearch
import Testing

/// A hit's Locator, page number and TOC title point where the match is.
@Suite struct HitLocationTests {
    static let books = [
        ("txt/lighthouse-keeper.txt", "keeper"), ("txt/moon-garden.gb18030.txt", "外婆"), ("txt/winter-road.cp1251.txt", "аня"),
        ("md/field-notes.md", "the"), ("epub/lighthouse-keeper.epub", "light"), ("epub/moon-garden.epub", "妈妈"),
        ("pdf/harbour-lights.pdf", "light"), ("pdf/two-columns.pdf", "the"), ("mobi/lighthouse-keeper.mobi", "sea"),
        ("mobi/lighthouse-keeper.azw3", "sea"), ("mobi/moon-garden-both.mobi", "月"),
    ]

    /// Each hit's Locator resolves back to the hit's start. Text with no characters of its own in the
    /// source (an image's alternative text) cannot be pointed inside: there the hit's Locator resolves
    /// where the engine's own Locator of the block's start does (for a figure, sometimes its caption).
    @Test("each hit's Locator resolves back to the hit's start", arguments: books)
    func locatorsResolve(_ book: String, _ query: String) throws {
        let document = try SearchTestSupport.open(book)
        let hits = try SearchTestSupport.hits(document, SearchQuery(query))
        #expect(hits.count > 3)
        for hit in hits {
            let block = try document.content(ofSection: hit.start.section).blocks[hit.start.block]
            let hasSource = block.sourceMap.runs.contains { $0.length > 0 }
            let blockStart = TextPosition(section: hit.start.section, block: hit.start.block, offset: 0)
            let expected = hasSource ? hit.start : try document.textPosition(for: document.locator(at: blockStart))
            #expect(try document.textPosition(for: hit.locator) == expected, "\(hit.locator)")
            #expect(try document.textPosition(for: Locator(jsonString: hit.locator.jsonString())) == expected)
        }
    }

    @Test("the page given for a hit holds it at that viewport", arguments: books)
    func pagesHoldHits(_ book: String, _ query: String) throws {
        let document = try SearchTestSupport.open(book)
        for viewport in [try Viewport(columns: 60, rows: 20), try Viewport(columns: 100, rows: 40)] {
            let paginator = Paginator(document: document, viewport: viewport)
            let hits = try SearchTestSupport.hits(document, SearchQuery(query), paginator: paginator)
            for hit in hits {
                let number = try #require(hit.pageNumber)
                let page = try paginator.page(number)
                #expect(page.start <= hit.start)
                if let end = page.end { #expect(hit.start < end) }
                let shown = page.lines.joined(separator: " ").lowercased()
                let firstWord = try #require(hit.locator.text?.highlight?.split(separator: " ").first).lowercased()
                #expect(shown.contains(firstWord.prefix(4)), "page \(number) at \(viewport): \(firstWord)")
            }
        }
    }

    /// Search never reads the table of contents (a TXT book's is made by reading all of its text):
    /// a hit's title is its Locator's. That title must still be the table's: the last entry at or
    /// before the hit, the deepest where entries share a position.
    @Test("the TOC title is the last entry at or before the hit, and search does not read the table", arguments: [
        "txt/lighthouse-keeper.txt", "epub/lighthouse-keeper.epub", "pdf/harbour-lights.pdf", "mobi/lighthouse-keeper.azw3",
    ])
    func tocTitles(_ book: String) throws {
        let opened = try SearchTestSupport.open(book)
        var entries: [(TextPosition, String)] = []
        func walk(_ list: [TOCEntry]) throws {
            for entry in list {
                entries.append((try opened.textPosition(for: entry.locator), entry.title))
                try walk(entry.children)
            }
        }
        try walk(try opened.tableOfContents())
        #expect(entries.count >= 3)
        // In reading order; entries at one position keep their walk order, so the deepest comes last.
        let ordered = entries.enumerated().sorted { ($0.element.0, $0.offset) < ($1.element.0, $1.offset) }.map(\.element)
        let document = CountingDocument(opened)
        let hits = try SearchTestSupport.hits(document, SearchQuery("the"))
        #expect(document.tableOfContentsReads == 0)
        #expect(hits.count > 20)
        for hit in hits {
            let expected = ordered.last { $0.0 <= hit.start }
            #expect(hit.tocTitle == expected?.1, "\(hit.start)")
        }
        #expect(Set(hits.compactMap(\.tocTitle)).count >= 3, "hits in several chapters")
    }
}
