@testable import ReaderTXT
import ReaderTestSupport
import Testing

/// The lines found in bulk (``LineBreakWalk``) against the lines found one at a time, as the
/// heading scan found them before: at LF, CR LF and lone CR, across the bitmap's chunks.
@Suite struct LineBreakWalkTests {
    /// The lines of `bytes` found one at a time: the next line feed, or the next line feed or
    /// carriage return when the text has one, a CR LF pair ending one line.
    static func linesOneByOne(_ bytes: UnsafeBufferPointer<UInt8>) -> [Range<Int>] {
        let carriageReturns = UTF8Scanning.containsCarriageReturn(bytes)
        var lines: [Range<Int>] = []
        var position = 0
        while position < bytes.count {
            let end = carriageReturns ? UTF8Scanning.lineBreak(bytes, from: position) : UTF8Scanning.lineFeed(bytes, from: position)
            lines.append(position..<end)
            let crlf = end + 1 < bytes.count && bytes[end] == 0x0D && bytes[end + 1] == 0x0A
            position = end + (crlf ? 2 : 1)
        }
        return lines
    }

    /// The lines of `bytes` as ``LineBreakWalk`` finds them.
    static func linesInBulk(_ bytes: UnsafeBufferPointer<UInt8>) -> [Range<Int>] {
        var lines: [Range<Int>] = []
        LineBreakWalk.forEachLine(in: bytes, carriageReturns: UTF8Scanning.containsCarriageReturn(bytes)) { start, end in
            lines.append(start..<end)
        }
        return lines
    }

    static func expectSameLines(_ bytes: [UInt8], _ comment: Comment? = nil) {
        bytes.withUnsafeBufferPointer { buffer in
            #expect(linesInBulk(buffer) == linesOneByOne(buffer), comment)
        }
    }

    static let pieces: [[UInt8]] = [
        Array("a".utf8), Array("The keeper ".utf8), Array("é".utf8), Array("中文".utf8), Array("😀".utf8),
        [0x0A], [0x0A], [0x0A, 0x0A], [0x0D, 0x0A], [0x0D], [0x0A, 0x0D], [0x0D, 0x0D, 0x0A],
        [UInt8](repeating: UInt8(ascii: "x"), count: 70), [UInt8](repeating: UInt8(ascii: "y"), count: 300),
    ]

    @Test("random texts across several chunks, with carriage returns (odd seeds) and without", arguments: 0..<6)
    func randomTexts(seed: UInt64) {
        var generator = SeededRandom(seed: 0xB175 &+ seed)
        for _ in 0..<12 {
            let target = Int.random(in: 0...(2 * LineBreakWalk.chunkLength + 300), using: &generator)
            var bytes: [UInt8] = []
            while bytes.count < target {
                let piece = Self.pieces.randomElement(using: &generator)!
                bytes += seed % 2 == 0 ? piece.filter { $0 != 0x0D } : piece
            }
            Self.expectSameLines(bytes)
        }
    }

    @Test("every terminator on every side of a chunk's end and of a 64-byte word's")
    func chunkAndWordEdges() {
        let terminators: [[UInt8]] = [[0x0A], [0x0D], [0x0D, 0x0A], [0x0A, 0x0D], [0x0A, 0x0A]]
        let ends: [[UInt8]] = [[], [0x0A], [0x0D], [0x0D, 0x0A], Array("end".utf8)]
        for edge in [64, LineBreakWalk.chunkLength] {
            for offset in -3...3 {
                for terminator in terminators {
                    for end in ends {
                        let bytes = [UInt8](repeating: UInt8(ascii: "k"), count: edge + offset) + terminator + Array("CHAPTER 2".utf8) + end
                        Self.expectSameLines(bytes, "edge \(edge)\(offset >= 0 ? "+" : "")\(offset), \(terminator), \(end)")
                    }
                }
            }
        }
    }

    @Test("empty texts and texts of breaks alone", arguments: [[], [0x0A], [0x0D], [0x0D, 0x0A], [0x0A, 0x0D], [0x0A, 0x0A, 0x0A], Array("x".utf8)] as [[UInt8]])
    func shortTexts(bytes: [UInt8]) {
        Self.expectSameLines(bytes)
    }
}
