import ReaderCore
import Synchronization

/// A Palm Database file: the container of MOBI, AZW3 and PalmDOC books.
///
/// The 78-byte header and the record list are read at open and every record's bounds are checked
/// against the file; records themselves are read on demand with `pread`, so a book is never held
/// in memory whole.
final class PDBFile: @unchecked Sendable {
    /// The database name from the header (not the book title; MOBI keeps that in record 0).
    let name: String
    /// The four-character type, `BOOK` or `TEXt`.
    let type: String
    /// The four-character creator, `MOBI` or `REAd`.
    let creator: String
    /// Where each record lies in the file. A lost record (see ``lostRecords``) has an empty range.
    let recordRanges: [Range<Int>]
    /// Records whose entry in the record table lies: it points outside the file, or out of order
    /// with the entries around it. They cannot be read; the records around them can.
    let lostRecords: Set<Int>
    /// Records just before a lost one. Where they end is not known, so their range runs on to the
    /// next record that can be read and holds the lost record's bytes too.
    let recordsWithUnknownEnd: Set<Int>

    /// The open file, nil once closed. Each read holds the lock, so closing never releases the
    /// descriptor under a read (a file opened meanwhile could be given its number).
    private let file: Mutex<ReadOnlyFile?>
    private let path: String
    private let format: DocumentFormat
    /// The file's size in bytes.
    let fileSize: Int
    /// What is wrong with the record table (lost records, or the records from some index on left
    /// out), or nil when every record the table lists is in the file.
    let damage: String?

    static let headerLength = 78

    /// Opens `path` and reads the header and record list.
    /// - Throws: ``ReaderError`` `malformed` when the header is short, the record count does not
    ///   fit the file, or record 0 lies outside it. A record whose entry lies is lost, and the
    ///   records after the last one that can be read are left out (``damage`` says so).
    init(path: String, format: DocumentFormat) throws(ReaderError) {
        let file = try ReadOnlyFile(path: path, format: format)
        self.path = path
        self.format = format
        fileSize = file.size
        let header = try file.read(at: 0, count: Self.headerLength)
        guard header.count == Self.headerLength, let count = ByteReader.uint16(header, at: 76) else {
            throw ReaderError(.malformed, file: path, format: format,
                              reason: "the Palm database header is cut short (\(file.size) bytes)")
        }
        name = String(decoding: header[0..<32].prefix { $0 != 0 }, as: UTF8.self)
        type = String(decoding: header[60..<64], as: UTF8.self)
        creator = String(decoding: header[64..<68], as: UTF8.self)
        let recordCount = Int(count)
        let table = try file.read(at: Self.headerLength, count: recordCount * 8)
        guard recordCount > 0, table.count == recordCount * 8 else {
            throw ReaderError(.malformed, file: path, format: format,
                              reason: "the header lists \(recordCount) records but the record table does not fit the file")
        }
        let starts = (0..<recordCount).map { Int(ByteReader.uint32(table, at: $0 * 8)!) }
        let layout = RecordTableLayout(starts: starts, dataStart: Self.headerLength + recordCount * 8, fileSize: file.size)
        guard let layout else {
            throw ReaderError(.malformed, file: path, format: format,
                              reason: "record 0 lies at \(starts[0]), outside the file's \(file.size) bytes")
        }
        recordRanges = layout.ranges
        lostRecords = layout.lost
        recordsWithUnknownEnd = layout.unknownEnd
        damage = layout.damage
        self.file = Mutex(file)
    }

    /// Closes the file; later reads throw.
    func close() {
        file.withLock { $0 = nil }
    }

    /// `count` bytes at `offset` (fewer at the end of the file).
    private func read(at offset: Int, count: Int) throws(ReaderError) -> [UInt8] {
        try file.withLock { (file) throws(ReaderError) -> [UInt8] in
            guard let file else { throw ReaderError.closed(file: path, format: format) }
            return try file.read(at: offset, count: count)
        }
    }

    /// The number of records.
    var recordCount: Int { recordRanges.count }

    /// Up to the first `count` bytes of record `index` (its magic), or nil when there is no such
    /// record or it cannot be read.
    func recordPrefix(_ index: Int, count: Int) -> [UInt8]? {
        guard recordRanges.indices.contains(index), !lostRecords.contains(index) else { return nil }
        let range = recordRanges[index]
        return try? read(at: range.lowerBound, count: min(count, range.count))
    }

    /// The bytes of record `index` (for a record in ``recordsWithUnknownEnd``, followed by the
    /// lost record's).
    /// - Throws: ``ReaderError`` `malformed` when there is no such record, it is lost, or it cannot
    ///   be read whole.
    func record(_ index: Int) throws(ReaderError) -> [UInt8] {
        guard recordRanges.indices.contains(index) else {
            throw ReaderError(.malformed, file: path, format: format,
                              reason: "record \(index) does not exist (the file has \(recordCount))")
        }
        guard !lostRecords.contains(index) else {
            throw ReaderError(.malformed, file: path, format: format,
                              reason: "record \(index) is lost: its entry in the record table is damaged")
        }
        let range = recordRanges[index]
        let bytes = try read(at: range.lowerBound, count: range.count)
        guard bytes.count == range.count else {
            throw ReaderError(.malformed, file: path, format: format,
                              reason: "record \(index) is cut short by the end of the file")
        }
        return bytes
    }
}
