import ReaderCore

/// The decompressed text of a MOBI 6 or KF8 book, one text record at a time or whole.
///
/// Made from a PDB file, the parsed record 0 of the part to read and where that record 0 is (0,
/// or the KF8 record 0 of a combined file). Text records are `record0Index + 1` through
/// `record0Index + textRecordCount`, and the HUFF/CDIC record numbers count from `record0Index`.
/// The value holds no mutable state and the PDB file reads with `pread`, so it can be shared
/// between threads.
struct MOBITextReader: Sendable {
    /// The book's records.
    let pdb: PDBFile
    /// The record 0 header of the part being read.
    let header: MOBIHeader
    /// Where that record 0 is in the PDB file.
    let record0Index: Int
    /// The most one text record may decompress to: 8 times the text record size, at least 64 KiB.
    let recordCap: Int
    private let huffCDIC: HuffCDICDecompressor?

    /// Prepares reading: refuses DRM and loads the HUFF/CDIC tables once.
    /// - Throws: ``ReaderError`` `encrypted` for a DRM-protected book; `malformed` when the
    ///   HUFF/CDIC records are missing or broken.
    init(pdb: PDBFile, header: MOBIHeader, record0Index: Int) throws(ReaderError) {
        guard !header.isDRMProtected else {
            throw ReaderError(.encrypted, reason: "DRM-protected (Mobipocket encryption type \(header.encryptionType))")
        }
        self.pdb = pdb
        self.header = header
        self.record0Index = record0Index
        recordCap = max(8 * header.textRecordSize, 64 << 10)
        guard header.compression == .huffCDIC else {
            huffCDIC = nil
            return
        }
        guard let first = header.huffRecord, let count = header.huffRecordCount, count >= 2 else {
            throw ReaderError(.malformed, reason: "the book is HUFF/CDIC-compressed but its header names no HUFF and CDIC records")
        }
        let huffIndex = record0Index + first
        guard huffIndex > record0Index, count <= pdb.recordCount - huffIndex else {
            throw ReaderError(.malformed, reason: "the HUFF/CDIC records \(huffIndex)..<\(huffIndex + count) lie outside the file's \(pdb.recordCount) records")
        }
        let huff = try pdb.record(huffIndex)
        var cdics: [[UInt8]] = []
        for index in (huffIndex + 1)..<(huffIndex + count) {
            cdics.append(try pdb.record(index))
        }
        huffCDIC = try HuffCDICDecompressor(huff: huff, cdics: cdics)
    }

    /// How many text records there are.
    var recordCount: Int { header.textRecordCount }

    /// Text record `n` (counted from 0), decompressed, its trailing entries removed.
    /// - Throws: ``ReaderError`` `invalidArgument` when `n` is outside the header's count;
    ///   `malformed` when the record is missing from the file or does not decompress.
    func record(_ n: Int) throws(ReaderError) -> [UInt8] {
        var output = [UInt8]()
        try withScratch { (scratch) throws(ReaderError) in
            let count = try decode(n, into: scratch)
            output = Array(scratch[0..<count])
        }
        return output
    }

    /// The whole text stream: every text record decompressed in turn, joined.
    ///
    /// The stream is not cut at the header's text length unless asked: in KF8 books made by
    /// Kindlegen that length can cover only the first flow (the HTML), while the FDST record and
    /// the text records go on with the CSS flows (libmobi's `mobitool -d` and calibre keep them
    /// too). For MOBI 6 books the two lengths agree.
    /// - Parameters:
    ///   - limit: the most bytes to produce; a longer text is refused.
    ///   - truncatingToTextLength: cut the stream at the header's text length (and stop decoding
    ///     there).
    /// - Throws: ``ReaderError`` `malformed` past `limit`, for a missing record or one that does not
    ///   decompress.
    func text(limit: Int, truncatingToTextLength: Bool = false) throws(ReaderError) -> [UInt8] {
        var damage: String?
        return try text(limit: limit, truncatingToTextLength: truncatingToTextLength, recovering: false, damage: &damage)
    }

    /// The text as ``text(limit:truncatingToTextLength:)`` reads it, except that a text record
    /// after the first that is missing from the file or does not decompress is not an error:
    /// when a later text record lies in the file, a notice of the record's size stands in for it
    /// (so the offsets of the text after it stay right), else the text ends there; so does it
    /// past ``lostRecordLimit`` lost records. `damage` says which records were lost.
    func text(limit: Int, truncatingToTextLength: Bool = false, damage: inout String?) throws(ReaderError) -> [UInt8] {
        try text(limit: limit, truncatingToTextLength: truncatingToTextLength, recovering: true, damage: &damage)
    }

    private func text(limit: Int, truncatingToTextLength: Bool, recovering: Bool,
                      damage: inout String?) throws(ReaderError) -> [UInt8] {
        if truncatingToTextLength, header.textLength > limit {
            throw ReaderError(.malformed, reason: "the text length of \(header.textLength) bytes passes the limit of \(limit)")
        }
        let end = truncatingToTextLength ? header.textLength : limit
        var text: [UInt8] = []
        // A lying header must not make a huge reservation: past 64 MiB the array grows as it fills.
        text.reserveCapacity(min(header.textLength, end, 64 << 20))
        let lastReadable = lastReadableTextRecord()
        try withScratch { (scratch) throws(ReaderError) in
            var lost: [(record: Int, reason: String)] = []
            for n in 0..<recordCount {
                if truncatingToTextLength, text.count >= end { break }
                let count: Int
                do throws(ReaderError) {
                    count = try decode(n, into: scratch)
                } catch where recovering && n > 0 && error.kind == .malformed {
                    guard n < lastReadable, lost.count < Self.lostRecordLimit, let notice = lostRecordNotice(n) else {
                        let ending = "\(error.reason); the text ends after text record \(n - 1) of \(recordCount)"
                        damage = lost.isEmpty ? ending : Self.describe(lost) + "; " + ending
                        break
                    }
                    lost.append((n, error.reason))
                    MarkupCut.blankOpenTag(atEndOf: &text)
                    count = UnsafeMutableBufferPointer(rebasing: scratch[0..<notice.count]).initialize(fromContentsOf: notice)
                }
                if lost.last?.record == n - 1 { MarkupCut.blankTagRest(atStartOf: UnsafeMutableBufferPointer(rebasing: scratch[0..<count])) }
                guard truncatingToTextLength || text.count + count <= end else {
                    throw ReaderError(.malformed, reason: "the text passes the limit of \(limit) bytes at text record \(n)")
                }
                text.append(contentsOf: UnsafeBufferPointer(rebasing: scratch[0..<min(count, end - text.count)]))
            }
            if damage == nil, !lost.isEmpty { damage = Self.describe(lost) }
        }
        return text
    }

    /// The most lost text records a notice stands in for; past them the text ends, rather than
    /// grow into megabytes of notices.
    static let lostRecordLimit = 256

    /// The last text record that lies in the file and is not lost (-1 when none does).
    private func lastReadableTextRecord() -> Int {
        let last = min(recordCount - 1, pdb.recordCount - 2 - record0Index)
        guard last >= 0 else { return -1 }
        return (0...last).last { !pdb.lostRecords.contains(record0Index + 1 + $0) } ?? -1
    }

    /// What stands in the text for lost text record `n`: a paragraph saying so, padded with spaces
    /// to the text record size; nil when the size is too small to hold it.
    private func lostRecordNotice(_ n: Int) -> [UInt8]? {
        let notice = Array("<p>[This part of the book is damaged and cannot be shown: text record \(n)]</p>".utf8)
        guard notice.count <= header.textRecordSize, header.textRecordSize <= recordCap else { return nil }
        return notice + [UInt8](repeating: 0x20, count: header.textRecordSize - notice.count)
    }

    private static func describe(_ lost: [(record: Int, reason: String)]) -> String {
        let records = lost.prefix(10).map { String($0.record) }.joined(separator: ", ")
            + (lost.count > 10 ? " and \(lost.count - 10) more" : "")
        return "text record\(lost.count == 1 ? "" : "s") \(records) could not be read (\(lost[0].reason)); a notice stands in "
            + (lost.count == 1 ? "its place" : "their place")
    }

    /// Runs `body` with a buffer of ``recordCap`` bytes.
    private func withScratch(_ body: (UnsafeMutableBufferPointer<UInt8>) throws(ReaderError) -> Void) throws(ReaderError) {
        let scratch = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: recordCap)
        defer { scratch.deallocate() }
        try body(scratch)
    }

    /// Decodes text record `n` into the start of `output`; returns the byte count.
    private func decode(_ n: Int, into output: UnsafeMutableBufferPointer<UInt8>) throws(ReaderError) -> Int {
        guard n >= 0, n < recordCount else {
            throw ReaderError(.invalidArgument, reason: "text record \(n) does not exist (the book has \(recordCount))")
        }
        let index = record0Index + 1 + n
        guard index < pdb.recordCount else {
            throw ReaderError(.malformed, reason: pdb.damage
                ?? "text record \(n) would be record \(index), but the file has \(pdb.recordCount) records")
        }
        let raw = try pdb.record(index)
        do throws(ReaderError) {
            if pdb.recordsWithUnknownEnd.contains(index) { return try decodeWithUnknownEnd(raw, n, into: output) }
            return try raw.withUnsafeBufferPointer { (input) throws(ReaderError) -> Int in
                let content = UnsafeBufferPointer(
                    rebasing: input[0..<(try TrailingEntries.contentLength(of: input, flags: header.extraDataFlags))])
                switch header.compression {
                case .none:
                    guard content.count <= output.count else {
                        throw ReaderError(.malformed, reason: "the record is \(content.count) bytes, past the cap of \(output.count)")
                    }
                    if let source = content.baseAddress, let target = output.baseAddress {
                        target.update(from: source, count: content.count)
                    }
                    return content.count
                case .palmDOC:
                    return try PalmDOCDecompressor.decompress(content, into: output)
                case .huffCDIC:
                    guard let huffCDIC else {
                        throw ReaderError(.malformed, reason: "the HUFF/CDIC tables are not loaded")
                    }
                    return try huffCDIC.decompress(content, into: output)
                }
            }
        } catch {
            throw ReaderError(error.kind, file: error.file, format: error.format,
                              reason: "text record \(n) (record \(index)): \(error.reason)", cause: error.cause)
        }
    }

    /// Decodes a text record whose end is not known (the next record's table entry lies): its
    /// bytes run on into the next record, and its trailing entries are not at their end. Every
    /// text record but the last holds exactly the text record size, so decoding stops there.
    private func decodeWithUnknownEnd(_ raw: [UInt8], _ n: Int,
                                      into output: UnsafeMutableBufferPointer<UInt8>) throws(ReaderError) -> Int {
        let size = header.textRecordSize
        guard n < recordCount - 1, size > 0, size <= output.count else {
            throw ReaderError(.malformed, reason: "where the record ends is not known (the next record's table entry is damaged)")
        }
        let count = try raw.withUnsafeBufferPointer { (input) throws(ReaderError) -> Int in
            switch header.compression {
            case .none:
                let count = min(size, input.count)
                _ = UnsafeMutableBufferPointer(rebasing: output[0..<count]).initialize(fromContentsOf: input.prefix(count))
                return count
            case .palmDOC:
                return try PalmDOCDecompressor.decompress(input, into: output, stoppingAt: size)
            case .huffCDIC:
                throw ReaderError(.malformed, reason: "where the HUFF/CDIC record ends is not known (the next record's table entry is damaged)")
            }
        }
        guard count == size else {
            throw ReaderError(.malformed, reason: "the record ends after \(count) of its \(size) bytes")
        }
        return count
    }
}
