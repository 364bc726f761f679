import Foundation
import ReaderCore
@testable import ReaderMOBI

/// Builds INDX/TAGX/IDXT/CNCX records in memory, and PDB files around them, for index tests.
struct MOBIIndexBuilder {
    /// One TAGX row: tag, values per entry, mask, end flag.
    typealias Row = (tag: UInt8, valuesPerEntry: UInt8, mask: UInt8, end: UInt8)

    /// The TAGX rows; the default is the KF8 NCX table.
    var rows: [Row] = MOBIIndexBuilder.ncxRows
    /// The code page written in the header.
    var codePage: UInt32 = 65001
    /// The entries: label bytes and the bytes after the label (control bytes and values).
    var entries: [(label: [UInt8], body: [UInt8])] = []
    /// The CNCX records.
    var cncxRecords: [[UInt8]] = []
    /// How many entries go in each entry record.
    var entriesPerRecord = 1000

    /// KF8's NCX tag table.
    static let ncxRows: [Row] = [(1, 1, 1, 0), (2, 1, 2, 0), (3, 1, 4, 0), (4, 1, 8, 0), (21, 1, 16, 0),
                                 (22, 1, 32, 0), (23, 1, 64, 0), (6, 2, 128, 0), (0, 0, 0, 1)]
    /// KF8's skeleton tag table.
    static let skeletonRows: [Row] = [(1, 1, 3, 0), (6, 2, 12, 0), (0, 0, 0, 1)]
    /// KF8's fragment tag table.
    static let fragmentRows: [Row] = [(2, 1, 1, 0), (3, 1, 2, 0), (4, 1, 4, 0), (6, 2, 8, 0), (0, 0, 0, 1)]

    /// Forward variable-width encoding: seven bits a byte, the high bit on the last.
    static func varlen(_ value: UInt32) -> [UInt8] {
        var groups: [UInt8] = [UInt8(value & 0x7F)]
        var rest = value >> 7
        while rest > 0 {
            groups.append(UInt8(rest & 0x7F))
            rest >>= 7
        }
        var bytes = Array(groups.reversed())
        bytes[bytes.count - 1] |= 0x80
        return bytes
    }

    /// `value` as four big-endian bytes.
    static func be32(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    /// `value` as two big-endian bytes.
    static func be16(_ value: UInt16) -> [UInt8] { [UInt8(value >> 8), UInt8(value & 0xFF)] }

    /// A 192-byte INDX header with the given fields.
    static func header(type: UInt32, idxt: Int, count: Int, codePage: UInt32 = 65001, total: Int = 0,
                       cncx: Int = 0) -> [UInt8] {
        var bytes = Array("INDX".utf8) + be32(192) + be32(0) + be32(type) + be32(2)
        bytes += be32(UInt32(idxt)) + be32(UInt32(count)) + be32(codePage) + be32(0xFFFF_FFFF)
        bytes += be32(UInt32(total)) + be32(0) + be32(0) + be32(0) + be32(UInt32(cncx))
        bytes += [UInt8](repeating: 0, count: 192 - bytes.count)
        return bytes
    }

    /// Adds an entry whose tags are encoded the way writers do: an occurrence count in the mask
    /// bits, or, when it does not fit, all mask bits and a byte count.
    mutating func add(label: String, tags: [UInt8: [UInt32]]) {
        let controlCount = rows.filter { $0.end == 1 }.count
        var control = [UInt8](repeating: 0, count: controlCount)
        var prefix: [UInt8] = []
        var values: [UInt8] = []
        var controlIndex = 0
        for row in rows {
            if row.end == 1 {
                controlIndex += 1
                continue
            }
            guard let tagValues = tags[row.tag], !tagValues.isEmpty else { continue }
            let shift = row.mask.trailingZeroBitCount
            let occurrences = tagValues.count / max(1, Int(row.valuesPerEntry))
            let encoded = tagValues.flatMap { Self.varlen($0) }
            if occurrences << shift < Int(row.mask) || (row.mask.nonzeroBitCount == 1 && occurrences == 1) {
                control[controlIndex] |= UInt8(occurrences << shift)
            } else {
                control[controlIndex] |= row.mask
                prefix += Self.varlen(UInt32(encoded.count))
            }
            values += encoded
        }
        entries.append((Array(label.utf8), control + prefix + values))
    }

    /// Adds a CNCX string to the last record (a new one when `newRecord`) and returns its offset.
    mutating func addString(_ text: String, newRecord: Bool = false) -> UInt32 {
        if cncxRecords.isEmpty || newRecord { cncxRecords.append([]) }
        let record = cncxRecords.count - 1
        let offset = UInt32(record << 16 | cncxRecords[record].count)
        let bytes = Array(text.utf8)
        cncxRecords[record] += Self.varlen(UInt32(bytes.count)) + bytes
        return offset
    }

    /// The TAGX section.
    var tagTable: [UInt8] {
        let controlCount = rows.filter { $0.end == 1 }.count
        return Array("TAGX".utf8) + Self.be32(UInt32(12 + 4 * rows.count)) + Self.be32(UInt32(controlCount))
            + rows.flatMap { [$0.tag, $0.valuesPerEntry, $0.mask, $0.end] }
    }

    /// The entry records.
    var entryRecords: [[UInt8]] {
        stride(from: 0, to: max(entries.count, 1), by: entriesPerRecord).map { start in
            let slice = entries[start..<min(entries.count, start + entriesPerRecord)]
            var body: [UInt8] = []
            var offsets: [Int] = []
            for entry in slice {
                offsets.append(192 + body.count)
                body += [UInt8(entry.label.count)] + entry.label + entry.body
            }
            while body.count % 4 != 0 { body.append(0) }
            let idxt = 192 + body.count
            return Self.header(type: 1, idxt: idxt, count: slice.count, codePage: codePage) + body
                + Array("IDXT".utf8) + offsets.flatMap { Self.be16(UInt16($0)) }
        }
    }

    /// The primary record.
    var primaryRecord: [UInt8] {
        let tagx = tagTable
        var record = Self.header(type: 0, idxt: 192 + tagx.count, count: entryRecords.count, codePage: codePage,
                                 total: entries.count, cncx: cncxRecords.count) + tagx
        record += Array("IDXT".utf8) + Self.be16(0)
        return record
    }

    /// All records: primary, entry records, CNCX records.
    var records: [[UInt8]] { [primaryRecord] + entryRecords + cncxRecords }

    /// Reads `records` as an index whose primary record is `indexRecord`.
    static func read(_ records: [[UInt8]], at indexRecord: Int = 0) throws -> MOBIIndex {
        try MOBIIndex.read(indexRecord: indexRecord, recordCount: records.count) { (number: Int) throws(ReaderError) -> [UInt8] in
            records[number]
        }
    }

    /// Writes a Palm database holding `records` to `url`.
    static func writePDB(_ records: [[UInt8]], to url: URL) throws {
        var header = Array("test".utf8) + [UInt8](repeating: 0, count: 28)
        header += [UInt8](repeating: 0, count: 28) + Array("BOOKMOBI".utf8) + [UInt8](repeating: 0, count: 8)
        header += be16(UInt16(records.count))
        var offset = 78 + 8 * records.count
        var table: [UInt8] = []
        for (index, record) in records.enumerated() {
            table += be32(UInt32(offset)) + be32(UInt32(index))
            offset += record.count
        }
        try Data(header + table + records.flatMap { $0 }).write(to: url)
    }
}
