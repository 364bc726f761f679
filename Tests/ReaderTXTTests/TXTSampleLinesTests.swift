@testable import ReaderTXT
import ReaderTestSupport
import Testing

/// ``TXTLineJoining/nonBlankLines(of:limit:)`` cuts a sample into lines on its bytes and always
/// agrees with cutting it character by character: every newline character ends a line (CR LF
/// once), empty lines do not count towards the limit, and a line of whitespace characters is left
/// out even when a combining mark or a space outside ASCII makes it up.
@Suite struct TXTSampleLinesTests {
    static let pieces = ["\n", "\r", "\r\n", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}", " ", "\t", "\u{A0}",
                         "\u{3000}", " \u{301}", "a", "Ké", "1,5", "“x”", "中", "😀", "\u{2027}", "\u{202F}"]

    /// The lines as they were cut before, character by character.
    static func reference(_ sample: String, limit: Int) -> [Substring] {
        sample.split(maxSplits: limit, whereSeparator: \.isNewline).prefix(limit).filter { !$0.allSatisfy(\.isWhitespace) }
    }

    @Test("random samples and limits: the same lines as character by character", arguments: 0..<4)
    func agreesWithCharacters(seed: UInt64) {
        var generator = SeededRandom(seed: 0x5A3 &+ seed)
        for _ in 0..<500 {
            let sample = generator.text(of: Self.pieces, count: 0...60)
            let limit = Int.random(in: 1...12, using: &generator)
            #expect(TXTLineJoining.nonBlankLines(of: sample, limit: limit) == Self.reference(sample, limit: limit),
                    "\(sample.debugDescription), limit \(limit)")
        }
    }

    @Test("a long sample: only the first lines are read, the rest is left whole")
    func stopsAtTheLimit() {
        let sample = (1...500).map { "row \($0),a,b" }.joined(separator: "\r\n") + "\n\n  \n"
        let lines = TXTLineJoining.nonBlankLines(of: sample, limit: 200)
        #expect(lines.count == 200)
        #expect(lines.last == "row 200,a,b")
        #expect(lines == Self.reference(sample, limit: 200))
    }
}
