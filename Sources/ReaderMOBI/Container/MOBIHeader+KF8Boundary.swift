extension MOBIHeader {
    /// The record EXTH 121 names in a combined MOBI 6 + KF8 file: the KF8 part's record 0 (the
    /// record before it holds `BOUNDARY`). Nil when there is no such EXTH record.
    var kf8BoundaryRecord: Int? {
        exth?.uint32(121).flatMap { $0 == 0xFFFF_FFFF ? nil : Int($0) }
    }

    /// Where the KF8 record 0 of `pdb` is, taking `self` as the header of record 0: 0 when record
    /// 0 is itself KF8 (an AZW3), the EXTH 121 record of a combined file when the header there
    /// parses as file version 8 or later, and nil for MOBI 6 or PalmDOC alone.
    func kf8RecordIndex(in pdb: PDBFile) -> Int? {
        if isKF8 { return 0 }
        guard let index = kf8BoundaryRecord, index > 0, index < pdb.recordCount,
              let record = try? pdb.record(index), let header = try? MOBIHeader.parse(record),
              header.isKF8
        else { return nil }
        return index
    }

    /// Where the KF8 record 0 of `pdb` is (see ``kf8RecordIndex(in:)``), reading record 0 first;
    /// nil also when record 0 cannot be read or parsed.
    static func kf8RecordIndex(in pdb: PDBFile) -> Int? {
        guard let record0 = try? pdb.record(0), let header = try? parse(record0) else { return nil }
        return header.kf8RecordIndex(in: pdb)
    }
}
