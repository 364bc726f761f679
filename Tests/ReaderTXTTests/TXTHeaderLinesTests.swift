import Foundation
@testable import ReaderTXT
import ReaderTestSupport
import Testing

/// ``TXTHeaderMetadata/firstLines(of:count:)`` cuts a sample's first lines on its bytes and always
/// agrees with cutting it at line-feed characters: a CR LF is one character and cuts nothing,
/// empty lines count, and the rest after the last line wanted is left out.
@Suite struct TXTHeaderLinesTests {
    static let pieces = ["\n", "\r", "\r\n", "\n\n", "Title: x", ":", " ", "é", "中", "😀", "\u{301}", "a"]

    @Test("random samples and counts: the same lines as character by character", arguments: 0..<4)
    func agreesWithCharacters(seed: UInt64) {
        var generator = SeededRandom(seed: 0x4EAD &+ seed)
        for _ in 0..<500 {
            let sample = generator.text(of: Self.pieces, count: 0...40)
            let count = Int.random(in: 1...10, using: &generator)
            let reference = Array(sample.split(separator: "\n", maxSplits: count, omittingEmptySubsequences: false).prefix(count))
            #expect(TXTHeaderMetadata.firstLines(of: sample, count: count) == reference, "\(sample.debugDescription), \(count)")
        }
    }
}

/// ``TXTHeaderMetadata/trimmingSpaces(_:)`` trims what Foundation's `trimmingCharacters(in: .whitespaces)` trims.
@Suite struct TXTHeaderTrimTests {
    static let pieces = [" ", "\t", "\u{A0}", "\u{3000}", "\u{2009}", "\u{202F}", "\u{1680}", "\u{205F}", "\u{180E}", "\n", "\r",
                         "\u{85}", "\u{200B}", "\u{200C}", "\u{FEFF}", "\u{301}", "a", "é", "Title:", "中", "😀"]

    @Test("random text: the same as trimming Foundation's whitespace set", arguments: 0..<2)
    func agreesWithFoundation(seed: UInt64) {
        var generator = SeededRandom(seed: 0x7121 &+ seed)
        for _ in 0..<500 {
            let text = generator.text(of: Self.pieces, count: 0...12)
            #expect(TXTHeaderMetadata.trimmingSpaces(text) == text.trimmingCharacters(in: .whitespaces), "\(text.debugDescription)")
        }
    }
}
