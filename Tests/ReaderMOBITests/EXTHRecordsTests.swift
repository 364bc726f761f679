import ReaderCore
import ReaderTestSupport
import Testing
@testable import ReaderMOBI

@Suite("EXTH records")
struct EXTHRecordsTests {
    /// An EXTH block at offset 4 of a record, after four filler bytes.
    private func block(_ records: [(UInt32, [UInt8])], length: UInt32? = nil, count: UInt32? = nil) -> [UInt8] {
        var body: [UInt8] = []
        for (type, data) in records {
            body.appendUInt32(type)
            body.appendUInt32(UInt32(8 + data.count))
            body += data
        }
        var out: [UInt8] = [0xAA, 0xBB, 0xCC, 0xDD] + Array("EXTH".utf8)
        out.appendUInt32(length ?? UInt32(12 + body.count))
        out.appendUInt32(count ?? UInt32(records.count))
        return out + body + [0, 0]
    }

    private let sample: [(UInt32, [UInt8])] = [
        (100, Array("First Author".utf8)), (503, Array("Title\0\0".utf8)), (100, Array("Second Author".utf8)),
        (201, [0, 0, 0, 2]), (121, [0, 0, 0x01, 0x02]), (300, [1, 2, 3, 4, 5]), (204, [7]),
    ]

    @Test("keeps every record in order; strings, string and uint32 look them up")
    func lookUps() throws {
        let exth = try #require(EXTHRecords.parse(block(sample), at: 4))
        #expect(exth.isComplete)
        #expect(exth.records.map(\.type) == [100, 503, 100, 201, 121, 300, 204])
        #expect(exth.strings(100, encoding: .utf8) == ["First Author", "Second Author"])
        #expect(exth.string(503, encoding: .utf8) == "Title")
        #expect(exth.string(101, encoding: .utf8) == nil)
        #expect(exth.uint32(201) == 2)
        #expect(exth.uint32(121) == 0x102)
        #expect(exth.uint32(204) == 7)
        #expect(exth.uint32(300) == nil)
        #expect(exth.uint32(999) == nil)
        #expect(exth.data(300) == [[1, 2, 3, 4, 5]])
    }

    @Test("no EXTH magic at the offset: nil")
    func noMagic() {
        #expect(EXTHRecords.parse(block(sample), at: 0) == nil)
        #expect(EXTHRecords.parse(Array("EXT".utf8), at: 0) == nil)
        #expect(EXTHRecords.parse(block(sample), at: 10_000) == nil)
    }

    @Test("a record whose length runs past the block stops the reading; earlier records stay")
    func lyingRecordLength() throws {
        var bytes = block(sample)
        // The third record's length field: after 4 filler, 12 header, then two records.
        let third = 4 + 12 + (8 + 12) + (8 + 7)
        bytes.setUInt32(0x7FFF_0000, at: third + 4)
        let exth = try #require(EXTHRecords.parse(bytes, at: 4))
        #expect(!exth.isComplete)
        #expect(exth.records.map(\.type) == [100, 503])
        bytes.setUInt32(3, at: third + 4)
        #expect(EXTHRecords.parse(bytes, at: 4)?.records.count == 2)
    }

    @Test("a count larger than the records stops at the end of the block")
    func lyingCount() throws {
        let exth = try #require(EXTHRecords.parse(block(sample, count: 0xFFFF_FFFF), at: 4))
        #expect(!exth.isComplete)
        #expect(exth.records.count == sample.count)
    }

    @Test("a block length past the record falls back to the record's end")
    func lyingBlockLength() throws {
        let exth = try #require(EXTHRecords.parse(block(sample, length: 0xFFFF_FF00), at: 4))
        #expect(!exth.isComplete)
        #expect(exth.records.count == sample.count)
        let short = try #require(EXTHRecords.parse(block(sample, length: 40), at: 4))
        #expect(short.records.map(\.type) == [100])
    }

    @Test("cut anywhere, the block never traps")
    func truncation() {
        let bytes = block(sample)
        for end in 0...bytes.count {
            let exth = EXTHRecords.parse(Array(bytes.prefix(end)), at: 4)
            #expect(exth == nil || exth!.records.count <= sample.count)
        }
    }
}
