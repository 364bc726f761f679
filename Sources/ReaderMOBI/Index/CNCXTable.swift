/// The CNCX records of an index: a string table that tag values point into.
///
/// An offset's high 16 bits pick the record (counted from the first CNCX record) and its low 16
/// bits the position in it (calibre's `CNCX` adds 0x10000 a record; libmobi's
/// `mobi_get_cncx_string`); at that position a forward-encoded variable-width length precedes the
/// string's bytes.
struct CNCXTable: Hashable, Sendable {
    /// The CNCX records, in order.
    let records: [[UInt8]]
    /// The strings' encoding (the index header's).
    let encoding: IndexTextEncoding

    /// Creates a table over `records`.
    init(records: [[UInt8]], encoding: IndexTextEncoding) {
        self.records = records
        self.encoding = encoding
    }

    /// The raw bytes of the string at `offset`, or nil when the offset or the string's length
    /// runs past its record.
    func bytes(at offset: UInt32) -> ArraySlice<UInt8>? {
        let recordNumber = Int(offset >> 16)
        guard records.indices.contains(recordNumber) else { return nil }
        var reader = ByteReader(records[recordNumber], offset: Int(offset & 0xFFFF))
        guard let (length, _) = reader.forwardVariableWidth() else { return nil }
        return reader.bytes(Int(length))
    }

    /// The string at `offset`, or nil when it does not lie inside the table.
    func string(at offset: UInt32) -> String? {
        bytes(at: offset).map { encoding.decode($0) }
    }
}
