import Foundation
import ReaderCore
import ReaderSearch
import Testing

/// Hits in the TestBooks of every format, counted independently with a naive scan of the blocks.
@Suite struct TestBookSearchTests {
    struct Case: CustomStringConvertible, Sendable {
        var book: String
        var query: String
        var description: String { "\(book): \(query)" }
    }

    static let cases: [Case] = [
        Case(book: "txt/lighthouse-keeper.txt", query: "keeper"),
        Case(book: "txt/lighthouse-keeper.txt", query: "the light"),
        Case(book: "txt/lighthouse-keeper.utf16le.txt", query: "Nell"),
        Case(book: "txt/moon-garden.zh.txt", query: "外婆"),
        Case(book: "txt/moon-garden.gb18030.txt", query: "外婆"),
        Case(book: "txt/winter-road.ru.txt", query: "аня"),
        Case(book: "txt/winter-road.cp1251.txt", query: "СЕМЁН ИЛЬИЧ"),
        Case(book: "md/field-notes.md", query: "counts"),
        Case(book: "md/cjk-notes.md", query: "的"),
        Case(book: "epub/lighthouse-keeper.epub", query: "lighthouse"),
        Case(book: "epub/moon-garden.epub", query: "小满"),
        Case(book: "pdf/harbour-lights.pdf", query: "harbour"),
        Case(book: "pdf/two-columns.pdf", query: "keeper"),
        Case(book: "mobi/lighthouse-keeper.mobi", query: "the keeper"),
        Case(book: "mobi/lighthouse-keeper.azw3", query: "the keeper"),
        Case(book: "mobi/moon-garden-both.mobi", query: "妈妈"),
    ]

    @Test("a literal query finds as many hits as a naive scan of the blocks", arguments: cases)
    func countsAgreeWithNaiveScan(_ testCase: Case) throws {
        let document = try SearchTestSupport.open(testCase.book)
        let hits = try SearchTestSupport.hits(document, SearchQuery(testCase.query))
        let expected = try SearchTestSupport.naiveCount(testCase.query, in: document)
        #expect(expected > 0, "the query should occur in \(testCase.book)")
        #expect(hits.count == expected)
        for hit in hits {
            let original = try SearchTestSupport.originalText(document, hit.match)
            #expect(SearchTestSupport.collapsed(original).lowercased() == SearchTestSupport.collapsed(testCase.query).lowercased(),
                    "\(hit.start)–\(hit.end): \(original)")
            #expect(SearchTestSupport.collapsed(hit.locator.text?.highlight ?? "").lowercased()
                        == SearchTestSupport.collapsed(testCase.query).lowercased())
        }
        #expect(hits.map(\.start) == hits.map(\.start).sorted(), "hits come in reading order")
    }
}
