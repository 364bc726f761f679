@testable import ReaderCore
import ReaderTestSupport
import Testing

/// The line breaker's bulk paths (runs of plain ASCII, runs of wide letters) cut the same lines as
/// feeding it the same clusters one at a time.
@Suite struct LayoutFastPathTests {
    /// Pieces heavy in CJK runs, with what may end a run: punctuation, spaces, ASCII, marks and
    /// selectors that join the letter before them, the end of the text.
    static let pieces: [String] = [
        "中文字符测试", "漢", "字", "，", "。", "“", "”", "（", "）", "：", "！", "한국어", "가나다라마바사", "ひらがな", " ", "  ",
        "\n", "\r\n", "\t", "abc", "word-", "e\u{301}", "漢\u{FE00}", "字\u{E0100}", "中\u{301}", "ｶﾞ", "😀", "第1章　", "　　",
        "𠮷", "龘龘龘龘龘龘龘龘龘龘龘龘", "一二三四五六七八九十",
        "(quoted)", "end.", "a,b;c:d!", "[x]", "{y}", "it’s", "“Yes,”", "and/or", "\u{7F}", "x\u{1}y", "wordswordswords",
    ]

    /// The lines of `text`, as (start, content end, end) UTF-16 offsets.
    static func lines(_ text: String, mode: WrapMode, available: Int, oneByOne: Bool) -> [[Int]] {
        var bytes = Array(text.utf8)
        return bytes.withUnsafeMutableBufferPointer { buffer in
            let breaker = LineBreaker(sink: LineRecorder(), mode: mode, available: available)
            let sink: LineRecorder
            if oneByOne {
                var single = OneByOne(inner: breaker)
                single.inner.finish(at: ClusterScanner.scan(UnsafeBufferPointer(buffer), of: text, into: &single))
                sink = single.inner.sink
            } else {
                var bulk = breaker
                bulk.finish(at: ClusterScanner.scan(UnsafeBufferPointer(buffer), of: text, into: &bulk))
                sink = bulk.sink
            }
            return sink.lines.map { [$0.start.utf16, $0.contentEnd.utf16, $0.end.utf16] }
        }
    }

    @Test("wide letters are exactly the CJK unified ideographs and the Hangul syllables")
    func wideLetters() {
        for value in UInt32(0x80)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let bytes = Array(String(scalar).utf8)
            let expected = (0x4E00...0x9FFF).contains(value) || (0xAC00...0xD7A3).contains(value)
            let found = bytes.withUnsafeBufferPointer { ClusterScanner.isWideLetter(at: 0, in: $0) }
            if found != expected {
                Issue.record("U+\(String(value, radix: 16)): \(found)")
                return
            }
        }
    }

    /// Eight bytes read as one little-endian word: `byte` at `position`, the letter `e` elsewhere.
    static func word(holding byte: UInt8, at position: Int) -> UInt64 {
        (0..<8).reduce(UInt64(0)) { word, index in word | UInt64(index == position ? byte : UInt8(ascii: "e")) << (8 * index) }
    }

    @Test("the eight-byte test for plain ASCII flags exactly the bytes the table calls not plain, in every position")
    func eightBytePlainTest() {
        let plainBytes = ScalarTables.shared.plainBytes
        for value in 0...255 {
            #expect((plainBytes[value] != 0) == (value < 0x80 && ScalarInfo.table[value].isPlain))
            for position in 0..<8 {
                let word = Self.word(holding: UInt8(value), at: position)
                let expected: UInt64 = plainBytes[value] != 0 ? 0 : 0x80 << (8 * position)
                #expect(ClusterScanner.nonPlainBytes(word) == expected, "byte \(value) at \(position)")
            }
        }
    }

    @Test("a plain run ends where a byte-by-byte scan ends it", arguments: 0..<4)
    func plainRunEnds(seed: UInt64) {
        var generator = SeededRandom(seed: 0x9A1 &+ seed)
        let plainBytes = ScalarTables.shared.plainBytes
        let alphabet = Array("abcXYZ019.,;:!?()[]{}\"'#*_~ -/\t\u{7F}\u{1}é’中".utf8)
        for _ in 0..<300 {
            let bytes = (0..<Int.random(in: 1...40, using: &generator)).map { _ in
                Bool.random(using: &generator) ? UInt8(ascii: "q") : alphabet.randomElement(using: &generator)!
            }
            bytes.withUnsafeBufferPointer { buffer in
                for start in 0..<buffer.count {
                    var expected = start
                    while expected < buffer.count && plainBytes[Int(buffer[expected])] != 0 { expected += 1 }
                    #expect(ClusterScanner.plainRunEnd(from: start, in: buffer, plainBytes: plainBytes) == expected)
                }
            }
        }
    }

    @Test("the eight-byte test for spaces flags exactly the space bytes, in every position")
    func eightByteSpaceTest() {
        for value in 0...255 {
            for position in 0..<8 {
                let word = Self.word(holding: UInt8(value), at: position)
                let expected: UInt64 = value == 0x20 ? 0x80 << (8 * position) : 0
                #expect(ClusterScanner.spaceBytes(word) == expected, "byte \(value) at \(position)")
            }
        }
    }

    @Test("a fitting stretch ends where a byte-by-byte scan ends it", arguments: 0..<4)
    func fittingStretchEnds(seed: UInt64) {
        var generator = SeededRandom(seed: 0x57E7 &+ seed)
        let plainBytes = ScalarTables.shared.plainBytes
        let alphabet = Array("abcXYZ019.,;:!?()[]{}\"'#*_~ -/\t\u{7F}\u{1}\r\né’中\u{301}".utf8)
        for _ in 0..<300 {
            let bytes = (0..<Int.random(in: 1...40, using: &generator)).map { _ in
                Int.random(in: 0..<3, using: &generator) == 0 ? alphabet.randomElement(using: &generator)!
                    : Bool.random(using: &generator) ? UInt8(ascii: "q") : UInt8(ascii: " ")
            }
            bytes.withUnsafeBufferPointer { buffer in
                for start in 0..<buffer.count {
                    for limit in start...buffer.count {
                        var expected = start
                        while expected < limit && (buffer[expected] == 0x20 || plainBytes[Int(buffer[expected])] != 0) {
                            expected += 1
                        }
                        if expected > start && expected < buffer.count && buffer[expected] >= 0x80 { expected -= 1 }
                        #expect(ClusterScanner.fittingStretchEnd(from: start, limit: limit, in: buffer, plainBytes: plainBytes)
                                    == expected)
                    }
                }
            }
        }
    }

    /// Prose pieces: words and spaces in long stretches, broken by what a stretch may not hold
    /// (curly quotes, dashes, hyphens, solidi, tabs, line breaks, marks that join the byte before
    /// them, wide letters) and by punctuation that forbids a break before or after it.
    static let prosePieces: [String] = [
        "the", "keeper", "lighthouse", "a", "I", "of", "Nell", "Gannet", " ", " ", " ", " ", "  ", "   ", "’", "“", "”",
        "—", "…", "well-known", "and/or", "(paren)", "( ", " )", "[x]", "{y}", "end.", ",", ", ", " ,", ".", "!", "?",
        ";", ":", "e\u{301}", "a\u{300}\u{301}", " \u{301}", "中文", "한국어", "😀", "👍🏽", "\t", "\n", "\r\n", "x\u{1}y",
        "\u{7F}", "\u{A0}", "\u{3000}", "ｶﾞ", "\u{200B}", "averyveryverylongwordthatisfarwiderthananynarrowline",
        "0123456789", "#*_~", "'quoted'", "\"double\"",
    ]

    @Test("fitting stretches and one-by-one feeding cut the same lines", arguments: 0..<12)
    func sameLinesWithStretches(seed: UInt64) {
        var generator = SeededRandom(seed: 0x5713 &+ seed)
        for _ in 0..<30 {
            var text = ""
            for _ in 0..<Int.random(in: 0...240, using: &generator) {
                // Mostly words and single spaces, as in prose.
                let roll = Int.random(in: 0..<10, using: &generator)
                text += roll < 4 ? Self.prosePieces[Int.random(in: 0..<8, using: &generator)]
                    : roll < 8 ? " " : Self.prosePieces.randomElement(using: &generator)!
            }
            for mode in [WrapMode.flowing, .preformatted] {
                for available in [1, 7, 8, 9, 10, 12, 16, 23, 37, 41, 80, 120] {
                    let bulk = Self.lines(text, mode: mode, available: available, oneByOne: false)
                    let single = Self.lines(text, mode: mode, available: available, oneByOne: true)
                    #expect(bulk == single, "\(mode) \(available): \(text.debugDescription)")
                }
            }
        }
    }

    @Test("bulk and one-by-one feeding cut the same lines", arguments: 0..<12)
    func sameLines(seed: UInt64) {
        var generator = SeededRandom(seed: 0xFA57 &+ seed)
        for _ in 0..<40 {
            var text = ""
            for _ in 0..<Int.random(in: 0...60, using: &generator) {
                text += Self.pieces.randomElement(using: &generator)!
            }
            for mode in [WrapMode.flowing, .preformatted] {
                for available in [1, 2, 3, 4, 5, 7, 10, 19, 40, 80] {
                    let bulk = Self.lines(text, mode: mode, available: available, oneByOne: false)
                    let single = Self.lines(text, mode: mode, available: available, oneByOne: true)
                    #expect(bulk == single, "\(mode) \(available): \(text.debugDescription)")
                }
            }
        }
    }
}

/// Passes clusters on one at a time: the default run handling of ``ClusterConsumer``.
private struct OneByOne<Inner: ClusterConsumer>: ClusterConsumer {
    var inner: Inner

    mutating func consume(start: TextOffset, utf8Count: Int, utf16Count: Int, width: Int,
                          properties: BreakProperties) {
        inner.consume(start: start, utf8Count: utf8Count, utf16Count: utf16Count, width: width, properties: properties)
    }
}
