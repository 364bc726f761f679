@testable import ReaderMOBI

/// Builds a record 0: the PalmDOC header, optionally a MOBI header of a chosen length with
/// chosen fields, an EXTH block and the full name.
struct Record0TestBuilder {
    /// 1 none, 2 PalmDOC, 0x4448 HUFF/CDIC.
    var compression: UInt16 = 2
    /// The text length.
    var textLength: UInt32 = 0
    /// The text record count.
    var textRecordCount: UInt16 = 0
    /// The text record size.
    var textRecordSize: UInt16 = 4096
    /// The encryption type.
    var encryption: UInt16 = 0
    /// The MOBI header's declared length, or nil for a plain PalmDOC record 0.
    var mobiHeaderLength: Int? = 0xE8
    /// MOBI header fields to set, by offset from the `MOBI` magic; others default to the values
    /// of a MOBI 6 book (UTF-8, version 6, every index 0xFFFFFFFF).
    var fields: [Int: UInt32] = [:]
    /// EXTH records; nil for no EXTH block (and EXTH flag 0x40 cleared).
    var exth: [(UInt32, [UInt8])]? = nil
    /// The full name placed after the headers.
    var fullName = "Test Book"

    /// The record's bytes.
    func bytes() -> [UInt8] {
        var out: [UInt8] = []
        out.appendUInt16(compression)
        out.appendUInt16(0)
        out.appendUInt32(textLength)
        out.appendUInt16(textRecordCount)
        out.appendUInt16(textRecordSize)
        out.appendUInt16(encryption)
        out.appendUInt16(0)
        guard let length = mobiHeaderLength else { return out }
        var header = [UInt8](repeating: 0, count: max(length, 8))
        for offset in stride(from: 0x28, to: header.count - 3, by: 4) { header.setUInt32(0xFFFF_FFFF, at: offset) }
        let defaults: [Int: UInt32] = [
            0x04: UInt32(length), 0x08: 2, 0x0C: 65001, 0x10: 1234, 0x14: 6, 0x4C: 9, 0x58: 6,
            0x60: 0, 0x64: 0, 0xB4: 1, 0x70: exth == nil ? 0 : 0x50, 0x9C: 0, 0xA0: 0, 0xA4: 0, 0xE0: 0,
        ]
        for (offset, value) in defaults.merging(fields, uniquingKeysWith: { $1 }) where offset + 4 <= header.count {
            header.setUInt32(value, at: offset)
        }
        header.replaceSubrange(0..<4, with: Array("MOBI".utf8))
        out += header.prefix(length)
        if let exth {
            var block: [UInt8] = Array("EXTH".utf8)
            let body = exth.reduce(0) { $0 + 8 + $1.1.count }
            block.appendUInt32(UInt32(12 + body))
            block.appendUInt32(UInt32(exth.count))
            for (type, data) in exth {
                block.appendUInt32(type)
                block.appendUInt32(UInt32(8 + data.count))
                block += data
            }
            out += block
        }
        let nameOffset = out.count
        out += Array(fullName.utf8) + [0, 0]
        if length >= 0x4C, fields[0x44] == nil, fields[0x48] == nil {
            out.setUInt32(UInt32(nameOffset), at: 16 + 0x44)
            out.setUInt32(UInt32(fullName.utf8.count), at: 16 + 0x48)
        }
        return out
    }
}
