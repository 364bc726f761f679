@_spi(Fuzzing) import ReaderMOBI

/// What the rest of a `mobi-records` input is, by its first byte (modulo 5).
enum RecordKind: UInt8 {
    /// A PalmDOC (LZ77) text record.
    case palmDOC = 0
    /// Three 16-bit lengths, a HUFF record, one or two CDIC records, a compressed text record.
    case huffCDIC = 1
    /// Two bytes of extra-data flags, then a text record with its trailing entries.
    case trailingEntries = 2
    /// Record 0: PalmDOC header, MOBI header, EXTH.
    case record0 = 3
    /// An index's records (primary, entry records, CNCX records), each after a 16-bit length.
    case index = 4
}

/// Runs one record-level parser and checks what holds for any input (with `precondition`, so it
/// holds in release builds). A `ReaderError` (nil) is a correct outcome; a trap, a hang or
/// unbounded memory is not.
enum RecordChecks {
    static func run(_ kind: RecordKind, _ data: [UInt8]) {
        switch kind {
        case .palmDOC:
            if let count = MOBIFuzzEntryPoints.palmDOC(data) {
                // A byte gives at most 2 (space + char), a 2-byte back-reference at most 10.
                precondition(count <= MOBIFuzzEntryPoints.recordCap && count <= 5 * data.count,
                             "PalmDOC made \(count) bytes from \(data.count)")
            }
        case .huffCDIC:
            if let count = MOBIFuzzEntryPoints.huffCDIC(data) {
                precondition(count <= MOBIFuzzEntryPoints.recordCap, "HUFF/CDIC made \(count) bytes, past the cap")
            }
        case .trailingEntries:
            let record = Array(data.dropFirst(2))
            if let count = MOBIFuzzEntryPoints.trailingEntries(data) {
                precondition((0...record.count).contains(count), "\(count) bytes of content in a \(record.count)-byte record")
                // What the text reader does next with a PalmDOC book.
                _ = MOBIFuzzEntryPoints.palmDOC(Array(record.prefix(count)))
            }
        case .record0:
            if let count = MOBIFuzzEntryPoints.record0(data) {
                // An EXTH record takes at least 8 bytes.
                precondition(count >= 0 && count * 8 <= data.count, "\(count) EXTH records in \(data.count) bytes")
            }
        case .index:
            let records = framedRecords(data)
            if let count = MOBIFuzzEntryPoints.index(records) {
                // An entry takes at least 2 bytes (label length, IDXT offset) of its entry record.
                precondition(count >= 0 && count <= data.count, "\(count) index entries in \(data.count) bytes")
            }
        }
    }

    /// The records of an `index` input: each a big-endian 16-bit length and that many bytes; a
    /// length past the end takes what is left. At most ``maxRecords``.
    static func framedRecords(_ data: [UInt8]) -> [[UInt8]] {
        var records: [[UInt8]] = []
        var rest = data[...]
        while rest.count >= 2, records.count < maxRecords {
            let length = Int(rest[rest.startIndex]) << 8 | Int(rest[rest.startIndex + 1])
            rest = rest.dropFirst(2)
            records.append(Array(rest.prefix(length)))
            rest = rest.dropFirst(length)
        }
        return records
    }

    /// Enough for any index of a real book's size (the seeds' longest has a few dozen records).
    static let maxRecords = 256
}
