import ReaderCore
import Testing
@testable import ReaderMOBI

@Suite("INDX tag table (TAGX)")
struct TagTableTests {
    /// KF8's skeleton tag table.
    static let skeleton = TagTable(controlByteCount: 1, definitions: [
        .init(tag: 1, valuesPerEntry: 1, mask: 3, endsControlByte: false),
        .init(tag: 6, valuesPerEntry: 2, mask: 12, endsControlByte: false),
        .init(tag: 0, valuesPerEntry: 0, mask: 0, endsControlByte: true),
    ])

    @Test("masked bits count occurrences of the values per entry")
    func occurrences() throws {
        // 0b1010: tag 1 twice, tag 6 twice (four values), as calibre writes skeleton entries.
        let tags = try Self.skeleton.values(in: [0x0A, 0x81, 0x81, 0x80, 0x05, 0xD9, 0x80, 0x05, 0xD9][...])
        #expect(tags == [1: [1, 1], 6: [0, 729, 0, 729]])
    }

    @Test("all bits of a wide mask announce a byte count")
    func byteCount() throws {
        let tags = try Self.skeleton.values(in: [0x03, 0x83, 0x81, 0x01, 0x80][...])
        #expect(tags == [1: [1, 128]])
    }

    @Test("two control bytes and trailing padding")
    func twoControlBytes() throws {
        let table = TagTable(controlByteCount: 2, definitions: [
            .init(tag: 1, valuesPerEntry: 1, mask: 1, endsControlByte: false),
            .init(tag: 0, valuesPerEntry: 0, mask: 0, endsControlByte: true),
            .init(tag: 2, valuesPerEntry: 1, mask: 1, endsControlByte: false),
            .init(tag: 0, valuesPerEntry: 0, mask: 0, endsControlByte: true),
        ])
        #expect(try table.values(in: [0x00, 0x01, 0x85, 0x00, 0x00][...]) == [2: [5]])
        #expect(try table.values(in: [0x01, 0x01, 0x85, 0x86][...]) == [1: [5], 2: [6]])
    }

    @Test("an entry shorter than its control bytes is malformed")
    func shortEntry() {
        let table = TagTable(controlByteCount: 2, definitions: [])
        #expect(throws: ReaderError.self) { try table.values(in: [0x01][...]) }
    }

    @Test("reads a TAGX section and checks its control-byte count")
    func parse() throws {
        let bytes = Array("TAGX".utf8) + [0, 0, 0, 24, 0, 0, 0, 1, 1, 1, 3, 0, 6, 2, 12, 0, 0, 0, 0, 1]
        let table = try TagTable(record: [0, 0] + bytes, at: 2)
        #expect(table.controlByteCount == 1)
        #expect(table.definitions.map(\.tag) == [1, 6, 0])
        #expect(throws: ReaderError.self) { try TagTable(record: bytes, at: 4) }
        #expect(throws: ReaderError.self) { try TagTable(record: bytes, at: Int.max - 3) }
        #expect(throws: ReaderError.self) { try TagTable(record: Array(bytes.prefix(20)), at: 0) }
    }
}
