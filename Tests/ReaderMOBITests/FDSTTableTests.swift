import ReaderCore
import Testing
@testable import ReaderMOBI

@Suite("KF8 FDST table")
struct FDSTTableTests {
    /// An FDST record with `pairs` as its flows.
    static func record(_ pairs: [(UInt32, UInt32)], tableOffset: UInt32 = 12, count: UInt32? = nil) -> [UInt8] {
        Array("FDST".utf8) + MOBIIndexBuilder.be32(tableOffset) + MOBIIndexBuilder.be32(count ?? UInt32(pairs.count))
            + pairs.flatMap { MOBIIndexBuilder.be32($0.0) + MOBIIndexBuilder.be32($0.1) }
    }

    @Test("reads the flows")
    func flows() throws {
        let table = try FDSTTable(record: Self.record([(0, 234_226), (234_226, 234_283), (234_283, 237_186)]),
                                  textLength: 237_186)
        #expect(table.flows == [0..<234_226, 234_226..<234_283, 234_283..<237_186])
        #expect(FDSTTable(wholeTextOf: 10).flows == [0..<10])
    }

    @Test("broken tables are malformed", arguments: [
        ("bad magic", Array("FDSX".utf8) + Array(FDSTTableTests.record([(0, 5)]).dropFirst(4))),
        ("count past the record", FDSTTableTests.record([(0, 5)], count: 2)),
        ("huge count", FDSTTableTests.record([(0, 5)], count: 0xFFFF_FFFF)),
        ("table offset past the record", FDSTTableTests.record([(0, 5)], tableOffset: 0xFFFF_FFF0)),
        ("table offset inside the header", FDSTTableTests.record([(0, 5)], tableOffset: 4)),
        ("end past the text", FDSTTableTests.record([(0, 11)])),
        ("start after end", FDSTTableTests.record([(6, 5)])),
        ("cut short", Array("FDST".utf8) + [0, 0]),
    ])
    func broken(name: String, bytes: [UInt8]) {
        #expect(throws: ReaderError.self, "\(name)") { try FDSTTable(record: bytes, textLength: 10) }
    }
}
