import ReaderCore

/// A MOBI index (INDX): the table format behind the NCX, the KF8 skeleton, fragment and guide
/// tables, and dictionary indices.
///
/// An index is a primary record (INDX header, TAGX section, optional ORDT tables), then the entry
/// records it counts (each an INDX header, the entries, and an IDXT section of 16-bit offsets to
/// them), then its CNCX string records. Facts from the MobileRead wiki "MOBI" page, calibre
/// `ebooks/mobi/reader/index.py` and libmobi `src/index.c`.
struct MOBIIndex: Hashable, Sendable {
    /// The most entry records an index may claim.
    static let maxEntryRecords = 4096
    /// The most entries an index may claim in all.
    static let maxTotalEntries = 500_000
    /// The most CNCX records an index may claim.
    static let maxCNCXRecords = 1024

    /// The primary record's header.
    let header: IndexHeader
    /// The primary record's tag table.
    let tagTable: TagTable
    /// The entries of all entry records, in order.
    let entries: [IndexEntry]
    /// The CNCX string table (empty when the index has none).
    let cncx: CNCXTable

    /// Creates an index from its parts (for tests and writers).
    init(header: IndexHeader, tagTable: TagTable, entries: [IndexEntry], cncx: CNCXTable) {
        self.header = header
        self.tagTable = tagTable
        self.entries = entries
        self.cncx = cncx
    }

    /// The CNCX string at `offset` (a tag value), or nil when it is not inside the table.
    func cncxString(at offset: UInt32) -> String? {
        cncx.string(at: offset)
    }

    /// Reads the index whose primary record is record `indexRecord` of `pdb`.
    ///
    /// Record numbers are absolute: for the KF8 part of a hybrid file, add the KF8 record 0's
    /// number (EXTH 121) to the MOBI header's index numbers first.
    /// - Throws: ``ReaderError`` `malformed` when a record is missing or any count, offset or
    ///   value of the index does not fit.
    static func read(pdb: PDBFile, indexRecord: Int) throws(ReaderError) -> MOBIIndex {
        try read(indexRecord: indexRecord, recordCount: pdb.recordCount) { (number: Int) throws(ReaderError) -> [UInt8] in
            try pdb.record(number)
        }
    }

    /// Reads the index at `indexRecord` from records supplied by `record`, of which there are
    /// `recordCount`.
    /// - Throws: ``ReaderError`` `malformed` as ``read(pdb:indexRecord:)`` does, or what `record` throws.
    static func read(indexRecord: Int, recordCount: Int,
                     record: (Int) throws(ReaderError) -> [UInt8]) throws(ReaderError) -> MOBIIndex {
        guard indexRecord >= 0, indexRecord < recordCount else {
            throw ReaderError(.malformed, reason: "index record \(indexRecord) does not exist (the file has \(recordCount))")
        }
        let primary = try record(indexRecord)
        let header = try IndexHeader(record: primary)
        guard header.count <= maxEntryRecords, header.cncxRecordCount <= maxCNCXRecords,
              header.totalEntryCount <= maxTotalEntries
        else {
            throw ReaderError(.malformed, reason: "the index at record \(indexRecord) claims \(header.count) entry records, \(header.cncxRecordCount) CNCX records and \(header.totalEntryCount) entries")
        }
        guard indexRecord + 1 + header.count + header.cncxRecordCount <= recordCount else {
            throw ReaderError(.malformed, reason: "the index at record \(indexRecord) claims \(header.count) entry records and \(header.cncxRecordCount) CNCX records; the file ends first")
        }
        let tagTable = try TagTable(record: primary, at: tagTableOffset(in: primary, header: header))
        let labels = IndexLabelDecoder(encoding: header.encoding, ordt: ORDTTable(record: primary, header: header))
        var entries: [IndexEntry] = []
        entries.reserveCapacity(header.totalEntryCount)
        for number in (indexRecord + 1)..<(indexRecord + 1 + header.count) {
            let found = try Self.entries(inEntryRecord: try record(number), tagTable: tagTable, labels: labels)
            guard entries.count + found.count <= header.totalEntryCount else {
                throw ReaderError(.malformed, reason: "the index at record \(indexRecord) holds more entries than the \(header.totalEntryCount) it claims")
            }
            entries.append(contentsOf: found)
        }
        guard entries.count == header.totalEntryCount else {
            throw ReaderError(.malformed, reason: "the index at record \(indexRecord) claims \(header.totalEntryCount) entries but holds \(entries.count)")
        }
        let cncxStart = indexRecord + 1 + header.count
        var cncxRecords: [[UInt8]] = []
        for number in cncxStart..<(cncxStart + header.cncxRecordCount) {
            cncxRecords.append(try record(number))
        }
        return MOBIIndex(header: header, tagTable: tagTable, entries: entries,
                         cncx: CNCXTable(records: cncxRecords, encoding: header.encoding))
    }

    // The TAGX section follows the header (libmobi); calibre also trusts the field at 180.
    private static func tagTableOffset(in record: [UInt8], header: IndexHeader) -> Int {
        func isTagTable(_ offset: Int) -> Bool {
            offset >= 0 && offset <= record.count - 4 && record[offset..<(offset + 4)].elementsEqual("TAGX".utf8)
        }
        if !isTagTable(header.length), isTagTable(header.tagxOffsetField) { return header.tagxOffsetField }
        return header.length
    }
}
