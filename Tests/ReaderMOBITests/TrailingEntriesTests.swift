import ReaderCore
import ReaderTestSupport
import Testing
@testable import ReaderMOBI

@Suite("Trailing entries of text records")
struct TrailingEntriesTests {
    private let text = Array("some text".utf8)

    private func length(_ record: [UInt8], _ flags: UInt16) throws(ReaderError) -> Int {
        try TrailingEntries.contentLength(of: record, flags: flags)
    }

    @Test("no flags: the whole record is text")
    func noFlags() throws {
        #expect(try length(text, 0) == text.count)
        #expect(try length([], 3) == 0)
    }

    @Test("bit 0: the multibyte overlap, its length in the last byte's low two bits plus one")
    func multibyte() throws {
        #expect(try length(text + [0x00], 1) == text.count)
        #expect(try length(text + [0xE2, 0x80, 0x02], 1) == text.count)
        // Only the low two bits count.
        #expect(try length(text + [0xAA, 0xFD], 1) == text.count)
    }

    @Test("a higher bit: an entry whose size, itself included, is read backwards from the end")
    func sizedEntry() throws {
        #expect(try length(text + [0xAA, 0xBB, 0x83], 0b10) == text.count)
        // 130 = 1 << 7 | 2: the low 7 bits come last, the byte with the stop bit first.
        #expect(try length(text + Array(repeating: 0x55, count: 128) + [0x81, 0x02], 0b10) == text.count)
    }

    @Test("several entries are removed from the highest bit down, the multibyte overlap last")
    func severalEntries() throws {
        let multibyte: [UInt8] = [0xE2, 0x01]
        let bit1: [UInt8] = [0x00, 0x82]
        let bit2: [UInt8] = [0x11, 0x22, 0x33, 0x84]
        #expect(try length(text + multibyte + bit1, 0b11) == text.count)
        #expect(try length(text + multibyte + bit1 + bit2, 0b111) == text.count)
        #expect(try length(text + bit1 + bit2, 0b110) == text.count)
        #expect(try length(text + multibyte + bit2, 0b101) == text.count)
    }

    @Test("an entry larger than the record is malformed, never a trap")
    func tooLarge() throws {
        let entry = try #require(readerError { _ = try length([0x85], 0b10) })
        #expect(entry.kind == .malformed)
        #expect(entry.reason.contains("trailing entry 1 claims 5 bytes but 1 remain"))
        let overlap = try #require(readerError { _ = try length([0x03], 0b01) })
        #expect(overlap.reason.contains("multibyte overlap claims 4 bytes"))
        // A size of 0 cannot even hold itself.
        #expect(readerError { _ = try length(text + [0x80], 0b10) }?.kind == .malformed)
        // The second entry finds nothing left.
        #expect(readerError { _ = try length([0x81], 0b110) }?.kind == .malformed)
    }

    @Test("random records and flags never trap")
    func random() {
        var random = SeededRandom(seed: 3)
        for _ in 0..<3000 {
            let record = (0..<Int.random(in: 0...12, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
            let flags = UInt16.random(in: 0...UInt16.max, using: &random)
            if let count = try? length(record, flags) {
                #expect((0...record.count).contains(count))
            }
        }
    }
}
