@testable import ReaderTXT
import ReaderTestSupport
import Testing

/// ``TXTLineJoining/separatorCount(_:_:punctuation:)`` counts on the bytes where that is safe, and
/// always agrees with counting characters: a separator or its space that a combining mark, a
/// joiner or a prepended sign makes part of a larger character does not count.
@Suite struct TXTSeparatorCountTests {
    static let pieces = [",", ";", "\t", "|", " ", ", ", "; ", "a", "Ké", "“", "’", "\u{301}", "\u{200D}", "\u{600}",
                         "\r", "中", "1,5", "x;y", "😀"]

    /// The count character by character, as tables were told apart before.
    static func reference(_ line: Substring, _ separator: Character, punctuation: Bool) -> Int {
        var count = 0
        var index = line.startIndex
        while let found = line[index...].firstIndex(of: separator) {
            index = line.index(after: found)
            if !(punctuation && index < line.endIndex && line[index] == " ") { count += 1 }
        }
        return count
    }

    @Test("random lines: the same count as character by character", arguments: 0..<4)
    func agreesWithCharacters(seed: UInt64) {
        var generator = SeededRandom(seed: 0x7AB &+ seed)
        for _ in 0..<400 {
            let line = generator.text(of: Self.pieces, count: 0...24)
            for (separator, punctuation) in [(Character(","), true), ("\t", false), (";", true), ("|", false)] {
                #expect(TXTLineJoining.separatorCount(line[...], separator, punctuation: punctuation)
                            == Self.reference(line[...], separator, punctuation: punctuation), "\(line.debugDescription)")
            }
        }
    }

    @Test("a comma made part of a larger character by a combining mark is not a separator")
    func combiningMark() {
        #expect(TXTLineJoining.separatorCount("a,\u{301}b,c", ",", punctuation: true) == 1)
        #expect(TXTLineJoining.separatorCount("a, \u{301}b", ",", punctuation: true) == 1)
        #expect(TXTLineJoining.separatorCount("a, b,c", ",", punctuation: true) == 1)
    }
}
