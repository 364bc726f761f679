import Foundation
import ReaderCore
import ReaderTestSupport
import Testing
@testable import ReaderMOBI

@Suite("MOBI text reader")
struct MOBITextReaderTests {
    /// Some text with multibyte characters, long enough for three 4096-byte records.
    private static let text: [UInt8] = {
        var random = SeededRandom(seed: 99)
        let words = ["Call ", "me ", "Ishmael. ", "Some ", "years ", "ago\u{2014}", "never ", "mind ", "how ", "long. ", "Caf\u{E9} ", "\u{8349}\u{6795} ", "<p>", "</p>\n"]
        var text: [UInt8] = []
        while text.count < 10_000 { text += Array(words.randomElement(using: &random)!.utf8) }
        return text
    }()

    private static var chunks: [[UInt8]] {
        stride(from: 0, to: text.count, by: 4096).map { Array(text[$0..<min($0 + 4096, text.count)]) }
    }

    /// Trailing entries for flags 0b11: a two-byte multibyte overlap, then a three-byte entry.
    private static let trailing: [UInt8] = [0xE2, 0x01, 0x10, 0x20, 0x83]

    /// A book of PalmDOC-compressed (or stored) text records, written to `directory`.
    private func book(in directory: URL, compression: UInt16 = 2, encryption: UInt16 = 0, recordCount: Int? = nil,
                      textLength: Int? = nil) throws -> (PDBFile, MOBIHeader) {
        let records = Self.chunks.map { chunk in
            (compression == 2 ? PalmDOCTestEncoder.compress(chunk) : chunk) + Self.trailing
        }
        let record0 = Record0TestBuilder(
            compression: compression, textLength: UInt32(textLength ?? Self.text.count),
            textRecordCount: UInt16(recordCount ?? records.count), encryption: encryption, fields: [0xE0: 3]).bytes()
        let pdb = try PDBTestBuilder(records: [record0] + records + [Array("FLIS".utf8)]).open(in: directory)
        return (pdb, try MOBIHeader.parse(record0))
    }

    @Test("decodes each record and the whole text, trailing entries removed", arguments: [UInt16(1), 2])
    func records(compression: UInt16) throws {
        try withTemporaryDirectory(prefix: "mobi-text") { directory in
            let (pdb, header) = try book(in: directory, compression: compression)
            let reader = try MOBITextReader(pdb: pdb, header: header, record0Index: 0)
            #expect(reader.recordCount == 3)
            for (n, chunk) in Self.chunks.enumerated() { #expect(try reader.record(n) == chunk) }
            #expect(try reader.text(limit: 1 << 20) == Self.text)
            #expect(try reader.text(limit: 1 << 20, truncatingToTextLength: true) == Self.text)
        }
    }

    @Test("the text can be cut at the header's text length, and decoding stops there")
    func truncation() throws {
        try withTemporaryDirectory(prefix: "mobi-text") { directory in
            let (pdb, header) = try book(in: directory, textLength: 5000)
            let reader = try MOBITextReader(pdb: pdb, header: header, record0Index: 0)
            #expect(try reader.text(limit: 1 << 20, truncatingToTextLength: true) == Array(Self.text.prefix(5000)))
            #expect(try reader.text(limit: 1 << 20) == Self.text)
            let error = try #require(readerError { _ = try reader.text(limit: 4000, truncatingToTextLength: true) })
            #expect(error.reason.contains("passes the limit of 4000"))
        }
    }

    @Test("text past the limit is refused")
    func limit() throws {
        try withTemporaryDirectory(prefix: "mobi-text") { directory in
            let (pdb, header) = try book(in: directory)
            let reader = try MOBITextReader(pdb: pdb, header: header, record0Index: 0)
            let error = try #require(readerError { _ = try reader.text(limit: 9000) })
            #expect(error.kind == .malformed)
            #expect(error.reason.contains("passes the limit of 9000 bytes at text record 2"))
        }
    }

    @Test("DRM is refused when the reader is made")
    func drm() throws {
        try withTemporaryDirectory(prefix: "mobi-text") { directory in
            for type: UInt16 in [1, 2] {
                let (pdb, header) = try book(in: directory, encryption: type)
                let error = try #require(readerError { _ = try MOBITextReader(pdb: pdb, header: header, record0Index: 0) })
                #expect(error.kind == .encrypted)
                #expect(error.reason == "DRM-protected (Mobipocket encryption type \(type))")
            }
        }
    }

    @Test("a record count larger than the file: the missing record is named")
    func lyingRecordCount() throws {
        try withTemporaryDirectory(prefix: "mobi-text") { directory in
            let (pdb, header) = try book(in: directory, recordCount: 9)
            let reader = try MOBITextReader(pdb: pdb, header: header, record0Index: 0)
            let error = try #require(readerError { _ = try reader.record(6) })
            #expect(error.kind == .malformed)
            #expect(error.reason == "text record 6 would be record 7, but the file has 5 records")
            #expect(readerError { _ = try reader.text(limit: 1 << 20) }?.kind == .malformed)
            #expect(readerError { _ = try reader.record(9) }?.kind == .invalidArgument)
            #expect(readerError { _ = try reader.record(-1) }?.kind == .invalidArgument)
        }
    }

    @Test("a record that does not decompress is named in the error")
    func brokenRecord() throws {
        try withTemporaryDirectory(prefix: "mobi-text") { directory in
            let record0 = Record0TestBuilder(textLength: 10, textRecordCount: 1, fields: [0xE0: 0]).bytes()
            let pdb = try PDBTestBuilder(records: [record0, [0x41, 0x80, 0x10]]).open(in: directory)
            let reader = try MOBITextReader(pdb: pdb, header: try MOBIHeader.parse(record0), record0Index: 0)
            let error = try #require(readerError { _ = try reader.record(0) })
            #expect(error.reason.hasPrefix("text record 0 (record 1): PalmDOC back-reference"))
        }
    }

    /// A combined file: a MOBI 6 part (PalmDOC), BOUNDARY, then a KF8 part compressed with
    /// HUFF/CDIC whose HUFF and CDIC record numbers count from its own record 0.
    private func combinedBook(in directory: URL, huffRecord: UInt32 = 4) throws -> (PDBFile, Int) {
        let encoder = HuffCDICTestEncoder(entries: [.literal(Array("Ishmael".utf8)), .compressed(Array("Call me ".utf8))],
                                          samples: [Self.text], codeBits: 6)
        let kf8Records = Self.chunks.map { encoder.compress($0) + Self.trailing }
        let kf8Index = 3
        let kf7Record0 = Record0TestBuilder(
            textLength: 4, textRecordCount: 1, fields: [0xE0: 0],
            exth: [(121, [0, 0, 0, UInt8(kf8Index)]), (100, Array("Author".utf8))]).bytes()
        let kf8Record0 = Record0TestBuilder(
            compression: 0x4448, textLength: UInt32(Self.text.count), textRecordCount: UInt16(kf8Records.count),
            mobiHeaderLength: 0x108, fields: [0x14: 8, 0x60: huffRecord, 0x64: UInt32(1 + encoder.cdics.count), 0xE0: 3]).bytes()
        let records = [kf7Record0, Array("Text".utf8), Array("BOUNDARY".utf8), kf8Record0] + kf8Records
            + [encoder.huff] + encoder.cdics + [Array("FDST".utf8)]
        return (try PDBTestBuilder(records: records).open(in: directory), kf8Index)
    }

    @Test("the KF8 part of a combined file: found through EXTH 121, HUFF/CDIC records relative to it")
    func combinedHuffCDIC() throws {
        try withTemporaryDirectory(prefix: "mobi-text") { directory in
            let (pdb, kf8Index) = try combinedBook(in: directory)
            #expect(MOBIHeader.kf8RecordIndex(in: pdb) == kf8Index)
            let header = try MOBIHeader.parse(pdb.record(kf8Index))
            #expect(header.compression == .huffCDIC)
            let reader = try MOBITextReader(pdb: pdb, header: header, record0Index: kf8Index)
            #expect(try reader.text(limit: 1 << 20) == Self.text)
            #expect(try reader.record(1) == Self.chunks[1])
            let kf7 = try MOBITextReader(pdb: pdb, header: MOBIHeader.parse(pdb.record(0)), record0Index: 0)
            #expect(try kf7.text(limit: 100) == Array("Text".utf8))
        }
    }

    @Test("HUFF/CDIC records outside the file are refused when the reader is made")
    func missingHuffRecords() throws {
        try withTemporaryDirectory(prefix: "mobi-text") { directory in
            let (pdb, kf8Index) = try combinedBook(in: directory, huffRecord: 40)
            let header = try MOBIHeader.parse(pdb.record(kf8Index))
            let error = try #require(readerError { _ = try MOBITextReader(pdb: pdb, header: header, record0Index: kf8Index) })
            #expect(error.kind == .malformed)
            #expect(error.reason.contains("HUFF/CDIC records 43..<"))
        }
    }

    @Test("an EXTH 121 that points at a record without a KF8 header is no KF8 part")
    func badBoundary() throws {
        try withTemporaryDirectory(prefix: "mobi-text") { directory in
            for target: UInt8 in [1, 2, 200] {
                let record0 = Record0TestBuilder(textLength: 4, textRecordCount: 1, exth: [(121, [0, 0, 0, target])]).bytes()
                let pdb = try PDBTestBuilder(records: [record0, Array("Text".utf8), Array("BOUNDARY".utf8)]).open(in: directory)
                #expect(MOBIHeader.kf8RecordIndex(in: pdb) == nil)
            }
        }
    }

    @Test("one reader decodes records on several threads at once")
    func concurrency() throws {
        try withTemporaryDirectory(prefix: "mobi-text") { directory in
            let (pdb, kf8Index) = try combinedBook(in: directory)
            let reader = try MOBITextReader(pdb: pdb, header: MOBIHeader.parse(pdb.record(kf8Index)), record0Index: kf8Index)
            let rounds = 48
            nonisolated(unsafe) let results = UnsafeMutableBufferPointer<[UInt8]?>.allocate(capacity: rounds)
            results.initialize(repeating: nil)
            defer { results.deallocate() }
            DispatchQueue.concurrentPerform(iterations: rounds) { round in
                results[round] = try? reader.record(round % 3)
            }
            for round in 0..<rounds { #expect(results[round] == Self.chunks[round % 3]) }
        }
    }
}
