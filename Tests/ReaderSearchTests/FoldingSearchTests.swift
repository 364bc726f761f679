import Foundation
import ReaderCore
import ReaderEngine
import ReaderSearch
import ReaderTestSupport
import Testing

/// Case and diacritic folding, and offsets that map back to the original text exactly.
@Suite struct FoldingSearchTests {
    @Test("ß matches SS and ss, and the hit covers exactly the original characters")
    func sharpS() throws {
        try SearchTestSupport.withBook("Die Straße und die STRASSE.\n\nDann die strasse, nicht die Strase.\n") { document in
            let hits = try SearchTestSupport.hits(document, SearchQuery("strasse"))
            #expect(try hits.map { try SearchTestSupport.originalText(document, $0.match) } == ["Straße", "STRASSE", "strasse"])
            #expect(hits.map { $0.locator.text?.highlight } == ["Straße", "STRASSE", "strasse"])
            let exact = try SearchTestSupport.hits(document, SearchQuery("Straße", caseSensitive: true))
            #expect(exact.count == 1)
            // Half of a folded ß is not a match of its own.
            #expect(try SearchTestSupport.hits(document, SearchQuery("stras")).count == 3)
            #expect(try SearchTestSupport.hits(document, SearchQuery("straß")).count == 3)
        }
    }

    @Test("Arabic presentation forms and bidi controls are searched as the letters typed; hits keep the page's text")
    func arabicPresentationForms() throws {
        // "السلام عليكم" stored as contextual glyph forms, wrapped in right-to-left embedding marks.
        let stored = "\u{202B}ﺍﻟﺴﻼﻡ ﻋﻠﻴﻜﻢ\u{202C} ورحمة الله"
        try SearchTestSupport.withBook("قال: \(stored).\n") { document in
            let hits = try SearchTestSupport.hits(document, SearchQuery("السلام عليكم"))
            #expect(hits.count == 1)
            // The hit may take in the invisible pop-direction mark that closes the run; the letters are the page's.
            let found = try hits.map { try SearchTestSupport.originalText(document, $0.match).replacingOccurrences(of: "\u{202C}", with: "") }
            #expect(found == ["ﺍﻟﺴﻼﻡ ﻋﻠﻴﻜﻢ"])
            #expect(try SearchTestSupport.hits(document, SearchQuery("عليكم ورحمة")).count == 1, "across the bidi mark")
            #expect(try SearchTestSupport.hits(document, SearchQuery("ﻋﻠﻴﻜﻢ")).count == 1, "a query in glyph forms too")
            #expect(try SearchTestSupport.hits(document, SearchQuery("سلام", wholeWords: true)).isEmpty)
        }
    }

    @Test("Arabic vowel marks and tatweel, and Hebrew points, need not be typed; hits cover them")
    func unwrittenVowels() throws {
        // كِتَابٌ with its short vowels, then كـتـاب stretched with tatweel; שָׁלוֹם with its points.
        let text = "قرأ \u{0643}\u{0650}\u{062A}\u{064E}\u{0627}\u{0628}\u{064C} ثم \u{0643}\u{0640}\u{062A}\u{0640}\u{0627}\u{0628} و \u{05E9}\u{05C1}\u{05B8}\u{05DC}\u{05D5}\u{05B9}\u{05DD}.\n"
        try SearchTestSupport.withBook(text) { document in
            let hits = try SearchTestSupport.hits(document, SearchQuery("كتاب", wholeWords: true))
            #expect(try hits.map { try SearchTestSupport.originalText(document, $0.match) }
                    == ["\u{0643}\u{0650}\u{062A}\u{064E}\u{0627}\u{0628}\u{064C}", "\u{0643}\u{0640}\u{062A}\u{0640}\u{0627}\u{0628}"])
            #expect(try SearchTestSupport.hits(document, SearchQuery("\u{0643}\u{0650}\u{062A}\u{064E}\u{0627}\u{0628}")).count == 2,
                    "a query typed with its vowels finds the bare word too")
            #expect(try SearchTestSupport.hits(document, SearchQuery("שלום", caseSensitive: true)).count == 1)
        }
    }

    @Test("Cyrillic case folds both ways in the Russian TestBooks, UTF-8 and windows-1251")
    func cyrillicCase() throws {
        for book in ["txt/winter-road.ru.txt", "txt/winter-road.cp1251.txt"] {
            let document = try SearchTestSupport.open(book)
            let lower = try SearchTestSupport.hits(document, SearchQuery("семён ильич")).count
            let upper = try SearchTestSupport.hits(document, SearchQuery("СЕМЁН ИЛЬИЧ")).count
            let exact = try SearchTestSupport.hits(document, SearchQuery("Семён Ильич", caseSensitive: true)).count
            let wrongCase = try SearchTestSupport.hits(document, SearchQuery("семён ильич", caseSensitive: true)).count
            #expect(lower > 0)
            #expect(lower == upper)
            #expect(exact == (try SearchTestSupport.naiveCount("Семён Ильич", in: document, caseSensitive: true)))
            #expect(wrongCase == (try SearchTestSupport.naiveCount("семён ильич", in: document, caseSensitive: true)))
            #expect(exact + wrongCase <= lower)
        }
    }

    @Test("ё matches е only when diacritics are ignored")
    func cyrillicDiaeresis() throws {
        let document = try SearchTestSupport.open("txt/winter-road.ru.txt")
        let folded: (String) -> String = {
            SearchTestSupport.collapsed($0).lowercased().folding(options: .diacriticInsensitive, locale: nil)
        }
        let expected = try SearchTestSupport.runs(of: document).reduce(0) {
            $0 + SearchTestSupport.occurrences(of: folded("звездочка"), in: folded($1))
        }
        let ignoring = try SearchTestSupport.hits(document, SearchQuery("звездочка", ignoringDiacritics: true))
        #expect(expected > 0)
        #expect(ignoring.count == expected)
        #expect(try SearchTestSupport.hits(document, SearchQuery("звездочка")).count
                    == (try SearchTestSupport.naiveCount("звездочка", in: document)))
        for hit in ignoring {
            let original = try SearchTestSupport.originalText(document, hit.match)
            #expect(folded(original) == "звездочка", "\(original)")
        }
    }

    @Test("precomposed and decomposed accents match each other; a base letter alone does not match before a mark")
    func canonicalEquivalence() throws {
        let text = "Le cafe\u{301} du coin, le café d’en face, le cafe tout court.\n"
        try SearchTestSupport.withBook(text) { document in
            let accented = try SearchTestSupport.hits(document, SearchQuery("café"))
            #expect(try accented.map { try SearchTestSupport.originalText(document, $0.match) } == ["cafe\u{301}", "café"])
            #expect(try SearchTestSupport.hits(document, SearchQuery("cafe\u{301}")).count == 2)
            #expect(try SearchTestSupport.hits(document, SearchQuery("cafe")).count == 1)
            let ignoring = try SearchTestSupport.hits(document, SearchQuery("CAFE", ignoringDiacritics: true))
            #expect(try ignoring.map { try SearchTestSupport.originalText(document, $0.match) } == ["cafe\u{301}", "café", "cafe"])
        }
    }

    @Test("Greek: final sigma folds with Σ and σ (corpus, UTF-16LE)", .enabled(if: TestLocation.corpusAvailable))
    func greekFinalSigma() throws {
        let path = try #require(SearchTestSupport.corpusBook("txt/utf-16le-bom/el_alice_greek.txt"))
        let document = try ReaderEngine.standard.open(path: path)
        let folded: (String) -> String = { SearchTestSupport.collapsed($0).lowercased().replacingOccurrences(of: "ς", with: "σ") }
        let words = try SearchTestSupport.words(of: document).map(String.init)
        let counts = Dictionary(words.filter { $0.hasSuffix("ς") && $0.count > 3 }.map { ($0.lowercased(), 1) }, uniquingKeysWith: +)
        let word = try #require(counts.max { $0.value < $1.value }?.key)
        let runs = try SearchTestSupport.runs(of: document).map(folded)
        let expected = runs.reduce(0) { $0 + SearchTestSupport.occurrences(of: folded(word), in: $1) }
        let upper = try SearchTestSupport.hits(document, SearchQuery(word.uppercased()))
        #expect(word.uppercased().hasSuffix("Σ"))
        #expect(upper.count == expected, "\(word)")
        #expect(try SearchTestSupport.hits(document, SearchQuery(word)).count == expected)
    }

    @Test("Czech: diacritics ignored on request (corpus, ISO-8859-2)", .enabled(if: TestLocation.corpusAvailable))
    func czechDiacritics() throws {
        let path = try #require(SearchTestSupport.corpusBook("txt/iso-8859-2/cs_alice_czech.txt"))
        let document = try ReaderEngine.standard.open(path: path)
        let stripped: (String) -> String = {
            SearchTestSupport.collapsed($0).lowercased().folding(options: .diacriticInsensitive, locale: nil)
        }
        let words = try SearchTestSupport.words(of: document).map { $0.lowercased() }
        let accented = Dictionary(words.filter { $0.count > 4 && stripped($0) != $0 }.map { ($0, 1) }, uniquingKeysWith: +)
        let word = try #require(accented.max { $0.value < $1.value }?.key)
        let plain = stripped(word)
        let runs = try SearchTestSupport.runs(of: document)
        let expected = runs.reduce(0) { $0 + SearchTestSupport.occurrences(of: plain, in: stripped($1)) }
        let hits = try SearchTestSupport.hits(document, SearchQuery(plain.uppercased(), ignoringDiacritics: true))
        #expect(hits.count == expected, "\(word) → \(plain)")
        #expect(try SearchTestSupport.hits(document, SearchQuery(plain)).count
                    == runs.reduce(0) { $0 + SearchTestSupport.occurrences(of: plain, in: SearchTestSupport.collapsed($1).lowercased()) })
        #expect(try SearchTestSupport.hits(document, SearchQuery(word)).count
                    == runs.reduce(0) { $0 + SearchTestSupport.occurrences(of: word, in: SearchTestSupport.collapsed($1).lowercased()) })
    }

    @Test("the folded stream a TextFolder gives is what the search matches against")
    func textFolderStream() throws {
        let folder = TextFolder(.full)
        #expect(folder.fold("  Straße\u{00AD}n,\tCAFÉ\n  Ёлка ") == "strassen, cafe елка")
        let content = SectionContent(blocks: [
            Block(kind: .paragraph, text: "One ", sourceMap: .init()),
            Block(kind: .paragraph, text: "", sourceMap: .init()),
            Block(kind: .paragraph, text: " Two", sourceMap: .init()),
        ])
        #expect(folder.foldedStream(of: content) == "one two")
    }
}
