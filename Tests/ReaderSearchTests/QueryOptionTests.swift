import Foundation
import ReaderCore
import ReaderSearch
import Testing

/// Whole words, regular expressions, CJK, limits and invalid queries.
@Suite struct QueryOptionTests {
    @Test("whole-word hits equal the naive count of equal words", arguments: [
        ("txt/lighthouse-keeper.txt", "keeper"), ("epub/lighthouse-keeper.epub", "light"), ("txt/winter-road.ru.txt", "аня"),
        ("md/field-notes.md", "count"),
    ])
    func wholeWords(_ book: String, _ word: String) throws {
        let document = try SearchTestSupport.open(book)
        let expected = try SearchTestSupport.words(of: document).filter { $0.lowercased() == word }.count
        let whole = try SearchTestSupport.hits(document, SearchQuery(word, wholeWords: true))
        let anywhere = try SearchTestSupport.hits(document, SearchQuery(word))
        #expect(expected > 0)
        #expect(whole.count == expected)
        #expect(anywhere.count > whole.count, "the word also occurs inside longer words")
        #expect(Set(whole.map(\.start)).isSubset(of: Set(anywhere.map(\.start))))
    }

    @Test("a regular expression finds what a tokenizer finds", arguments: [
        ("txt/lighthouse-keeper.txt", "light"), ("mobi/lighthouse-keeper.azw3", "keep"), ("txt/winter-road.ru.txt", "дорог"),
    ])
    func regexWordPrefix(_ book: String, _ prefix: String) throws {
        let document = try SearchTestSupport.open(book)
        let expected = try SearchTestSupport.words(of: document).filter { $0.lowercased().hasPrefix(prefix) }
        let hits = try SearchTestSupport.hits(document, SearchQuery("\\b\(prefix)\\w*", regularExpression: true))
        #expect(hits.count == expected.count)
        #expect(hits.compactMap { $0.locator.text?.highlight?.lowercased() } == expected.map { $0.lowercased() })
    }

    @Test("a case-sensitive regular expression matches case exactly")
    func regexCase() throws {
        let document = try SearchTestSupport.open("txt/lighthouse-keeper.txt")
        let sensitive = try SearchTestSupport.hits(document, SearchQuery("Keeper", caseSensitive: true, regularExpression: true))
        let insensitive = try SearchTestSupport.hits(document, SearchQuery("Keeper", regularExpression: true))
        #expect(sensitive.count == (try SearchTestSupport.naiveCount("Keeper", in: document, caseSensitive: true)))
        #expect(insensitive.count == (try SearchTestSupport.naiveCount("keeper", in: document)))
        #expect(sensitive.count < insensitive.count)
    }

    @Test("a regular expression sees line feeds between blocks")
    func regexAcrossBlocks() throws {
        try SearchTestSupport.withBook("First paragraph ends here.\n\nSecond one starts.\n") { document in
            let hits = try SearchTestSupport.hits(document, SearchQuery("here\\.\\nSecond", regularExpression: true))
            #expect(hits.count == 1)
            #expect(hits.first.map { [$0.start.block, $0.end.block] } == [0, 1])
        }
    }

    @Test("CJK: a Chinese query matches inside runs of ideographs, whole-word or not", arguments: [
        "txt/moon-garden.zh.txt", "txt/moon-garden.gb18030.txt", "epub/moon-garden.epub", "mobi/moon-garden-both.mobi",
    ])
    func chinese(_ book: String) throws {
        let document = try SearchTestSupport.open(book)
        for query in ["外婆", "月亮", "槐树"] {
            let expected = try SearchTestSupport.naiveCount(query, in: document)
            #expect(expected > 0, "\(query)")
            #expect(try SearchTestSupport.hits(document, SearchQuery(query)).count == expected)
            #expect(try SearchTestSupport.hits(document, SearchQuery(query, wholeWords: true)).count == expected)
        }
    }

    @Test("the GB18030 and UTF-8 Chinese books give the same hits")
    func chineseEncodingsAgree() throws {
        let utf8 = try SearchTestSupport.hits(try SearchTestSupport.open("txt/moon-garden.zh.txt"), SearchQuery("小满"))
        let gb = try SearchTestSupport.hits(try SearchTestSupport.open("txt/moon-garden.gb18030.txt"), SearchQuery("小满"))
        #expect(!utf8.isEmpty)
        #expect(utf8.map(\.match) == gb.map(\.match))
        #expect(utf8.map(\.locator.text) == gb.map(\.locator.text))
    }

    @Test("a limit keeps the first hits")
    func limit() throws {
        let document = try SearchTestSupport.open("txt/lighthouse-keeper.txt")
        let all = try SearchTestSupport.hits(document, SearchQuery("the"))
        let first = try SearchTestSupport.hits(document, SearchQuery("the", limit: 7))
        #expect(all.count > 7)
        #expect(first == Array(all.prefix(7)))
    }

    @Test("invalid queries are invalidArgument errors with a reason", arguments: [
        SearchQuery("(unclosed", regularExpression: true), SearchQuery("   \n "), SearchQuery("", regularExpression: true),
        SearchQuery("keeper", limit: 0),
    ])
    func invalidQueries(_ query: SearchQuery) throws {
        let document = try SearchTestSupport.open("txt/lighthouse-keeper.txt")
        do {
            _ = try DocumentSearch(document: document, query: query)
            Issue.record("expected an error")
        } catch {
            #expect(error.kind == .invalidArgument)
            #expect(error.file == document.path)
            #expect(!error.reason.isEmpty)
            if query.isRegularExpression, !query.text.isEmpty { #expect(error.reason.contains("invalid regular expression")) }
        }
    }
}
