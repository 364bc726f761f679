import Foundation
import ReaderCore
import ReaderEngine
import ReaderSearch
import ReaderTestSupport
import Testing

/// Japanese and Korean corpus books: kana and kanji are words of their own, Hangul words are not.
@Suite(.enabled(if: TestLocation.corpusAvailable, "the shared corpus is absent"))
struct EastAsianCorpusTests {
    @Test("Japanese (EUC-JP): a katakana name is found as often as a naive scan finds it, whole-word or not")
    func japanese() throws {
        let path = try #require(SearchTestSupport.corpusBook("txt/euc-jp/ja_alice.txt"))
        let document = try ReaderEngine.standard.open(path: path)
        let expected = try SearchTestSupport.naiveCount("アリス", in: document)
        #expect(expected > 10)
        #expect(try SearchTestSupport.matches(document, SearchQuery("アリス")).count == expected)
        #expect(try SearchTestSupport.matches(document, SearchQuery("アリス", wholeWords: true)).count == expected)
    }

    @Test("Korean (EUC-KR): Hangul syllables match whole, and whole words end at spaces and punctuation")
    func korean() throws {
        let path = try #require(SearchTestSupport.corpusBook("txt/euc-kr/ko_raven.txt"))
        let document = try ReaderEngine.standard.open(path: path)
        let words = try SearchTestSupport.words(of: document).map(String.init)
        let hangul = words.filter { $0.count >= 2 && $0.unicodeScalars.allSatisfy { (0xAC00...0xD7A3).contains($0.value) } }
        let counts = Dictionary(hangul.map { ($0, 1) }, uniquingKeysWith: +)
        // A word that also occurs with a particle attached, so whole-word search has something to reject.
        let sorted = counts.keys.sorted()
        let prefixes = zip(sorted, sorted.dropFirst()).filter { $1.hasPrefix($0) }.map(\.0)
        let word = try #require(prefixes.max { (counts[$0] ?? 0, $1) < (counts[$1] ?? 0, $0) })
        let anywhere = try SearchTestSupport.matches(document, SearchQuery(word)).count
        let whole = try SearchTestSupport.matches(document, SearchQuery(word, wholeWords: true)).count
        #expect(anywhere == (try SearchTestSupport.naiveCount(word, in: document)), "\(word)")
        #expect(whole == words.filter { $0 == word }.count, "\(word)")
        #expect(whole < anywhere)
        // Part of a syllable never matches: 가 (U+AC00) is not found inside 각 (U+AC01).
        let finalConsonant: (Unicode.Scalar) -> UInt32 = { ($0.value - 0xAC00) % 28 }
        let syllable = try #require(hangul.joined().unicodeScalars.first { finalConsonant($0) != 0 })
        let bare = String(try #require(Unicode.Scalar(syllable.value - finalConsonant(syllable))))
        let bareCount = try SearchTestSupport.matches(document, SearchQuery(bare)).count
        #expect(bareCount == (try SearchTestSupport.naiveCount(bare, in: document)), "\(bare) inside \(syllable)")
    }
}
