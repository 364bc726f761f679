/// Byte order marks and the encodings they announce.
enum ByteOrderMark {
    /// The marks, UTF-32 before UTF-16 because FF FE 00 00 starts with the UTF-16LE mark.
    private static let marks: [(bytes: [UInt8], encoding: TextEncoding)] = [
        ([0xEF, 0xBB, 0xBF], .utf8),
        ([0xFF, 0xFE, 0x00, 0x00], .utf32LE),
        ([0x00, 0x00, 0xFE, 0xFF], .utf32BE),
        ([0xFF, 0xFE], .utf16LE),
        ([0xFE, 0xFF], .utf16BE),
    ]

    /// The encoding and mark length when `sample` starts with a byte order mark.
    static func detect(_ sample: UnsafeRawBufferPointer) -> (encoding: TextEncoding, length: Int)? {
        for mark in marks where sample.count >= mark.bytes.count {
            if mark.bytes.indices.allSatisfy({ sample[$0] == mark.bytes[$0] }) {
                return (mark.encoding, mark.bytes.count)
            }
        }
        return nil
    }
}
