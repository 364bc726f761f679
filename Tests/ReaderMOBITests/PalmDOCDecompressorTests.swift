import ReaderCore
import ReaderTestSupport
import Testing
@testable import ReaderMOBI

@Suite("PalmDOC decompressor")
struct PalmDOCDecompressorTests {
    private func decode(_ input: [UInt8], cap: Int = 1 << 16) throws(ReaderError) -> [UInt8] {
        try PalmDOCDecompressor.decompress(input, cap: cap)
    }

    private func failure(_ input: [UInt8], cap: Int = 1 << 16) -> ReaderError? {
        readerError { _ = try decode(input, cap: cap) }
    }

    @Test("each instruction: literals, copied runs, space pairs, back-references")
    func instructions() throws {
        #expect(try decode([]) == [])
        #expect(try decode(Array("Hi!".utf8)) == Array("Hi!".utf8))
        #expect(try decode([0x00, 0x09, 0x7F]) == [0x00, 0x09, 0x7F])
        #expect(try decode([0x03, 0x80, 0xC5, 0xFF, 0x41]) == [0x80, 0xC5, 0xFF, 0x41])
        #expect(try decode([0x41, 0xE2]) == Array("A b".utf8))
        #expect(try decode([0xC0]) == [0x20, 0x40])
        // "abc" then 3 bytes from 3 back: distance 3, length 3 → 0x8000 | 3 << 3 | 0.
        #expect(try decode(Array("abc".utf8) + [0x80, 0x18]) == Array("abcabc".utf8))
        // Overlapping: 10 bytes from 1 back repeats the last byte.
        #expect(try decode([0x78, 0x80, 0x0F]) == Array(repeating: 0x78, count: 11))
        // Overlapping by 2: "ab" then 7 bytes from 2 back.
        #expect(try decode(Array("ab".utf8) + [0x80, 0x14]) == Array("ababababa".utf8))
    }

    @Test("round-trips text through the test compressor", arguments: [0, 1, 7, 100, 4096, 20000])
    func roundTrip(length: Int) throws {
        var random = SeededRandom(seed: UInt64(length))
        let words = ["the ", "whale ", "Ahab ", "sea, ", "Ishmael. ", "\u{00E9}t\u{00E9} ", "\u{201C}Call\u{201D} ", "\n", "\0"]
        var text: [UInt8] = []
        while text.count < length { text += Array(words.randomElement(using: &random)!.utf8) }
        text = Array(text.prefix(length))
        let compressed = PalmDOCTestEncoder.compress(text)
        #expect(try decode(compressed, cap: max(length, 1)) == text)
        if length > 100 { #expect(compressed.count < text.count) }
    }

    @Test("round-trips arbitrary bytes")
    func arbitraryBytes() throws {
        var random = SeededRandom(seed: 42)
        let bytes = (0..<5000).map { _ in UInt8.random(in: 0...255, using: &random) }
        #expect(try decode(PalmDOCTestEncoder.compress(bytes)) == bytes)
    }

    @Test("a back-reference before the start of the output is refused")
    func referenceBeforeStart() throws {
        let error = try #require(failure([0x80, 0x08]))
        #expect(error.kind == .malformed)
        #expect(error.reason.contains("before the start of the output"))
        #expect(failure(Array("ab".utf8) + [0x80, 0x18])?.reason.contains("before the start") == true)
        // Distance 0 would copy bytes not yet written.
        #expect(failure(Array("ab".utf8) + [0x80, 0x00])?.kind == .malformed)
    }

    @Test("a back-reference cut short by the end of the input is refused")
    func referenceCutShort() throws {
        let error = try #require(failure([0x41, 0x80]))
        #expect(error.kind == .malformed)
        #expect(error.reason.contains("cut short"))
    }

    @Test("a literal run past the end of the input is refused")
    func literalRunPastEnd() throws {
        let error = try #require(failure([0x05, 0x61, 0x62]))
        #expect(error.kind == .malformed)
        #expect(error.reason.contains("passes the end of the input"))
    }

    @Test("output past the cap is refused, for every kind of instruction")
    func cap() throws {
        #expect(failure(Array("abcde".utf8), cap: 4)?.reason.contains("cap of 4 bytes") == true)
        #expect(failure([0x41, 0xE2], cap: 2)?.reason.contains("cap") == true)
        #expect(failure([0x03, 1, 2, 3], cap: 2)?.reason.contains("cap") == true)
        #expect(failure([0x78, 0x80, 0x0F], cap: 10)?.reason.contains("cap") == true)
        #expect(try decode([0x78, 0x80, 0x0F], cap: 11).count == 11)
        #expect(failure([0x41], cap: 0)?.kind == .malformed)
    }

    @Test("random input never traps: it decodes within the cap or fails cleanly")
    func randomInput() {
        var random = SeededRandom(seed: 7)
        for _ in 0..<2000 {
            let input = (0..<Int.random(in: 0...64, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
            do {
                #expect(try decode(input, cap: 256).count <= 256)
            } catch {
                #expect(error.kind == .malformed)
            }
        }
    }
}
