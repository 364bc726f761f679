import ReaderCore

/// The TAGX section of an index's primary record: which tags an entry may carry and how the
/// entry's control bytes say how many values each has.
///
/// Layout (MobileRead wiki "MOBI", calibre `parse_tagx_section`, libmobi `mobi_parse_tagx`):
/// `TAGX`, the section's length including this 12-byte head, the number of control bytes, then
/// one 4-byte row a tag: tag number, values per entry, bitmask, and an end flag that is 1 on the
/// row closing a control byte (that row's other fields are 0).
struct TagTable: Hashable, Sendable {
    /// One row of the table.
    struct Definition: Hashable, Sendable {
        /// The tag number.
        let tag: UInt8
        /// How many values make one occurrence of the tag.
        let valuesPerEntry: UInt8
        /// Which bits of the current control byte describe the tag.
        let mask: UInt8
        /// Whether this row only says "move on to the next control byte".
        let endsControlByte: Bool
    }

    /// The most values one entry may carry, over all its tags.
    static let maxValuesPerEntry = 4096

    /// The number of control bytes at the start of each entry (after its label).
    let controlByteCount: Int
    /// The rows, in order.
    let definitions: [Definition]

    /// Reads the section at `offset` in `record`.
    /// - Throws: ``ReaderError`` `malformed` when the magic is missing, the section does not fit
    ///   the record, or the number of control bytes disagrees with the end flags.
    init(record: [UInt8], at offset: Int) throws(ReaderError) {
        guard offset >= 0, offset <= record.count - 12,
              record[offset..<(offset + 4)].elementsEqual("TAGX".utf8),
              let length = ByteReader.uint32(record, at: offset + 4),
              let controlBytes = ByteReader.uint32(record, at: offset + 8)
        else {
            throw ReaderError(.malformed, reason: "an index has no TAGX section where its header ends")
        }
        guard length >= 12, Int(length) <= record.count - offset else {
            throw ReaderError(.malformed, reason: "the TAGX section claims \(length) bytes; \(record.count - offset) are left in the record")
        }
        var rows: [Definition] = []
        var ends = 0
        var position = offset + 12
        while position + 4 <= offset + Int(length) {
            let row = Definition(tag: record[position], valuesPerEntry: record[position + 1],
                                 mask: record[position + 2], endsControlByte: record[position + 3] & 1 == 1)
            if row.endsControlByte { ends += 1 }
            rows.append(row)
            position += 4
        }
        guard Int(controlBytes) == ends else {
            throw ReaderError(.malformed, reason: "the TAGX section names \(controlBytes) control bytes but closes \(ends)")
        }
        controlByteCount = ends
        definitions = rows
    }

    /// Creates a table from its parts (for tests and writers).
    init(controlByteCount: Int, definitions: [Definition]) {
        self.controlByteCount = controlByteCount
        self.definitions = definitions
    }
}
