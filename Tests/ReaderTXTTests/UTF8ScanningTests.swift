import Foundation
@testable import ReaderTXT
import ReaderTestSupport
import ReaderCore
import Testing

/// The word-at-a-time byte scanning helpers against the obvious scalar-by-scalar answers.
@Suite struct UTF8ScanningTests {
    static let pieces = ["a", "bc", " ", "é", "ß", "中文", "，", "😀", "𠮷", "\n", "\r\n", "\r", "\u{3000}", "ｶ", "abcdefghij"]

    static func randomText(using generator: inout SeededRandom) -> String {
        generator.text(of: pieces, count: 0...80)
    }

    @Test("UTF-16 counts of every scalar-aligned range", arguments: 0..<4)
    func utf16Counts(seed: UInt64) {
        var generator = SeededRandom(seed: 0x16 &+ seed)
        for _ in 0..<50 {
            let text = Self.randomText(using: &generator)
            let bytes = Array(text.utf8)
            let starts = [0] + text.unicodeScalars.indices.dropFirst().map { text.utf8.distance(from: text.startIndex, to: $0) }
            let boundaries = starts + [bytes.count]
            bytes.withUnsafeBufferPointer { buffer in
                for lower in boundaries {
                    for upper in boundaries where upper >= lower {
                        let expected = String(decoding: buffer[lower..<upper], as: UTF8.self).utf16.count
                        #expect(UTF8Counting.utf16Count(buffer, in: lower..<upper) == expected)
                    }
                }
                #expect(UTF8Counting.utf16Count(buffer) == text.utf16.count)
            }
        }
    }

    @Test("line breaks are the first LF or CR", arguments: 0..<4)
    func lineBreaks(seed: UInt64) {
        var generator = SeededRandom(seed: 0x1F &+ seed)
        for _ in 0..<50 {
            let bytes = Array(Self.randomText(using: &generator).utf8)
            bytes.withUnsafeBufferPointer { buffer in
                for start in 0...bytes.count {
                    let expected = bytes[start...].firstIndex { $0 == 0x0A || $0 == 0x0D } ?? bytes.count
                    #expect(UTF8Scanning.lineBreak(buffer, from: start) == expected)
                }
            }
        }
    }

    @Test("line feeds are the first LF, blank lines included", arguments: 0..<4)
    func blankLineFeeds(seed: UInt64) {
        var generator = SeededRandom(seed: 0x0A0A &+ seed)
        for _ in 0..<50 {
            let bytes = Array((Self.randomText(using: &generator) + "\n\n" + Self.randomText(using: &generator)).utf8)
            bytes.withUnsafeBufferPointer { buffer in
                for start in 0...bytes.count {
                    #expect(UTF8Scanning.lineFeed(buffer, from: start) == (bytes[start...].firstIndex(of: 0x0A) ?? bytes.count))
                }
            }
        }
    }

    @Test("line breaks far from the start, past the first bytes searched inline", arguments: 0..<4)
    func distantLineBreaks(seed: UInt64) {
        var generator = SeededRandom(seed: 0x1F1F &+ seed)
        for _ in 0..<40 {
            // Long lines: a break now and then among hundreds of bytes, some of them not ASCII.
            var bytes: [UInt8] = []
            for _ in 0..<Int.random(in: 0...600, using: &generator) {
                let roll = Int.random(in: 0..<200, using: &generator)
                bytes += roll == 0 ? [0x0A] : roll == 1 ? [0x0D] : roll == 2 ? [0x0D, 0x0A] : roll < 20 ? Array("’".utf8) : [UInt8(ascii: "k")]
            }
            bytes.withUnsafeBufferPointer { buffer in
                for start in 0...bytes.count {
                    let expected = bytes[start...].firstIndex { $0 == 0x0A || $0 == 0x0D } ?? bytes.count
                    #expect(UTF8Scanning.lineBreak(buffer, from: start) == expected)
                }
            }
        }
    }

    @Test("heading lines are trimmed as Foundation trims whitespace")
    func whitespaceTrimming() {
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            if TXTHeadingLine.isWhitespace(scalar) != CharacterSet.whitespaces.contains(scalar) {
                Issue.record("U+\(String(value, radix: 16)) differs from CharacterSet.whitespaces")
            }
        }
        for text in ["", " ", "\t第1章　搬家\u{3000}", "\u{200B}CHAPTER I.\u{A0}", "\u{FEFF}Part One ", "a\u{2003}b", "\u{0B}x\u{0C}"] {
            #expect(TXTHeadingLine.trimmingWhitespace(text) == text.trimmingCharacters(in: .whitespaces))
        }
    }

    @Test("a line's break and its UTF-16 units found in one pass", arguments: 0..<4)
    func lineBreaksCountingUTF16(seed: UInt64) {
        var generator = SeededRandom(seed: 0x1F16 &+ seed)
        for round in 0..<40 {
            // Short random lines, and (every fourth round) lines of thousands of bytes, longer
            // than one batch of the count, with four-byte scalars among them.
            var bytes = Array(Self.randomText(using: &generator).utf8)
            if round % 4 == 0 {
                for _ in 0..<Int.random(in: 0...3000, using: &generator) {
                    let roll = Int.random(in: 0..<400, using: &generator)
                    bytes += roll == 0 ? [0x0A] : roll == 1 ? [0x0D] : roll < 20 ? Array("’".utf8) : roll < 30 ? Array("😀".utf8) : [UInt8(ascii: "k")]
                }
            }
            bytes.withUnsafeBufferPointer { buffer in
                var start = 0
                // Every line start, and a few starts inside lines.
                var starts = [0]
                for (index, byte) in bytes.enumerated() where byte == 0x0A || byte == 0x0D { starts.append(index + 1) }
                starts += (0..<5).map { _ in Int.random(in: 0...bytes.count, using: &generator) }
                    .filter { $0 == bytes.count || bytes[$0] & 0xC0 != 0x80 }
                for lineStart in starts {
                    start = lineStart
                    let end = UTF8Scanning.lineBreak(buffer, from: start)
                    let found = UTF8Scanning.lineBreakCountingUTF16(buffer, from: start)
                    #expect(found.end == end)
                    #expect(found.utf16Count == UTF8Counting.utf16Count(buffer, in: start..<end))
                }
            }
        }
    }

    @Test("a first word measured only up to a limit")
    func firstWordLengthLimit() {
        let bytes = Array("Lighthouse keeper".utf8)
        bytes.withUnsafeBufferPointer { buffer in
            #expect(UTF8Scanning.firstWordLength(buffer, in: 0..<bytes.count) == 10)
            #expect(UTF8Scanning.firstWordLength(buffer, in: 0..<bytes.count, limit: 4) == 4)
            #expect(UTF8Scanning.firstWordLength(buffer, in: 0..<bytes.count, limit: 11) == 10)
            #expect(UTF8Scanning.firstWordLength(buffer, in: 0..<bytes.count, limit: 0) == 0)
        }
    }

    @Test("line feeds are found inline and past the first bytes", arguments: 0..<4)
    func lineFeeds(seed: UInt64) {
        var generator = SeededRandom(seed: 0x0A0A &+ seed)
        for _ in 0..<40 {
            var bytes: [UInt8] = []
            for _ in 0..<Int.random(in: 0...600, using: &generator) {
                let roll = Int.random(in: 0..<150, using: &generator)
                bytes += roll == 0 ? [0x0A] : roll < 15 ? Array("’".utf8) : [UInt8(ascii: "k")]
            }
            bytes.withUnsafeBufferPointer { buffer in
                for start in 0...bytes.count {
                    let expected = bytes[start...].firstIndex(of: 0x0A) ?? bytes.count
                    #expect(UTF8Scanning.lineFeed(buffer, from: start) == expected)
                }
            }
        }
    }
}
