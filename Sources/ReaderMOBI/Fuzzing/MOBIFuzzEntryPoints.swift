import ReaderCore

/// Entry points into the record-level parsers of the MOBI backend, for the libFuzzer targets of
/// `Fuzz/` only (`mobi-records`, `mobi-document`): they are not API, and nothing else uses them.
///
/// The parsers are internal; the fuzz package sees only this SPI (`@_spi(Fuzzing) import
/// ReaderMOBI`). Each function runs one parser over untrusted bytes and returns a small number
/// (how much it produced), or nil when the parser refused the bytes with a ``ReaderError``: that
/// is a correct outcome, while a trap, a hang or unbounded memory is a bug.
@_spi(Fuzzing) public enum MOBIFuzzEntryPoints {
    /// The output cap of one decompressed record, as ``MOBITextReader`` uses for 4096-byte records.
    public static let recordCap = 64 << 10

    /// Decompresses `bytes` as one PalmDOC (LZ77) text record into at most ``recordCap`` bytes;
    /// returns the length of the output.
    public static func palmDOC(_ bytes: [UInt8]) -> Int? {
        try? PalmDOCDecompressor.decompress(bytes, cap: recordCap).count
    }

    /// Builds a HUFF/CDIC decompressor and decompresses a record with it; returns the length of the
    /// output (at most ``recordCap``).
    ///
    /// `bytes` opens with three big-endian 16-bit lengths: the HUFF record, the first CDIC record
    /// and the second (0 for none). The records follow in that order, and the rest is the
    /// compressed record. A length past the end of the input takes what is left.
    public static func huffCDIC(_ bytes: [UInt8]) -> Int? {
        var rest = bytes[...]
        let lengths = (0..<3).map { _ -> Int in
            let length = rest.count >= 2 ? Int(rest[rest.startIndex]) << 8 | Int(rest[rest.startIndex + 1]) : 0
            rest = rest.dropFirst(2)
            return length
        }
        func take(_ count: Int) -> [UInt8] {
            defer { rest = rest.dropFirst(count) }
            return Array(rest.prefix(count))
        }
        let huff = take(lengths[0])
        var cdics = [take(lengths[1])]
        if lengths[2] > 0 { cdics.append(take(lengths[2])) }
        let payload = Array(rest)
        guard let decompressor = try? HuffCDICDecompressor(huff: huff, cdics: cdics) else { return nil }
        return try? decompressor.decompress(payload, cap: recordCap).count
    }

    /// Cuts the trailing entries off a text record: the first two bytes are the extra-data flags
    /// (big-endian, as in the MOBI header), the rest is the record; returns the content length.
    public static func trailingEntries(_ bytes: [UInt8]) -> Int? {
        let flags = bytes.count >= 2 ? UInt16(bytes[0]) << 8 | UInt16(bytes[1]) : 0
        return try? TrailingEntries.contentLength(of: Array(bytes.dropFirst(2)), flags: flags)
    }

    /// Parses `bytes` as record 0 (PalmDOC header, MOBI header, EXTH) and makes the book's
    /// metadata from it; returns the number of EXTH records read.
    public static func record0(_ bytes: [UInt8]) -> Int? {
        guard let header = try? MOBIHeader.parse(bytes) else { return nil }
        let metadata = MOBIMetadata.make(header: header, pdbName: "fuzz")
        _ = (metadata.title, header.languageCode, header.kf8BoundaryRecord, header.isKF8)
        return header.exth?.records.count ?? 0
    }

    /// Reads the index whose primary record is `records[0]` (its entry and CNCX records follow),
    /// then reads its entries as an NCX (nested), a skeleton and a fragment table; returns the
    /// number of entries.
    public static func index(_ records: [[UInt8]]) -> Int? {
        let read = try? MOBIIndex.read(indexRecord: 0, recordCount: records.count) {
            (number: Int) throws(ReaderError) -> [UInt8] in records[number]
        }
        guard let index = read else { return nil }
        let ncx = NCXEntry.entries(from: index)
        _ = NCXNode.tree(ncx)
        _ = try? SkeletonEntry.entries(from: index)
        _ = try? FragmentEntry.entries(from: index)
        for entry in index.entries {
            for value in entry.tags.values.joined() { _ = index.cncxString(at: value) }
        }
        return index.entries.count
    }

    /// Opens `path` as a Palm database, reads every record, parses record 0 and looks for the KF8
    /// part of a combined file; returns the number of records.
    public static func pdb(path: String) -> Int? {
        guard let file = try? PDBFile(path: path, format: .mobi) else { return nil }
        for index in 0..<file.recordCount { _ = try? file.record(index) }
        _ = MOBIHeader.kf8RecordIndex(in: file)
        return file.recordCount
    }
}
