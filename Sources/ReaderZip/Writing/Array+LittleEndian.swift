extension [UInt8] {
    /// Appends `value` in two bytes, least significant first, as zip headers hold numbers.
    mutating func append(littleEndian value: UInt16) {
        append(UInt8(truncatingIfNeeded: value))
        append(UInt8(truncatingIfNeeded: value >> 8))
    }

    /// Appends `value` in four bytes, least significant first.
    mutating func append(littleEndian value: UInt32) {
        for shift in stride(from: 0, to: 32, by: 8) { append(UInt8(truncatingIfNeeded: value >> UInt32(shift))) }
    }
}
