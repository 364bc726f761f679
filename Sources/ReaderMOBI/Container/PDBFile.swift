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
    /// Where each record lies in the file.
    let recordRanges: [Range<Int>]

    /// The open file, nil once closed. Each read holds the lock, so closing never releases the
    /// descriptor under a read (a file opened meanwhile could be given its number).
    private let file: Mutex<ReadOnlyFile?>
    private let path: String
    private let format: DocumentFormat
    /// The file's size in bytes.
    let fileSize: Int
    /// Why the records from some index on were left out (they lie past the end of the file or
    /// their offsets go backwards), or nil when every record the table lists is in the file.
    let damage: String?

    static let headerLength = 78

    /// Opens `path` and reads the header and record list.
    /// - Throws: ``ReaderError`` `malformed` when the header is short, the record count does not
    ///   fit the file, or record 0 lies outside it. Records from the first that lies outside the
    ///   file on are left out (``damage`` says so).
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
        var ranges: [Range<Int>] = []
        ranges.reserveCapacity(recordCount)
        var damage: String?
        for index in 0..<recordCount {
            let start = starts[index]
            let end = index + 1 < recordCount ? starts[index + 1] : file.size
            guard start >= Self.headerLength + recordCount * 8, start <= end, end <= file.size else {
                let problem = "record \(index) lies at \(start)..<\(end), outside the file's \(file.size) bytes"
                // Record 0 (the header) must be whole; past it, the intact records are kept.
                guard index > 0 else { throw ReaderError(.malformed, file: path, format: format, reason: problem) }
                damage = "\(problem): the file is cut short or its record table is damaged; records \(index) to "
                    + "\(recordCount - 1) are left out"
                break
            }
            ranges.append(start..<end)
        }
        recordRanges = ranges
        self.damage = damage
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
        guard recordRanges.indices.contains(index) else { return nil }
        let range = recordRanges[index]
        return try? read(at: range.lowerBound, count: min(count, range.count))
    }

    /// The bytes of record `index`.
    /// - Throws: ``ReaderError`` `malformed` when there is no such record or it cannot be read whole.
    func record(_ index: Int) throws(ReaderError) -> [UInt8] {
        guard recordRanges.indices.contains(index) else {
            throw ReaderError(.malformed, file: path, format: format,
                              reason: "record \(index) does not exist (the file has \(recordCount))")
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
