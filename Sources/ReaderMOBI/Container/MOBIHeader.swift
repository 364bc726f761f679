import ReaderCore

/// Record 0 of a PalmDOC, MOBI or KF8 book: the PalmDOC header, the MOBI header when the `MOBI`
/// magic is at offset 16, and the EXTH metadata that may follow it.
///
/// MOBI headers come in several lengths (0xE4, 0xE8, 0x108, 0x110, …); a field is read only
/// when the declared header length and the record both cover it, and is nil otherwise. Record
/// numbers and indices of 0xFFFFFFFF mean "none" and are nil too. In the KF8 part of a combined
/// file, record numbers count from that part's record 0.
struct MOBIHeader: Sendable, Hashable {
    /// The first 16 bytes: compression, text length, text record count and size, encryption.
    var palmDOC: PalmDOCHeader
    /// The MOBI header's length from its `MOBI` magic on, or nil for a plain PalmDOC file.
    var headerLength: Int?
    /// The book type (2 for a book, 3 for PalmDOC, 257 news, …).
    var mobiType: UInt32?
    /// The text encoding; Windows-1252 when there is no MOBI header.
    var textEncoding: MOBITextEncoding = .windows1252
    /// A number the generator gives the book.
    var uniqueID: UInt32?
    /// The format version: 6 for MOBI 6, 8 for KF8.
    var fileVersion: Int?
    /// The first record after the text (and after the HUFF/CDIC records).
    var firstNonBookRecord: Int?
    /// The full title stored in record 0, when its offset and length fit the record.
    var fullName: String?
    /// The locale, a Windows language identifier (low byte: primary language).
    var locale: UInt32?
    /// The minimum reader version the book needs.
    var minVersion: UInt32?
    /// The first image record.
    var firstImageRecord: Int?
    /// The first HUFF/CDIC record (the HUFF one).
    var huffRecord: Int?
    /// How many HUFF and CDIC records there are together.
    var huffRecordCount: Int?
    /// The EXTH flags; bit 0x40 says an EXTH block follows the MOBI header.
    var exthFlags: UInt32?
    /// Where the DRM key block lies in record 0.
    var drmOffset: UInt32?
    /// How many DRM keys there are.
    var drmCount: UInt32?
    /// The DRM block's size.
    var drmSize: UInt32?
    /// The DRM flags.
    var drmFlags: UInt32?
    /// The FDST record (flow table), read for KF8 only: MOBI 6 keeps two 16-bit record numbers there.
    var fdstIndex: Int?
    /// How many flows the FDST record lists.
    var fdstCount: Int?
    /// The FCIS record.
    var fcisIndex: Int?
    /// The FLIS record.
    var flisIndex: Int?
    /// Which trailing entries end every text record (see ``TrailingEntries``); 0 when absent.
    var extraDataFlags: UInt16 = 0
    /// The NCX (table of contents) index record.
    var ncxIndex: Int?
    /// The KF8 fragment (`div`) index record.
    var fragmentIndex: Int?
    /// The KF8 skeleton index record.
    var skeletonIndex: Int?
    /// The KF8 guide index record.
    var guideIndex: Int?
    /// The EXTH metadata, when the flags announce it and the block is there.
    var exth: EXTHRecords?

    /// How the text records are compressed.
    var compression: MOBICompression { palmDOC.compression }
    /// The length of the uncompressed text, in bytes.
    var textLength: Int { palmDOC.textLength }
    /// How many text records follow record 0.
    var textRecordCount: Int { palmDOC.textRecordCount }
    /// The uncompressed size of a text record.
    var textRecordSize: Int { palmDOC.textRecordSize }
    /// 0 for none, 1 for old Mobipocket encryption, 2 for Mobipocket encryption.
    var encryptionType: UInt16 { palmDOC.encryptionType }
    /// Whether the text is encrypted (and so cannot be read).
    var isDRMProtected: Bool { encryptionType != 0 }
    /// Whether record 0 has a MOBI header.
    var hasMOBIHeader: Bool { headerLength != nil }
    /// Whether this is a KF8 (AZW3) header: file version 8 or later.
    var isKF8: Bool { (fileVersion ?? 0) >= 8 }
    /// The ISO 639 code of the locale's primary language, nil for neutral or unknown.
    var languageCode: String? { locale.flatMap(MOBILanguage.code(forLocale:)) }

    /// The offset of the `MOBI` magic in record 0.
    static let mobiHeaderOffset = PalmDOCHeader.length

    /// Parses record 0.
    /// - Throws: ``ReaderError`` `malformed` when the PalmDOC header is short or names an unknown
    ///   compression. A short or damaged MOBI header or EXTH block leaves fields nil instead.
    static func parse(_ record0: [UInt8]) throws(ReaderError) -> MOBIHeader {
        var header = MOBIHeader(palmDOC: try PalmDOCHeader.parse(record0))
        let base = mobiHeaderOffset
        guard record0.count >= base + 8, record0[base..<(base + 4)].elementsEqual("MOBI".utf8),
              let length = ByteReader.uint32(record0, at: base + 4)
        else { return header }
        header.headerLength = Int(length)
        // The bytes a field may come from: the declared header, within the record.
        let end = min(record0.count, base + Int(length))
        func field(_ offset: Int) -> UInt32? {
            base + offset + 4 <= end ? ByteReader.uint32(record0, at: base + offset) : nil
        }
        func index(_ offset: Int) -> Int? {
            field(offset).flatMap { $0 == 0xFFFF_FFFF ? nil : Int($0) }
        }
        header.mobiType = field(0x08)
        if let codePage = field(0x0C) { header.textEncoding = MOBITextEncoding(codePage: codePage) }
        header.uniqueID = field(0x10)
        header.fileVersion = field(0x14).map(Int.init)
        header.firstNonBookRecord = index(0x40)
        if let offset = field(0x44), let count = field(0x48) {
            header.fullName = fullName(record0, offset: Int(offset), count: Int(count), encoding: header.textEncoding)
        }
        header.locale = field(0x4C)
        header.minVersion = field(0x58)
        header.firstImageRecord = index(0x5C)
        header.huffRecord = index(0x60)
        header.huffRecordCount = field(0x64).map(Int.init)
        header.exthFlags = field(0x70)
        header.drmOffset = field(0x98).flatMap { $0 == 0xFFFF_FFFF ? nil : $0 }
        header.drmCount = field(0x9C)
        header.drmSize = field(0xA0)
        header.drmFlags = field(0xA4)
        if header.isKF8 { header.fdstIndex = index(0xB0) }
        header.fdstCount = field(0xB4).map(Int.init)
        header.fcisIndex = index(0xB8)
        header.flisIndex = index(0xC0)
        if base + 0xE4 <= end, let flags = ByteReader.uint16(record0, at: base + 0xE2) {
            header.extraDataFlags = flags
        }
        header.ncxIndex = index(0xE4)
        if header.isKF8 {
            header.fragmentIndex = index(0xE8)
            header.skeletonIndex = index(0xEC)
            header.guideIndex = index(0xF4)
        }
        if let flags = header.exthFlags, flags & 0x40 != 0 {
            header.exth = EXTHRecords.parse(record0, at: base + Int(length))
        }
        return header
    }

    /// The full name at `offset` (from the start of record 0), or nil when it does not fit.
    private static func fullName(_ record0: [UInt8], offset: Int, count: Int,
                                 encoding: MOBITextEncoding) -> String? {
        guard count > 0, offset >= 0, offset <= record0.count, count <= record0.count - offset else { return nil }
        var bytes = record0[offset..<(offset + count)]
        while let last = bytes.last, last == 0 { bytes.removeLast() }
        return bytes.isEmpty ? nil : encoding.decode(bytes)
    }
}
