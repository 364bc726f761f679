import ReaderCore

/// The 16-byte PalmDOC header that opens record 0 of every PalmDOC, MOBI and AZW3 book.
struct PalmDOCHeader: Sendable, Hashable {
    /// How the text records are compressed.
    var compression: MOBICompression
    /// The length of the uncompressed text, in bytes.
    var textLength: Int
    /// How many text records follow record 0.
    var textRecordCount: Int
    /// The uncompressed size of a text record (4096 in practice).
    var textRecordSize: Int
    /// 0 for none, 1 for old Mobipocket encryption, 2 for Mobipocket encryption.
    var encryptionType: UInt16

    /// The header's size in bytes.
    static let length = 16

    /// Reads the header from the start of record 0.
    /// - Throws: ``ReaderError`` `malformed` when the record is shorter than 16 bytes or names an
    ///   unknown compression.
    static func parse(_ record0: [UInt8]) throws(ReaderError) -> PalmDOCHeader {
        var reader = ByteReader(record0)
        guard record0.count >= length, let rawCompression = reader.uint16(), reader.uint16() != nil,
              let textLength = reader.uint32(), let recordCount = reader.uint16(),
              let recordSize = reader.uint16(), let encryption = reader.uint16()
        else {
            throw ReaderError(.malformed, reason: "record 0 is \(record0.count) bytes, too short for the PalmDOC header")
        }
        guard let compression = MOBICompression(rawValue: rawCompression) else {
            throw ReaderError(.malformed, reason: "unknown compression \(rawCompression)")
        }
        return PalmDOCHeader(compression: compression, textLength: Int(textLength),
                             textRecordCount: Int(recordCount), textRecordSize: Int(recordSize),
                             encryptionType: encryption)
    }
}
