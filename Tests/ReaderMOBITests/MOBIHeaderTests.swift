import ReaderCore
import ReaderTestSupport
import Testing
@testable import ReaderMOBI

@Suite("MOBI header of record 0")
struct MOBIHeaderTests {
    private func parse(_ builder: Record0TestBuilder) throws(ReaderError) -> MOBIHeader {
        try MOBIHeader.parse(builder.bytes())
    }

    @Test("a plain PalmDOC record 0 has no MOBI header: later fields nil, defaults elsewhere")
    func palmDOC() throws {
        let header = try parse(Record0TestBuilder(textLength: 5000, textRecordCount: 2, mobiHeaderLength: nil))
        #expect(header.compression == .palmDOC)
        #expect(header.textLength == 5000)
        #expect(header.textRecordCount == 2)
        #expect(header.textRecordSize == 4096)
        #expect(header.encryptionType == 0)
        #expect(!header.isDRMProtected)
        #expect(!header.hasMOBIHeader)
        #expect(header.headerLength == nil && header.fileVersion == nil && header.fullName == nil)
        #expect(header.textEncoding == .windows1252)
        #expect(header.extraDataFlags == 0)
        #expect(header.exth == nil)
        #expect(header.languageCode == nil)
    }

    @Test("compression values: 1, 2 and 0x4448; anything else is malformed")
    func compression() throws {
        #expect(try parse(Record0TestBuilder(compression: 1)).compression == MOBICompression.none)
        #expect(try parse(Record0TestBuilder(compression: 0x4448)).compression == .huffCDIC)
        let error = try #require(readerError { _ = try parse(Record0TestBuilder(compression: 7)) })
        #expect(error.kind == .malformed)
        #expect(error.reason == "unknown compression 7")
    }

    @Test("a record 0 shorter than the PalmDOC header is malformed")
    func tooShort() {
        let error = readerError { _ = try MOBIHeader.parse([0, 2, 0, 0, 0, 0]) }
        #expect(error?.kind == .malformed)
        #expect(error?.reason.contains("too short for the PalmDOC header") == true)
    }

    @Test("a MOBI 6 header of 0xE8 bytes: every field up to the NCX index")
    func mobi6() throws {
        let builder = Record0TestBuilder(
            textLength: 9000, textRecordCount: 3,
            fields: [0x40: 5, 0x4C: 0x409, 0x5C: 7, 0x60: 4, 0x64: 3, 0xB8: 9, 0xC0: 10, 0xE0: 3, 0xE4: 8],
            exth: [(100, Array("Author".utf8))], fullName: "Full Title")
        let header = try parse(builder)
        #expect(header.headerLength == 0xE8)
        #expect(header.mobiType == 2)
        #expect(header.textEncoding == .utf8)
        #expect(header.uniqueID == 1234)
        #expect(header.fileVersion == 6)
        #expect(!header.isKF8)
        #expect(header.firstNonBookRecord == 5)
        #expect(header.fullName == "Full Title")
        #expect(header.locale == 0x409)
        #expect(header.languageCode == "en")
        #expect(header.minVersion == 6)
        #expect(header.firstImageRecord == 7)
        #expect(header.huffRecord == 4)
        #expect(header.huffRecordCount == 3)
        #expect(header.exthFlags == 0x50)
        #expect(header.drmOffset == nil)
        #expect(header.drmCount == 0)
        #expect(header.fdstIndex == nil)
        #expect(header.fcisIndex == 9)
        #expect(header.flisIndex == 10)
        #expect(header.extraDataFlags == 3)
        #expect(header.ncxIndex == 8)
        #expect(header.fragmentIndex == nil && header.skeletonIndex == nil && header.guideIndex == nil)
        #expect(header.exth?.records == [EXTHRecord(type: 100, data: Array("Author".utf8))])
    }

    @Test("a KF8 header of 0x108 bytes adds the FDST, fragment, skeleton and guide indices")
    func kf8() throws {
        let header = try parse(Record0TestBuilder(
            mobiHeaderLength: 0x108,
            fields: [0x14: 8, 0xB0: 20, 0xB4: 3, 0xE0: 3, 0xE4: 21, 0xE8: 22, 0xEC: 23, 0xF4: 24]))
        #expect(header.isKF8)
        #expect(header.fdstIndex == 20)
        #expect(header.fdstCount == 3)
        #expect(header.ncxIndex == 21)
        #expect(header.fragmentIndex == 22)
        #expect(header.skeletonIndex == 23)
        #expect(header.guideIndex == 24)
        // The same fields in a version 6 header are not KF8 indices.
        let mobi6 = try parse(Record0TestBuilder(mobiHeaderLength: 0x108, fields: [0xB0: 20, 0xE8: 22]))
        #expect(mobi6.fdstIndex == nil && mobi6.fragmentIndex == nil)
    }

    @Test("fields past the declared header length stay nil", arguments: [0x18, 0x50, 0xE4, 0xE8])
    func shortHeaders(length: Int) throws {
        let header = try parse(Record0TestBuilder(mobiHeaderLength: length, fields: [0xE0: 3, 0xE4: 8]))
        #expect(header.headerLength == length)
        #expect(header.fileVersion == 6)
        #expect((header.locale != nil) == (length >= 0x50))
        #expect((header.exthFlags != nil) == (length >= 0x74))
        #expect(header.extraDataFlags == (length >= 0xE4 ? 3 : 0))
        #expect((header.ncxIndex != nil) == (length >= 0xE8))
    }

    @Test("a header length larger than the record reads what the record holds")
    func lyingHeaderLength() throws {
        var bytes = Record0TestBuilder(mobiHeaderLength: 0x60).bytes()
        bytes.setUInt32(0x1000, at: 20)
        let header = try MOBIHeader.parse(bytes)
        #expect(header.headerLength == 0x1000)
        #expect(header.fileVersion == 6)
        // Offset 0x60 is past the 0x60 bytes written: it reads the full name that follows ("Test").
        #expect(header.huffRecord == 0x5465_7374)
        #expect(header.exthFlags == nil)
        #expect(header.drmOffset == nil)
    }

    @Test("a full name offset or length past the record gives no full name")
    func fullNameBounds() throws {
        #expect(try parse(Record0TestBuilder(fields: [0x44: 5000])).fullName == nil)
        #expect(try parse(Record0TestBuilder(fields: [0x48: 0xFFFF_FFFF])).fullName == nil)
        #expect(try parse(Record0TestBuilder(fields: [0x44: 0xFFFF_FFF0, 0x48: 0x20])).fullName == nil)
    }

    @Test("the locale's primary language", arguments: [
        (UInt32(9), "en"), (0x409, "en"), (0x809, "en"), (7, "de"), (12, "fr"), (17, "ja"), (1, "ar"),
        (79, "sa"), (0, nil), (0xFF, nil),
    ] as [(UInt32, String?)])
    func language(locale: UInt32, code: String?) throws {
        #expect(try parse(Record0TestBuilder(fields: [0x4C: locale])).languageCode == code)
    }

    @Test("text encodings: 65001, 1252 and others kept as the number")
    func encodings() throws {
        #expect(try parse(Record0TestBuilder(fields: [0x0C: 1252])).textEncoding == .windows1252)
        #expect(try parse(Record0TestBuilder(fields: [0x0C: 936])).textEncoding == .other(936))
        #expect(try parse(Record0TestBuilder(fields: [0x0C: 936], fullName: "Caf\u{E9}")).fullName == "CafÃ©")
    }

    @Test("an EXTH block needs the 0x40 flag and the EXTH magic")
    func exthPresence() throws {
        let exth: [(UInt32, [UInt8])] = [(503, Array("T".utf8))]
        #expect(try parse(Record0TestBuilder(exth: exth)).exth?.records.count == 1)
        #expect(try parse(Record0TestBuilder(fields: [0x70: 0x10], exth: exth)).exth == nil)
        #expect(try parse(Record0TestBuilder(fields: [0x70: 0x40])).exth == nil)
    }

    @Test("DRM: encryption type 1 or 2")
    func drm() throws {
        #expect(try parse(Record0TestBuilder(encryption: 2, fields: [0x98: 0x200, 0x9C: 1])).isDRMProtected)
        #expect(try parse(Record0TestBuilder(encryption: 1, mobiHeaderLength: nil)).isDRMProtected)
        #expect(try parse(Record0TestBuilder(encryption: 2, fields: [0x98: 0x200])).drmOffset == 0x200)
    }

    @Test("flipped and cut bytes of a real record 0 never trap")
    func corruption() throws {
        try #require(TestLocation.corpusAvailable)
        let book = try #require(MOBICorpus.books.first { $0.description == "pg11_alice_hybrid-both.mobi" })
        let record0 = try book.open().record(0)
        var random = SeededRandom(seed: 5)
        for round in 0..<3000 {
            var bytes = record0
            if round % 3 == 0 {
                bytes = Array(bytes.prefix(Int.random(in: 0...bytes.count, using: &random)))
            } else {
                for _ in 0..<Int.random(in: 1...8, using: &random) where !bytes.isEmpty {
                    bytes[Int.random(in: 0..<bytes.count, using: &random)] = UInt8.random(in: 0...255, using: &random)
                }
            }
            if let header = try? MOBIHeader.parse(bytes) {
                _ = MOBIMetadata.make(header: header, pdbName: "x")
            }
        }
    }
}
