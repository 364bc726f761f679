import Foundation
import ReaderCore
import ReaderEngine
import ReaderSearch
import ReaderTestSupport
import Testing

/// A search of a UTF-8 text file's bytes in place (count, and the choice of sections to decode)
/// against the general search of the same document's blocks: the same count and the same hits,
/// Locators and context included, on real books and on text made of the edge cases.
@Suite struct InPlaceSearchTests {
    /// Queries, most of them folding to ASCII (so searched in place), each tried with every option below.
    static let asciiQueries = ["the", "keeper", "the light", "e", "ss", "fi", "Alice", "--", "cafe", "straße", "x y", "it was"]
    static let options: [(caseSensitive: Bool, wholeWords: Bool, diacritics: Bool)] = [
        (false, false, false), (true, false, false), (false, true, false), (false, false, true),
    ]

    /// Every edge case of folding and of the blocks a text file is made into.
    static let edgeCases = """
        Keeper KEEPER keeper\r\nkee\u{00AD}per ke\u{200B}eper \u{212A}eeper \u{212A}EEPER keeper\u{0301} keepers keeper's
        the
        light the \t\n light the  light the\u{00A0}light the\u{3000}light the\u{2028}light the\u{0085}light
        the\u{000B}light the\u{000C}light the\r\rlight the\u{00AD} light the \u{00AD}light
        café cafe\u{0301} cafe CAFÉ Café caf\u{00E9}s
        Straße STRASSE strasse stra\u{00DF}e STRAẞE \u{FB01}re fire FIRE o\u{FB03}ce \u{FB00} ff FF ß ẞ ss
        中文keeper中文 中
        文 keeper
        中文 ab\u{3164}
        \u{3164}cd
        İstanbul istanbul ıstanbul ISTANBUL \u{FEFF}keeper x\u{FEFF}y x\u{2060} y
        tab\tkeeper\u{000B}keeper\u{000C}keeper keeper\u{0085}keeper\u{2028}keeper
        😀keeper😀 𝐤eeper keeper𝐤 a\u{0308} ä A\u{0308}
            indented keeper line
        “keeper” keeper’s ‘x y’ a‐‐b a––b a——b a…b x\u{2002}y x\u{2009}y x\u{200A}\u{2003}y keeper\u{2028}x ‐keeper
        the end of a line and the
        start of the next, alice ALICE Alice's.

        """

    /// About 2.5 MiB in several sections: lines that end with "the" and start with "light", so
    /// "the light" runs across every line break and every section boundary, with the edge cases
    /// in three places.
    static var multiSection: String {
        let line = "light " + String(repeating: "zz ", count: 300) + "the\n"
        let filler = String(repeating: line, count: 950)
        return filler + edgeCases + filler + edgeCases + filler + edgeCases
    }

    static func expectSameResults(_ document: any Document & UTF8TextProviding, queries: [String],
                                  options: [(caseSensitive: Bool, wholeWords: Bool, diacritics: Bool)] = options,
                                  sourceLocation: SourceLocation = #_sourceLocation) throws {
        for query in queries {
            for option in options {
                let searchQuery = SearchQuery(query, caseSensitive: option.caseSensitive, wholeWords: option.wholeWords,
                                              ignoringDiacritics: option.diacritics)
                let general = try DocumentSearch(document: CountingDocument(document), query: searchQuery)
                #expect(!general.searchesInPlace)
                let generalHits = try general.allHits()
                let counted = try DocumentSearch(document: document, query: searchQuery)
                // A query folds to ASCII when it is ASCII (and "straße" to "strasse", "é" to "e" without diacritics).
                if query.unicodeScalars.allSatisfy(\.isASCII) {
                    #expect(counted.searchesInPlace, "\(query)", sourceLocation: sourceLocation)
                }
                #expect(try counted.count() == generalHits.count, "\(query) \(option)", sourceLocation: sourceLocation)
                let hits = try DocumentSearch(document: document, query: searchQuery).allHits()
                #expect(hits == generalHits, "\(query) \(option)", sourceLocation: sourceLocation)
                let summaries = try allSummaries(DocumentSearch(document: document, query: searchQuery))
                #expect(summaries == generalHits.map(\.summary), "\(query) \(option)", sourceLocation: sourceLocation)
            }
        }
    }

    static func allSummaries(_ search: DocumentSearch) throws -> [SearchHitSummary] {
        var summaries: [SearchHitSummary] = []
        while let summary = try search.nextSummary() { summaries.append(summary) }
        return summaries
    }

    static func withTextBook<T>(_ text: String, _ body: (any Document & UTF8TextProviding) throws -> T) throws -> T {
        try SearchTestSupport.withBook(text) { document throws in
            try body(try #require(document as? any Document & UTF8TextProviding))
        }
    }

    @Test("the edge cases: the same count and hits in place as from the blocks")
    func edgeCasesAgree() throws {
        try Self.withTextBook(Self.edgeCases) { document throws in
            try Self.expectSameResults(document, queries: Self.asciiQueries + ["abcd", "ab cd", "keeper the", "x y", "xy",
                                                                             "é", "ä", "中文", "ı", "İ", "ﬁ", "a\u{0308}"])
        }
    }

    @Test("several sections: phrases across section boundaries, and the edge cases in each section")
    func multiSectionAgrees() throws {
        try Self.withTextBook(Self.multiSection) { document throws in
            #expect(document.readingOrder.count >= 3)
            try Self.expectSameResults(document, queries: ["the light", "keeper", "cafe"], options: [(false, false, false)])
        }
    }

    @Test("queries that do not fold to ASCII are searched the general way")
    func nonASCIIQueries() throws {
        try Self.withTextBook(Self.edgeCases) { document throws in
            func inPlace(_ query: SearchQuery) throws -> Bool { try DocumentSearch(document: document, query: query).searchesInPlace }
            for query in ["中文", "é", "аня", "keeper😀"] {
                #expect(try inPlace(SearchQuery(query)) == false, "\(query)")
            }
            #expect(try inPlace(SearchQuery("é", ignoringDiacritics: true)))
            #expect(try inPlace(SearchQuery("the", regularExpression: true)) == false)
        }
    }

    @Test("TestBooks: the same count and hits in place as from the blocks",
          arguments: ["txt/lighthouse-keeper.txt", "txt/moon-garden.zh.txt", "txt/winter-road.ru.txt"])
    func testBooksAgree(_ book: String) throws {
        let document = try #require(try SearchTestSupport.open(book) as? any Document & UTF8TextProviding)
        try Self.expectSameResults(document, queries: Self.asciiQueries + ["аня", "外婆"])
    }

    @Test("corpus UTF-8 text files: the same count and hits in place as from the blocks",
          arguments: ["txt/utf-8/en_alice_pg11.txt", "txt/utf-8-bom/ru_lermontov_mtsyri.txt",
                      "txt/edge/en_utf8_with-invalid-bytes.txt"])
    func corpusAgrees(_ book: String) throws {
        let path = try #require(SearchTestSupport.corpusBook(book), "the corpus is missing \(book)")
        let document = try #require(try ReaderEngine.standard.open(path: path) as? any Document & UTF8TextProviding)
        try Self.expectSameResults(document, queries: Self.asciiQueries)
    }

    @Test("a text file in another encoding is not searched in place")
    func otherEncodings() throws {
        for book in ["txt/lighthouse-keeper.utf16le.txt", "txt/winter-road.cp1251.txt", "txt/moon-garden.gb18030.txt"] {
            let document = try SearchTestSupport.open(book)
            #expect(try DocumentSearch(document: document, query: SearchQuery("the")).searchesInPlace == false, "\(book)")
        }
    }

    @Test("counting in place decodes no section; hits decode only the sections that hold one")
    func decodesOnlySectionsWithHits() throws {
        let rare = "a rare phrase"
        let filler = String(repeating: "the light of the keeper\n", count: 60000)
        try Self.withTextBook(filler + "\n" + rare + "\n\n" + filler + "\n" + filler) { base throws in
            let document = InPlaceDocument(base)
            #expect(document.readingOrder.count >= 3)
            #expect(try DocumentSearch(document: document, query: SearchQuery("KEEPER")).count() == 180000)
            #expect(try DocumentSearch(document: document, query: SearchQuery("a RARE phrase")).count() == 1)
            #expect(document.sectionsRead.isEmpty)
            let hits = try DocumentSearch(document: document, query: SearchQuery(rare)).allHits()
            #expect(hits.count == 1)
            #expect(Set(document.sectionsRead) == [hits[0].start.section])
            #expect(hits[0].locator.text?.highlight == rare)
        }
    }

    @Test("a count on two cores equals one scan's, a match across the middle included", arguments: 0..<6)
    func countInHalves(prefixLength: Int) throws {
        // An odd number of "aa" lines: "aa aa" matches them two by two, so the last one is left
        // over, unless the first half's last match, running across the middle, is counted and the
        // second half's matches are not counted again from its end.
        let tokens = 600_001
        let text = String(repeating: "x", count: prefixLength) + "\n" + String(repeating: "aa\n", count: tokens)
        try Self.withTextBook(text) { document throws in
            #expect(document.readingOrder.count >= 2)
            #expect(try DocumentSearch(document: document, query: SearchQuery("aa aa")).count() == tokens / 2)
            #expect(try DocumentSearch(document: document, query: SearchQuery("AA")).count() == tokens)
        }
    }

    @Test("a limit stops the count in place")
    func limit() throws {
        try Self.withTextBook(Self.edgeCases) { document throws in
            #expect(try DocumentSearch(document: document, query: SearchQuery("keeper", limit: 7)).count() == 7)
            let search = try DocumentSearch(document: document, query: SearchQuery("keeper", limit: 7))
            _ = try search.nextMatch()
            #expect(try search.count() == 6)
        }
    }

    @Test("bytes that are not UTF-8 partway through: the rest is searched from the blocks, with the same results")
    func invalidBytesPartway() throws {
        let filler = String(repeating: "zz zz zz zz zz zz zz zz zz zz zz zz zz zz zz zz zz zz zz\n", count: 20000)
        try withTemporaryDirectory(prefix: "reader-search") { directory in
            let path = directory.appendingPathComponent("mixed.txt").path
            var bytes = Array((filler + "\n").utf8)
            bytes += [0x6B, 0x65, 0x65, 0xFF, 0x70, 0x65, 0x72, 0x20, 0xC3, 0x28, 0x0A]  // "kee\xFFper \xC3("
            bytes += Array((filler + "keeper").utf8)
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            let document = try #require(try ReaderEngine.standard.open(path: path) as? any Document & UTF8TextProviding)
            #expect(document.readingOrder.count >= 2)
            try Self.expectSameResults(document, queries: ["keeper", "zz keeper", "per"], options: [(false, false, false)])
        }
    }
}
