import ReaderCore

extension MOBIIndex {
    /// The entries of one entry record: its IDXT section lists where each entry starts, an entry
    /// ending where the next starts (the last where the IDXT section starts); each entry is a
    /// length-prefixed label, the control bytes, then the tag values.
    /// - Throws: ``ReaderError`` `malformed` when the IDXT section or an entry does not fit.
    static func entries(inEntryRecord record: [UInt8], tagTable: TagTable,
                        labels: IndexLabelDecoder) throws(ReaderError) -> [IndexEntry] {
        let header = try IndexHeader(record: record)
        let idxt = header.idxtOffset
        guard idxt >= header.length, idxt <= record.count - 4,
              record[idxt..<(idxt + 4)].elementsEqual("IDXT".utf8)
        else {
            throw ReaderError(.malformed, reason: "an index entry record has no IDXT section at \(idxt)")
        }
        guard header.count <= (record.count - idxt - 4) / 2 else {
            throw ReaderError(.malformed, reason: "an index entry record claims \(header.count) entries; its IDXT section has room for fewer")
        }
        var starts = (0..<header.count).map { Int(ByteReader.uint16(record, at: idxt + 4 + 2 * $0) ?? 0) }
        starts.append(idxt)
        var entries: [IndexEntry] = []
        entries.reserveCapacity(header.count)
        for index in 0..<header.count {
            let start = starts[index], end = starts[index + 1]
            guard start >= header.length, start < end, end <= idxt else {
                throw ReaderError(.malformed, reason: "index entry \(index) lies at \(start)..<\(end), outside its record's entry area")
            }
            let labelLength = Int(record[start])
            guard labelLength < end - start else {
                throw ReaderError(.malformed, reason: "index entry \(index) has a \(labelLength)-byte label in \(end - start) bytes")
            }
            let label = labels.decode(record[(start + 1)..<(start + 1 + labelLength)])
            let tags = try tagTable.values(in: record[(start + 1 + labelLength)..<end])
            entries.append(IndexEntry(label: label, tags: tags))
        }
        return entries
    }
}
