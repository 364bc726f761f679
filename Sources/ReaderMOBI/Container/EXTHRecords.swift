/// The EXTH block of record 0: the book's metadata records, in file order.
///
/// The block is `EXTH`, its length, a record count, then records of a 4-byte type, a 4-byte
/// length that counts those 8 bytes, and the payload. A count or length that runs past the block
/// or the record ends the reading; the records read before it are kept and ``isComplete`` is false.
struct EXTHRecords: Sendable, Hashable {
    /// Every record, in file order; a type may repeat (one author per record 100).
    var records: [EXTHRecord]
    /// False when the block's count or a record's length did not fit and reading stopped early.
    var isComplete: Bool

    /// Creates a set of records.
    init(records: [EXTHRecord], isComplete: Bool = true) {
        self.records = records
        self.isComplete = isComplete
    }

    /// Reads the block at `offset` of `record0`, or returns nil when no `EXTH` magic is there.
    static func parse(_ record0: [UInt8], at offset: Int) -> EXTHRecords? {
        var reader = ByteReader(record0, offset: offset)
        guard offset >= 0, let magic = reader.bytes(4), magic.elementsEqual("EXTH".utf8),
              let declaredLength = reader.uint32(), let declaredCount = reader.uint32()
        else { return nil }
        // The block ends at its declared length, or at the record's end when that length lies.
        let declaredEnd = offset + Int(declaredLength)
        let end = declaredLength >= 12 && declaredEnd <= record0.count ? declaredEnd : record0.count
        var complete = declaredLength >= 12 && declaredEnd <= record0.count
        var records: [EXTHRecord] = []
        records.reserveCapacity(min(Int(declaredCount), (end - reader.offset) / 8))
        for _ in 0..<declaredCount {
            guard reader.offset + 8 <= end, let type = reader.uint32(), let length = reader.uint32(),
                  length >= 8, reader.offset + Int(length) - 8 <= end,
                  let payload = reader.bytes(Int(length) - 8)
            else {
                complete = false
                break
            }
            records.append(EXTHRecord(type: type, data: Array(payload)))
        }
        return EXTHRecords(records: records, isComplete: complete)
    }

    /// The payloads of every record of `type`, in order.
    func data(_ type: UInt32) -> [[UInt8]] {
        records.lazy.filter { $0.type == type }.map(\.data)
    }

    /// The payloads of every record of `type` decoded as text, trailing NUL bytes dropped.
    func strings(_ type: UInt32, encoding: MOBITextEncoding) -> [String] {
        data(type).map { bytes in
            var end = bytes.endIndex
            while end > bytes.startIndex, bytes[end - 1] == 0 { end -= 1 }
            return encoding.decode(bytes[..<end])
        }
    }

    /// The first record of `type` decoded as text, or nil when there is none.
    func string(_ type: UInt32, encoding: MOBITextEncoding) -> String? {
        strings(type, encoding: encoding).first
    }

    /// The first record of `type` read as a big-endian number of 1 to 4 bytes, or nil when there
    /// is none or its payload is empty or longer than 4 bytes.
    func uint32(_ type: UInt32) -> UInt32? {
        guard let bytes = records.first(where: { $0.type == type })?.data, (1...4).contains(bytes.count) else {
            return nil
        }
        return bytes.reduce(0) { $0 << 8 | UInt32($1) }
    }
}
