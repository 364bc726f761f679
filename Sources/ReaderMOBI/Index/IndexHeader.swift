import ReaderCore

/// The header of an INDX record, the same layout in an index's primary record and in each of its
/// entry records.
///
/// Offsets from the MobileRead wiki "MOBI" page, calibre's `INDEX_HEADER_FIELDS` and libmobi's
/// `mobi_parse_indx`: 4 header length, 12 index type, 20 IDXT offset, 24 count (entry records in a
/// primary record, entries in an entry record), 28 text encoding, 32 language, 36 total entry
/// count, 40 ORDT offset, 44 LIGT offset, 48 LIGT count, 52 CNCX record count, and, in headers of
/// 180 bytes or more, 164 ORDT type, 168 ORDT entry count, 172 ORDT1 offset, 176 ORDT2 offset.
struct IndexHeader: Hashable, Sendable {
    /// The shortest header that holds every field up to the CNCX record count.
    static let minimumLength = 56
    /// The header length from which the ORDT fields are present.
    static let ordtFieldsLength = 180

    /// The header's length; the TAGX section of a primary record follows it.
    let length: Int
    /// The index type (0 normal, 2 inflection; entry records say 1).
    let indexType: UInt32
    /// Where the IDXT section starts in the record.
    let idxtOffset: Int
    /// In a primary record the number of entry records that follow it; in an entry record the
    /// number of entries it holds.
    let count: Int
    /// The code page of labels and CNCX strings (65001 UTF-8, 1252 Windows-1252).
    let codePage: UInt32
    /// The language code, `0xFFFFFFFF` when none.
    let language: UInt32
    /// The total number of entries over all entry records (primary record only).
    let totalEntryCount: Int
    /// The ORDT offset field at 40 (unused by known readers).
    let ordtOffset: Int
    /// The LIGT section's offset.
    let ligtOffset: Int
    /// The number of LIGT entries.
    let ligtCount: Int
    /// The number of CNCX records after the entry records (primary record only).
    let cncxRecordCount: Int
    /// The ORDT type: 1 when ORDT-coded labels use one byte a character, else two (libmobi).
    let ordtType: UInt32
    /// The number of entries in the ORDT tables.
    let ordtEntryCount: Int
    /// Where the ORDT1 table starts, 0 when absent.
    let ordt1Offset: Int
    /// Where the ORDT2 table (UTF-16 code units) starts, 0 when absent.
    let ordt2Offset: Int
    /// The field at 180: calibre reads it as the TAGX offset.
    let tagxOffsetField: Int

    /// Reads the header at the start of `record`.
    /// - Throws: ``ReaderError`` `malformed` when the magic is not `INDX` or the header length
    ///   does not fit the record.
    init(record: [UInt8]) throws(ReaderError) {
        guard record.count >= Self.minimumLength, record.starts(with: Array("INDX".utf8)) else {
            throw ReaderError(.malformed, reason: "an index record does not start with an INDX header")
        }
        func field(_ offset: Int) -> Int { Int(ByteReader.uint32(record, at: offset) ?? 0) }
        length = field(4)
        guard length >= Self.minimumLength, length <= record.count else {
            throw ReaderError(.malformed, reason: "an INDX header claims \(length) bytes in a record of \(record.count)")
        }
        indexType = UInt32(field(12))
        idxtOffset = field(20)
        count = field(24)
        codePage = UInt32(field(28))
        language = UInt32(field(32))
        totalEntryCount = field(36)
        ordtOffset = field(40)
        ligtOffset = field(44)
        ligtCount = field(48)
        cncxRecordCount = field(52)
        let hasOrdt = length >= Self.ordtFieldsLength
        ordtType = hasOrdt ? UInt32(field(164)) : 0
        ordtEntryCount = hasOrdt ? field(168) : 0
        ordt1Offset = hasOrdt ? field(172) : 0
        ordt2Offset = hasOrdt ? field(176) : 0
        tagxOffsetField = length >= 184 ? field(180) : 0
    }

    /// The encoding of labels and CNCX strings.
    var encoding: IndexTextEncoding { IndexTextEncoding(codePage: codePage) }
}
