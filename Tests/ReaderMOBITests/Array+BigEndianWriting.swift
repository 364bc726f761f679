/// Big-endian writing, for the tests that build PDB records by hand.
extension Array where Element == UInt8 {
    /// Appends `value` as two big-endian bytes.
    mutating func appendUInt16(_ value: UInt16) {
        append(UInt8(value >> 8))
        append(UInt8(value & 0xFF))
    }

    /// Appends `value` as four big-endian bytes.
    mutating func appendUInt32(_ value: UInt32) {
        append(contentsOf: [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)])
    }

    /// Overwrites four bytes at `offset` with `value`, big-endian.
    mutating func setUInt32(_ value: UInt32, at offset: Int) {
        self[offset] = UInt8(value >> 24)
        self[offset + 1] = UInt8((value >> 16) & 0xFF)
        self[offset + 2] = UInt8((value >> 8) & 0xFF)
        self[offset + 3] = UInt8(value & 0xFF)
    }
}
