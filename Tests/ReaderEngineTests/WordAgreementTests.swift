import ReaderTestSupport
import Testing

/// The measure behind the calibre comparison: words as the corpus tests count them, and an
/// alignment that finds a longest common subsequence.
@Suite struct WordAgreementTests {
    @Test func wordsAreFoldedRunsOfLettersDigitsAndMarksAndSingleHanOrKana() {
        #expect(WordAgreement.words(of: "Let's go—NOW, 2011!") == ["let", "s", "go", "now", "2011"])
        #expect(WordAgreement.words(of: "山路を登りながら、こう") == ["山", "路", "を", "登", "り", "な", "が", "ら", "こ", "う"])
        #expect(WordAgreement.words(of: "[image] ロゴマーク:総務省 Let's") == ["image", "ロ", "ゴ", "マ", "ー", "ク", "総", "務", "省", "let", "s"])
        #expect(WordAgreement.words(of: "النِّظَامُ الغذائي") == ["النِّظَامُ", "الغذائي"])
        #expect(WordAgreement.words(of: " \n…— ").isEmpty)
    }

    @Test func matchesAsManyWordsAsTheLongestCommonSubsequence() {
        var random = SeededRandom(seed: 0xA11C_E5E0)
        for _ in 0..<300 {
            let alphabet = Int.random(in: 1...6, using: &random)
            let reference = (0..<Int.random(in: 0...40, using: &random)).map { _ in "w\(Int.random(in: 0..<alphabet, using: &random))" }
            let candidate = (0..<Int.random(in: 0...40, using: &random)).map { _ in "w\(Int.random(in: 0..<alphabet, using: &random))" }
            let agreement = WordAgreement(reference: reference, candidate: candidate)
            #expect(!agreement.gaveUp)
            #expect(agreement.matched == Self.lcsLength(reference, candidate), "\(reference) vs \(candidate)")
            // The matched words, in order, are a subsequence of the candidate.
            let matched = zip(reference, agreement.matchedFlags).filter(\.1).map(\.0)
            var rest = candidate[...]
            for word in matched {
                guard let found = rest.firstIndex(of: word) else {
                    Issue.record("\(matched) is not a subsequence of \(candidate)")
                    break
                }
                rest = rest[(found + 1)...]
            }
        }
    }

    @Test func aLongTextWithScatteredEditsAlignsWithinItsBudget() {
        var random = SeededRandom(seed: 42)
        let reference = (0..<200_000).map { _ in "w\(Int.random(in: 0..<5_000, using: &random))" }
        var candidate = reference
        for _ in 0..<500 { candidate.remove(at: Int.random(in: candidate.indices, using: &random)) }
        let agreement = WordAgreement(reference: reference, candidate: candidate)
        #expect(!agreement.gaveUp)
        #expect(agreement.matched == candidate.count)
    }

    @Test func anExhaustedBudgetGivesALowerBound() {
        let reference = (0..<2_000).map { "a\($0 % 7)" }
        let candidate = (0..<2_000).map { "a\(($0 * 3) % 7)" }
        let bounded = WordAgreement(reference: reference, candidate: candidate, budget: 1_000)
        let full = WordAgreement(reference: reference, candidate: candidate)
        #expect(bounded.gaveUp)
        #expect(!full.gaveUp)
        #expect(bounded.matched <= full.matched)
    }

    /// Textbook dynamic programming, for small inputs.
    static func lcsLength(_ a: [String], _ b: [String]) -> Int {
        var previous = [Int](repeating: 0, count: b.count + 1)
        for x in a {
            var current = [0]
            for (j, y) in b.enumerated() {
                current.append(x == y ? previous[j] + 1 : max(previous[j + 1], current[j]))
            }
            previous = current
        }
        return previous[b.count]
    }
}
