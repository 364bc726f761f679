@testable import ReaderTXT
import ReaderTestSupport
import Testing

/// The heading scan reads a line's text straight from its bytes; these check it reads what the
/// decoded String would give, well-formed or not, and that the scan's shortcuts for prose lines
/// and its chunked line breaks change no heading.
@Suite struct ChapterHeadingLineTextTests {
    typealias Detector = ChapterHeadingDetector

    /// Pieces of lines: spaces of every kind the detector trims, letters, and broken UTF-8.
    static let pieces: [[UInt8]] = [
        Array("CHAPTER".utf8), Array(" 12".utf8), Array(". The Title".utf8), Array("Глава".utf8), Array("第一章".utf8),
        [0x20], [0x09], [0x0B], [0x0C], Array("\u{A0}".utf8), Array("\u{2002}".utf8), Array("\u{2003}".utf8),
        Array("\u{2009}".utf8), Array("\u{3000}".utf8), Array("\u{FEFF}".utf8), Array("\u{2000}".utf8), Array("😀".utf8),
        [0x80], [0xC2], [0xE2, 0x80], [0xE3, 0x80], [0xEF, 0xBB], [0xC0, 0x80], [0xE0, 0x80, 0x80], [0xED, 0xA0, 0x80],
        [0xF4, 0x90, 0x80, 0x80], [0xF5], [0xFF], [0xF0, 0x9F, 0x98],
    ]

    static func randomLine(using generator: inout SeededRandom) -> [UInt8] {
        (0..<Int.random(in: 0...8, using: &generator)).flatMap { _ in pieces.randomElement(using: &generator)! }
    }

    @Test("well-formed UTF-8 is told as the standard library tells it", arguments: 0..<4)
    func wellFormedness(seed: UInt64) {
        var generator = SeededRandom(seed: 0x0F8 &+ seed)
        for _ in 0..<500 {
            let bytes = Self.randomLine(using: &generator)
            bytes.withUnsafeBufferPointer { buffer in
                #expect(Detector.isWellFormedUTF8(buffer, 0..<bytes.count) == (String(validating: bytes, as: UTF8.self) != nil),
                        "\(bytes)")
            }
        }
    }

    @Test("a line's title and scalars read from its bytes are those of its decoded String", arguments: 0..<4)
    func textFromBytes(seed: UInt64) {
        var generator = SeededRandom(seed: 0x7E57 &+ seed)
        for _ in 0..<500 {
            let bytes = Self.randomLine(using: &generator)
            bytes.withUnsafeBufferPointer { buffer in
                let line = Detector.LineSpan(index: 0, start: 0, end: bytes.count,
                                             firstNonBlank: Detector.firstNonBlank(buffer, from: 0, to: bytes.count))
                let text = String(decoding: bytes, as: UTF8.self)
                #expect(Detector.lineTitle(buffer, line) == Detector.trimmedString(text), "\(bytes)")
                #expect(Detector.candidateScalars(buffer, line) == Detector.trimmedCandidateScalars(text.unicodeScalars), "\(bytes)")
            }
        }
    }

    /// Lines that the scan may tell from their first bytes, and headings it must not lose.
    static let lines = ChapterHeadingPrecheckTests.headings + ChapterHeadingPrecheckTests.prose + [
        "I went home.", "A boat", "I  went", "I\twent", "I .", "I. FEJEZET", "X ,", "C 3", "V é", "I é", "I\u{A0}", "I",
        "A", "Charlie came.", "Chapter", "Introduction", "Into the rain.", "   Chapter 3", "\u{3000}第一章", "\u{A0}CHAPTER IV",
        "\u{FEFF}Chapter 9", "\tPART TWO", "T", "Th", "TH", "CH", "1", "1.", "1. Kapitel",
    ]

    @Test("a line alone between prose or blank lines is a heading in a whole text when it is one on its own",
          arguments: lines)
    func scanAgreesWithOneLine(line: String) {
        let detector = ChapterHeadingDetector()
        for standalone in [true, false] {
            let text = standalone ? "Prose comes first.\n\n\(line)\n\nProse comes last.\n" : "prose comes first\n\(line)\nprose comes last\n"
            let level = detector.headingLevel(of: line[...], previousLineBlank: standalone, nextLineBlank: standalone)
            let found = detector.headings(in: text)
            #expect(found.map(\.level) == (level.map { [$0] } ?? []), "\(line) standalone: \(standalone)")
            #expect(found.map(\.lineIndex) == (level == nil ? [] : [standalone ? 2 : 1]))
        }
    }

    @Test("headings next to a chunk's end are found whole, with the title on the line after", arguments: -12...12)
    func headingsAtChunkEdges(offset: Int) {
        for terminator in ["\n", "\r\n", "\r"] {
            // Prose lines of 16 bytes with their terminator, then the heading near the chunk's end.
            let proseLine = "abcdefghijklmno"
            let count = (LineBreakWalk.chunkLength + offset) / (proseLine.utf8.count + terminator.utf8.count)
            let lines = Array(repeating: proseLine, count: count) + ["", "CHAPTER 7", "The Edge", "", proseLine, "", "CHAPTER 8. Past It", ""]
            let found = ChapterHeadingDetector().headings(in: lines.joined(separator: terminator))
            #expect(found.map(\.title) == ["CHAPTER 7 The Edge", "CHAPTER 8. Past It"], "\(offset) \(terminator.utf8.map { $0 })")
            #expect(found.map(\.lineIndex) == [count + 1, count + 6])
        }
    }
}
