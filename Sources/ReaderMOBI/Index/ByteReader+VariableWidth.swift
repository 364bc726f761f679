extension ByteReader {
    /// The longest forward-encoded integer accepted: five 7-bit groups hold 32 bits.
    static let maxVariableWidthLength = 5

    /// Reads a forward-encoded variable-width integer, as INDX tag values and CNCX string lengths
    /// are stored: big-endian groups of seven bits, the high bit set on the last byte.
    ///
    /// - Returns: The value and the number of bytes it took, or nil when the bytes run out before
    ///   the last byte, or the value needs more than 32 bits.
    mutating func forwardVariableWidth() -> (value: UInt32, length: Int)? {
        var value: UInt64 = 0
        var length = 0
        while length < Self.maxVariableWidthLength {
            guard let byte = uint8() else { return nil }
            length += 1
            value = value << 7 | UInt64(byte & 0x7F)
            if byte & 0x80 != 0 {
                guard value <= UInt64(UInt32.max) else { return nil }
                return (UInt32(value), length)
            }
        }
        return nil
    }
}
