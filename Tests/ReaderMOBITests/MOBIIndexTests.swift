import Foundation
import ReaderCore
import ReaderTestSupport
import Testing
@testable import ReaderMOBI

@Suite("MOBI index (INDX)")
struct MOBIIndexTests {
    /// An NCX-like index of five entries over three entry records and two CNCX records.
    static func sampleBuilder() -> MOBIIndexBuilder {
        var builder = MOBIIndexBuilder()
        builder.entriesPerRecord = 2
        let titles = ["One", "Two", "Two point one", "Three", "Ünïcödé ’quotes’"]
        for (number, title) in titles.enumerated() {
            let offset = builder.addString(title, newRecord: number == 3)
            var tags: [UInt8: [UInt32]] = [1: [UInt32(number * 1000)], 2: [500], 3: [offset], 4: [number == 2 ? 1 : 0],
                                           6: [UInt32(number), UInt32(number * 7)]]
            if number == 2 { tags[21] = [1] }
            if number == 1 { tags[22] = [2]; tags[23] = [2] }
            builder.add(label: String(format: "%02X", number), tags: tags)
        }
        return builder
    }

    @Test("reads labels, tag values and CNCX strings across entry and CNCX records")
    func roundTrip() throws {
        let builder = Self.sampleBuilder()
        let index = try MOBIIndexBuilder.read(builder.records)
        #expect(index.header.count == 3)
        #expect(index.header.cncxRecordCount == 2)
        #expect(index.entries.map(\.label) == ["00", "01", "02", "03", "04"])
        #expect(index.entries[2].tags[21] == [1])
        #expect(index.entries[4].tags[6] == [4, 28])
        #expect(index.entries[3].value(3) == 0x10000)
        #expect(index.cncxString(at: index.entries[4].value(3)!) == "Ünïcödé ’quotes’")
        #expect(index.cncxString(at: 0x10000) == "Three")
        #expect(index.cncxString(at: 0x20000) == nil)
        #expect(index.cncxString(at: 0xFFFF) == nil)
    }

    @Test("reads an index from a Palm database file at an absolute record number")
    func fromPDB() throws {
        let records = [[UInt8](repeating: 0, count: 100), [1, 2, 3]] + Self.sampleBuilder().records
        try withTemporaryDirectory(prefix: "mobi-index") { directory in
            let url = directory.appendingPathComponent("index.mobi")
            try MOBIIndexBuilder.writePDB(records, to: url)
            let pdb = try PDBFile(path: url.path, format: .mobi)
            let index = try MOBIIndex.read(pdb: pdb, indexRecord: 2)
            #expect(index.entries.count == 5)
            #expect(NCXEntry.entries(from: index).map(\.title).first == "One")
        }
    }

    @Test("decodes byte-count tags and repeated occurrences")
    func byteCountTags() throws {
        var builder = MOBIIndexBuilder()
        builder.rows = MOBIIndexBuilder.skeletonRows
        builder.add(label: "SKEL0000000000", tags: [1: [1, 1], 6: [0, 729, 0, 729]])
        builder.add(label: "SKEL0000000001", tags: [1: [3, 3, 3], 6: [729, 1_000_000]])
        let index = try MOBIIndexBuilder.read(builder.records)
        #expect(index.entries[0].tags == [1: [1, 1], 6: [0, 729, 0, 729]])
        #expect(index.entries[1].tags == [1: [3, 3, 3], 6: [729, 1_000_000]])
    }

    @Test("decodes Windows-1252 labels and strings")
    func windows1252() throws {
        var builder = MOBIIndexBuilder()
        builder.codePage = 1252
        builder.cncxRecords = [[0x85] + [0x93, 0x80, 0x41, 0x94, 0xE9]]
        builder.entries = [([0x93, 0x41, 0x94], [0x04, 0x80])]
        let index = try MOBIIndexBuilder.read(builder.records)
        #expect(index.entries[0].label == "\u{201C}A\u{201D}")
        #expect(index.cncxString(at: 0) == "\u{201C}\u{20AC}A\u{201D}é")
    }

    // MARK: Broken indices

    /// Expects reading `records` as an index at `indexRecord` to fail as malformed.
    static func expectMalformed(_ records: [[UInt8]], at indexRecord: Int = 0, _ comment: Comment? = nil,
                                sourceLocation: SourceLocation = #_sourceLocation) {
        let error = readerError { _ = try MOBIIndexBuilder.read(records, at: indexRecord) }
        #expect(error?.kind == .malformed, comment, sourceLocation: sourceLocation)
    }

    /// A copy of `record` with the big-endian `value` written at `offset`.
    static func patched(_ record: [UInt8], at offset: Int, _ value: UInt32) -> [UInt8] {
        var copy = record
        copy.replaceSubrange(offset..<(offset + 4), with: MOBIIndexBuilder.be32(value))
        return copy
    }

    @Test("lying counts in the primary header are malformed")
    func lyingCounts() {
        let records = Self.sampleBuilder().records
        let primary = records[0]
        for (offset, value) in [(24, UInt32(4)), (24, 0xFFFF_FFFF), (36, 6), (36, 4), (36, 0xFFFF_FFFF),
                                (52, 3), (52, 0xFFFF_FFFF), (24, 0)] {
            var copy = records
            copy[0] = Self.patched(primary, at: offset, value)
            Self.expectMalformed(copy, "header field \(offset) = \(value)")
        }
    }

    @Test("broken TAGX sections are malformed")
    func brokenTagTable() {
        let records = Self.sampleBuilder().records
        let tagx = 192
        for (offset, value) in [(tagx + 4, UInt32(0xFFFF_FFF0)), (tagx + 4, 4), (tagx + 8, 2), (tagx + 8, 0xFFFF_FFFF),
                                (tagx, 0x5441_4758 + 1), (4, 0xFFFF), (4, 8)] {
            var copy = records
            copy[0] = Self.patched(records[0], at: offset, value)
            Self.expectMalformed(copy, "primary field \(offset) = \(value)")
        }
    }

    @Test("broken entry records are malformed")
    func brokenEntryRecords() {
        let records = Self.sampleBuilder().records
        let entryRecord = records[1]
        let idxt = Int(ByteReader.uint32(entryRecord, at: 20)!)
        let cases: [(Int, UInt32)] = [(20, UInt32(entryRecord.count)), (20, 0xFFFF_FFFF), (20, 10), (20, UInt32(idxt - 4)),
                                      (24, 3), (24, 0xFFFF), (0, 0x494E_4458 + 1)]
        for (offset, value) in cases {
            var copy = records
            copy[1] = Self.patched(entryRecord, at: offset, value)
            Self.expectMalformed(copy, "entry record field \(offset) = \(value)")
        }
        // IDXT offsets past the IDXT section, before the header, and out of order.
        for offsets in [[UInt16(idxt + 10), 200], [10, 200], [200, 192]] {
            var copy = records
            copy[1].replaceSubrange((idxt + 4)..<(idxt + 8), with: offsets.flatMap { MOBIIndexBuilder.be16($0) })
            Self.expectMalformed(copy, "IDXT offsets \(offsets)")
        }
        // A label longer than its entry.
        var longLabel = records
        longLabel[1][192] = 250
        Self.expectMalformed(longLabel, "label length 250")
        // Cut short: the last entry's values run past its end.
        var short = records
        short[1] = Array(entryRecord[0..<idxt - 6]) + [0, 0] + Array(entryRecord[idxt...])
        short[1] = Self.patched(short[1], at: 20, UInt32(idxt - 4))
        Self.expectMalformed(short, "truncated values")
        Self.expectMalformed(records, at: records.count, "index record past the end")
        Self.expectMalformed(records, at: -1, "negative index record")
    }

    @Test("tag values that overrun their entry or their byte count are malformed")
    func brokenValues() {
        var builder = MOBIIndexBuilder()
        builder.rows = MOBIIndexBuilder.skeletonRows
        // Control byte: tag 6 in byte-count mode, 9 bytes announced, 3 present.
        builder.entries = [(Array("A".utf8), [0x0C, 0x89, 0x81, 0x82, 0x83])]
        Self.expectMalformed(builder.records, "byte count past the entry")
        // A byte count that splits a value.
        builder.entries = [(Array("A".utf8), [0x0C, 0x82, 0x01, 0x01, 0x83])]
        Self.expectMalformed(builder.records, "byte count splitting a value")
        // A value without its end bit.
        builder.entries = [(Array("A".utf8), [0x01, 0x01, 0x01])]
        Self.expectMalformed(builder.records, "unterminated value")
        // A value wider than 32 bits.
        builder.entries = [(Array("A".utf8), [0x01, 0x7F, 0x7F, 0x7F, 0x7F, 0xFF])]
        Self.expectMalformed(builder.records, "value over 32 bits")
        // Two occurrences of tag 1 announced, one present.
        builder.entries = [(Array("A".utf8), [0x02, 0x81])]
        Self.expectMalformed(builder.records, "occurrences past the entry")
    }

    @Test("a CNCX offset past the table gives no string, not an error")
    func cncxOffsetPastEnd() throws {
        var builder = MOBIIndexBuilder()
        _ = builder.addString("Only")
        builder.add(label: "00", tags: [3: [0x0003_0000]])
        builder.add(label: "01", tags: [3: [400]])
        builder.cncxRecords[0] += [0x7F]  // a length without its end bit at the end of the record
        builder.add(label: "02", tags: [3: [5]])
        let index = try MOBIIndexBuilder.read(builder.records)
        #expect(NCXEntry.entries(from: index).map(\.title) == ["", "", ""])
        #expect(index.cncxString(at: 0) == "Only")
    }

    @Test("random byte flips give an index or a malformed error, never a trap")
    func byteFlips() {
        var random = SeededRandom(seed: 0x1D3)
        let good = Self.sampleBuilder().records
        for _ in 0..<2000 {
            var records = good
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                let record = Int.random(in: 0..<records.count, using: &random)
                guard !records[record].isEmpty else { continue }
                let offset = Int.random(in: 0..<records[record].count, using: &random)
                records[record][offset] = UInt8.random(in: 0...255, using: &random)
            }
            if let error = readerError({ _ = try MOBIIndexBuilder.read(records) }) {
                #expect(error.kind == .malformed)
            }
        }
    }
}
