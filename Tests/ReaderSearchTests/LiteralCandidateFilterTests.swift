@testable import ReaderSearch
import ReaderTestSupport
import Testing

/// The byte filter of ``UTF8LiteralScanner`` (CByteScan's `literal_candidates_next`, 1, 16 or 32
/// bytes at a time) against the scanner's loop alone, one byte at a time: the same matches, the
/// same positions after each, the same offset where the bytes stop being searchable in place, on
/// the edge cases at every offset from a vector's start and on random bytes.
@Suite struct LiteralCandidateFilterTests {
    /// What one call of ``UTF8LiteralScanner/next(startingBefore:)`` gave, with the scanner's position after it.
    enum Outcome: Equatable {
        case match(Range<Int>, position: Int)
        case end(position: Int)
        case unsupported(Int)
    }

    /// The widths compared with the loop alone (0); 16 and 32 run as 1 or 16 on a processor without them.
    static let widths = [1, 16, 32]

    /// Every call's outcome over `bytes`, section by section (`limits`, the whole by default), up
    /// to the first `.unsupported`; nil when the query does not fold to ASCII.
    static func outcomes(_ bytes: [UInt8], query: String, caseSensitive: Bool = false, diacritics: Bool = false,
                         wholeWords: Bool = false, limits: [Int]? = nil, from start: Int = 0, width: Int) -> [Outcome]? {
        let folder = ScalarFolder(SearchQuery(query, caseSensitive: caseSensitive, ignoringDiacritics: diacritics).folding)
        let pattern = FoldedText.folding(query, with: folder).unitArray
        return bytes.withUnsafeBufferPointer { buffer -> [Outcome]? in
            guard var scanner = UTF8LiteralScanner(bytes: buffer, pattern: pattern, folder: folder, wholeWords: wholeWords,
                                                   from: start, filterWidth: width) else { return nil }
            var outcomes: [Outcome] = []
            for limit in limits ?? [bytes.count] {
                scanning: while true {
                    switch scanner.next(startingBefore: limit) {
                    case .match(let range): outcomes.append(.match(range, position: scanner.position))
                    case .end:
                        outcomes.append(.end(position: scanner.position))
                        break scanning
                    case .unsupported(let offset):
                        outcomes.append(.unsupported(offset))
                        return outcomes
                    }
                }
            }
            return outcomes
        }
    }

    /// Expects every width to give what the loop alone gives, and returns that.
    @discardableResult
    static func expectFilterAgrees(_ bytes: [UInt8], query: String, caseSensitive: Bool = false, diacritics: Bool = false,
                                   wholeWords: Bool = false, limits: [Int]? = nil, from start: Int = 0,
                                   sourceLocation: SourceLocation = #_sourceLocation) -> [Outcome]? {
        let expected = outcomes(bytes, query: query, caseSensitive: caseSensitive, diacritics: diacritics,
                                wholeWords: wholeWords, limits: limits, from: start, width: 0)
        for width in widths {
            let found = outcomes(bytes, query: query, caseSensitive: caseSensitive, diacritics: diacritics,
                                 wholeWords: wholeWords, limits: limits, from: start, width: width)
            #expect(found == expected, "width \(width), \(query), limits \(limits ?? []), bytes \(bytes)",
                    sourceLocation: sourceLocation)
        }
        return expected
    }

    /// `count` bytes of filler (lower-case letters that no query here starts with, and spaces).
    static func filler(_ count: Int) -> [UInt8] {
        (0..<count).map { $0 % 5 == 4 ? 0x20 : UInt8(0x6D + $0 % 5) }  // "mnopq mnopq" ...
    }

    @Test("a match is found wherever it lies in a vector, at the end of the bytes and of a section included")
    func matchAtEveryOffset() {
        for offset in 0..<70 {
            for tail in [0, 1, 2, 3, 40] {
                let bytes = Self.filler(offset) + Array("keeper".utf8) + Self.filler(tail)
                let outcomes = Self.expectFilterAgrees(bytes, query: "KEEPER")
                #expect(outcomes?.first == .match(offset..<(offset + 6), position: offset + 6))
                // The section ends right after the first letter: the match starts before the limit, so it is found.
                Self.expectFilterAgrees(bytes, query: "keeper", limits: [offset + 1, bytes.count])
                // The section ends right before it.
                let split = Self.expectFilterAgrees(bytes, query: "keeper", limits: [offset, bytes.count])
                #expect(split?.first == .end(position: offset))
            }
        }
    }

    @Test("candidates ruled out by the next two bytes, and those outside ASCII that are not")
    func followingBytes() {
        let cases: [(String, String)] = [
            ("kex kez kEeper KEEPER", "keeper"), ("k\u{0301}eeper ke\u{0301}eper", "keeper"), ("k’eeper “keeper”", "keeper"),
            ("ke", "keeper"), ("k", "ke"), ("kk kek kekeeper", "keeper"), ("12345 1234 12x 1 2", "12"), ("e. e- e— e…", "e."),
            ("k e k\te k  e", "k e"), ("ke kE Ke KE", "Ke"), ("the The THE tHe", "the"), ("a-b a—b a–b a‐b", "-"),
        ]
        for (text, query) in cases {
            for offset in [0, 1, 2, 13, 14, 15, 16, 29, 30, 31, 32, 33, 47] {
                let bytes = Self.filler(offset) + Array(text.utf8) + Self.filler(37)
                for caseSensitive in [false, true] {
                    for diacritics in [false, true] {
                        Self.expectFilterAgrees(bytes, query: query, caseSensitive: caseSensitive, diacritics: diacritics)
                    }
                }
                Self.expectFilterAgrees(bytes, query: query, wholeWords: true)
            }
        }
    }

    @Test("general punctuation (E2 80 xx) next to a candidate, and the Kelvin sign (E2 84 AA) that folds to k")
    func punctuationAndKelvin() {
        for offset in 0..<40 {
            let bytes = Self.filler(offset) + Array("—keeper— “\u{212A}eeper” ‘\u{212A}EEPER’…keeper…".utf8) + Self.filler(40)
            let outcomes = Self.expectFilterAgrees(bytes, query: "keeper")
            #expect(outcomes?.filter { if case .match = $0 { true } else { false } }.count == 4)
            let sensitive = Self.expectFilterAgrees(bytes, query: "keeper", caseSensitive: true)
            #expect(sensitive?.filter { if case .match = $0 { true } else { false } }.count == 2)
        }
    }

    @Test("bytes that are not well-formed UTF-8 stop the scan where the loop alone stops it")
    func malformedBytes() {
        let malformed: [[UInt8]] = [
            [0xE2, 0x80], [0xE2], [0xE2, 0x80, 0x41], [0xE2, 0x41, 0x80], [0x80], [0xBF, 0x80], [0xE2, 0x80, 0x9C, 0x80],
            [0xE2, 0x80, 0x80, 0x80, 0x80], [0xE2, 0xE2, 0x80, 0x9C], [0xC3], [0xC3, 0x28], [0xFF], [0xED, 0xA0, 0x80],
            [0xE3, 0x85, 0xA4],  // U+3164, which folding drops
            [0x6B, 0xE2, 0x80], [0x6B, 0x65, 0x80],
        ]
        for bad in malformed {
            for offset in [0, 1, 2, 3, 14, 15, 16, 17, 30, 31, 32, 33, 34, 50] {
                for tail in [0, 1, 2, 40] {
                    let bytes = Self.filler(offset) + bad + Self.filler(tail) + Array(" keeper".utf8)
                    let outcomes = Self.expectFilterAgrees(bytes, query: "keeper")
                    #expect(outcomes?.last.map { if case .unsupported = $0 { true } else { false } } == true, "\(bad) at \(offset)")
                    Self.expectFilterAgrees(bytes, query: "-")
                }
            }
        }
    }

    @Test("random bytes of letters, punctuation and broken UTF-8, in random sections", arguments: 0..<8)
    func randomBytes(seed: UInt64) {
        var random = SeededRandom(seed: seed)
        let pieces: [[UInt8]] = [
            Array("k".utf8), Array("K".utf8), Array("e".utf8), Array("E".utf8), Array("ke".utf8), Array("kee".utf8),
            Array("p".utf8), Array("r".utf8), Array(" ".utf8), Array("x".utf8), Array("1".utf8), Array("-".utf8),
            Array("’".utf8), Array("“".utf8), Array("—".utf8), Array("…".utf8), Array("\u{212A}".utf8), Array("é".utf8),
            Array("\u{0301}".utf8), Array("\u{00AD}".utf8), Array("中".utf8), Array("😀".utf8),
            [0xE2, 0x80], [0x80], [0xE2],
        ]
        let queries = ["keeper", "kee", "ke", "k", "e", "12", "k e", "-", "e-", "k1", "KEEP"]
        for _ in 0..<40 {
            var bytes: [UInt8] = []
            var boundaries: [Int] = []
            // Broken bytes are rare, so most texts are scanned to their end.
            let broken = Int.random(in: 0..<3, using: &random) == 0
            while bytes.count < 300 {
                var piece = pieces[Int.random(in: 0..<(broken ? pieces.count : pieces.count - 3), using: &random)]
                if Int.random(in: 0..<4, using: &random) == 0 { piece = Self.filler(Int.random(in: 1..<40, using: &random)) }
                bytes += piece
                boundaries.append(bytes.count)
            }
            let limits = (boundaries.filter { _ in Int.random(in: 0..<20, using: &random) == 0 } + [bytes.count]).sorted()
            let start = Int.random(in: 0..<4, using: &random) == 0 ? boundaries[Int.random(in: 0..<10, using: &random)] : 0
            for query in queries {
                let caseSensitive = Bool.random(using: &random), wholeWords = Bool.random(using: &random)
                Self.expectFilterAgrees(bytes, query: query, caseSensitive: caseSensitive, diacritics: Bool.random(using: &random),
                                        wholeWords: wholeWords, limits: limits, from: start)
            }
        }
    }
}
