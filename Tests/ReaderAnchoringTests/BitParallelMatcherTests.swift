import Testing
import ReaderTestSupport
@testable import ReaderAnchoring

@Suite("Bit-parallel matcher")
struct BitParallelMatcherTests {
    /// The textbook dynamic programme: row 0 all zeros (a match may start anywhere).
    private func reference(pattern: [UInt16], text: [UInt16]) -> [Int] {
        var column = Array(0...pattern.count)
        var scores = [pattern.count]
        for unit in text {
            var diagonal = column[0]
            column[0] = 0
            for row in 1...max(1, pattern.count) where row <= pattern.count {
                let above = column[row]
                column[row] = min(above + 1, column[row - 1] + 1, diagonal + (pattern[row - 1] == unit ? 0 : 1))
                diagonal = above
            }
            scores.append(column[pattern.count])
        }
        return scores
    }

    @Test("column scores equal the dynamic programme's, forwards and backwards", arguments: [1, 2, 3, 17, 63, 64])
    func agreesWithDynamicProgramming(length: Int) {
        var random = SeededRandom(seed: UInt64(length))
        for _ in 0..<40 {
            let alphabet = UInt16.random(in: 2...6, using: &random)
            let pattern = (0..<length).map { _ in UInt16.random(in: 0..<alphabet, using: &random) + 0x61 }
            let text = (0..<Int.random(in: 0...150, using: &random)).map { _ in UInt16.random(in: 0..<alphabet, using: &random) + 0x61 }
            let matcher = BitParallelMatcher(pattern: pattern)
            #expect(matcher.scores(in: text, range: 0..<text.count) == reference(pattern: pattern, text: text))
            let backwards = matcher.scores(in: text, range: 0..<text.count, backwards: true)
            #expect(backwards == reference(pattern: pattern, text: text.reversed()))
        }
    }

    @Test("an empty pattern costs nothing anywhere")
    func emptyPattern() {
        #expect(BitParallelMatcher(pattern: [UInt16]()).scores(in: [1, 2, 3], range: 0..<3) == [0, 0, 0, 0])
    }

    @Test("a window of the text is visited, not all of it")
    func window() {
        let text = Array("xxabcxx".utf16)
        let scores = BitParallelMatcher(pattern: Array("abc".utf16)).scores(in: text, range: 2..<5)
        #expect(scores == [3, 2, 1, 0])
    }
}
