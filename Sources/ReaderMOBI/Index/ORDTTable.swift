/// The ORDT2 table of an index: labels made of indices into a table of UTF-16 code units, used by
/// some dictionaries instead of plain text labels.
///
/// libmobi (`mobi_getstring_ordt`) reads one byte an index when the ORDT type is 1 and two bytes
/// otherwise; an index past the table stands for itself. Ligature pairs (code units 1…5) are not
/// expanded here.
struct ORDTTable: Hashable, Sendable {
    /// The UTF-16 code units.
    let codeUnits: [UInt16]
    /// Whether each label character is one byte (else two).
    let singleByte: Bool

    /// Reads the table from a primary record, or returns nil when the header names none or it
    /// does not fit the record.
    init?(record: [UInt8], header: IndexHeader) {
        let count = header.ordtEntryCount
        let start = header.ordt2Offset
        guard count > 0, start > 0, start <= record.count - 4,
              record[start..<(start + 4)].elementsEqual("ORDT".utf8),
              count <= (record.count - start - 4) / 2
        else { return nil }
        codeUnits = (0..<count).map { ByteReader.uint16(record, at: start + 4 + 2 * $0) ?? 0 }
        singleByte = header.ordtType == 1
    }

    /// Decodes the label bytes `bytes`; a trailing odd byte of a two-byte label is dropped.
    func decode(_ bytes: ArraySlice<UInt8>) -> String {
        var units: [UInt16] = []
        var reader = ByteReader(Array(bytes))
        while reader.remaining > 0 {
            let index: Int
            if singleByte {
                guard let byte = reader.uint8() else { break }
                index = Int(byte)
            } else {
                guard let pair = reader.uint16() else { break }
                index = Int(pair)
            }
            units.append(codeUnits.indices.contains(index) ? codeUnits[index] : UInt16(index))
        }
        return String(decoding: units, as: UTF16.self)
    }
}
