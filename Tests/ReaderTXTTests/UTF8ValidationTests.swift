@testable import ReaderTXT
import ReaderTestSupport
import Testing

/// The word-at-a-time UTF-8 check agrees with the standard library's on every short sequence,
/// wherever it falls against the sixteen-byte blocks, and on random mixed text.
@Suite struct UTF8ValidationTests {
    /// The standard library's answer.
    static func expected(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { (try? UTF8Span(validating: $0.span)) != nil }
    }

    static func found(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { UTF8Validation.isWellFormed($0) }
    }

    @Test("every sequence of one or two bytes, after ASCII of every length up to two blocks")
    func shortSequences() {
        for first in 0...255 {
            for second in [nil] + (0...255).map(Optional.some) {
                let sequence = [UInt8(first)] + (second.map { [UInt8($0)] } ?? [])
                for prefix in [0, 7, 15, 16, 17, 31] {
                    let bytes = Array(repeating: UInt8(ascii: "a"), count: prefix) + sequence
                    #expect(Self.found(bytes) == Self.expected(bytes), "\(bytes.suffix(2))")
                    let followed = bytes + Array("bcdefghijklmnopqrstu".utf8)
                    #expect(Self.found(followed) == Self.expected(followed), "\(bytes.suffix(2)) then ASCII")
                }
            }
        }
    }

    @Test("every three- and four-byte lead with every second byte and the edges of the others")
    func longSequences() {
        let edges: [UInt8] = [0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC2, 0xE0, 0xF0, 0xFF]
        // Leads past F5 are refused alike, whatever follows them.
        for lead in [UInt8](0xE0...0xF5) + [0xF8, 0xFF] {
            for second in 0...255 {
                for third in edges {
                    for fourth in lead < 0xF0 ? [nil, 0x41, 0x80] : [nil] + edges.map(Optional.some) {
                        let sequence = [lead, UInt8(second), third] + (fourth.map { [$0] } ?? [])
                        for prefix in [0, 14] {
                            let bytes = Array(repeating: UInt8(ascii: "a"), count: prefix) + sequence
                            #expect(Self.found(bytes) == Self.expected(bytes), "\(sequence)")
                        }
                    }
                }
            }
        }
    }

    @Test("random text of ASCII, scalars of every length and stray bytes", arguments: 0..<4)
    func randomText(seed: UInt64) {
        var generator = SeededRandom(seed: 0x0717 &+ seed)
        let pieces: [[UInt8]] = ["a", "bcdefgh", " ", "é", "’", "中文", "😀", "𠮷", "\u{10FFFF}", "\u{FFFD}", "abcdefghijklmnopq"]
            .map { Array($0.utf8) } + [[0x80], [0xC0, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x80], [0xFF]]
        for _ in 0..<2000 {
            var bytes: [UInt8] = []
            for _ in 0..<Int.random(in: 0...40, using: &generator) {
                // Stray bytes (the last six pieces) now and then.
                let piece = Int.random(in: 0..<20, using: &generator) == 0 ? pieces.randomElement(using: &generator)!
                    : pieces[Int.random(in: 0..<(pieces.count - 6), using: &generator)]
                bytes += piece
            }
            #expect(Self.found(bytes) == Self.expected(bytes), "\(bytes)")
        }
    }
}
