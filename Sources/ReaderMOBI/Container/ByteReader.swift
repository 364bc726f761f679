/// A cursor over bytes for the big-endian structures of PDB and MOBI files.
///
/// Every read checks the bounds and returns nil when the bytes run out, so a parser turns a short
/// record into an error instead of a trap.
struct ByteReader {
    /// The bytes read from.
    let bytes: [UInt8]
    /// The index of the next byte to read.
    var offset: Int

    init(_ bytes: [UInt8], offset: Int = 0) {
        self.bytes = bytes
        self.offset = offset
    }

    /// How many bytes are left after `offset`.
    var remaining: Int { max(0, bytes.count - offset) }

    mutating func uint8() -> UInt8? {
        guard offset >= 0, offset < bytes.count else { return nil }
        defer { offset += 1 }
        return bytes[offset]
    }

    mutating func uint16() -> UInt16? {
        guard let value = Self.uint16(bytes, at: offset) else { return nil }
        offset += 2
        return value
    }

    mutating func uint32() -> UInt32? {
        guard let value = Self.uint32(bytes, at: offset) else { return nil }
        offset += 4
        return value
    }

    /// The next `count` bytes, or nil when fewer are left.
    mutating func bytes(_ count: Int) -> ArraySlice<UInt8>? {
        guard count >= 0, offset >= 0, count <= remaining else { return nil }
        defer { offset += count }
        return bytes[offset..<(offset + count)]
    }

    /// The big-endian 16-bit value at `index`, or nil when it does not fit.
    static func uint16<C: RandomAccessCollection<UInt8>>(_ bytes: C, at index: Int) -> UInt16? where C.Index == Int {
        guard index >= bytes.startIndex, index <= bytes.endIndex - 2 else { return nil }
        return UInt16(bytes[index]) << 8 | UInt16(bytes[index + 1])
    }

    /// The big-endian 32-bit value at `index`, or nil when it does not fit.
    static func uint32<C: RandomAccessCollection<UInt8>>(_ bytes: C, at index: Int) -> UInt32? where C.Index == Int {
        guard index >= bytes.startIndex, index <= bytes.endIndex - 4 else { return nil }
        return UInt32(bytes[index]) << 24 | UInt32(bytes[index + 1]) << 16
            | UInt32(bytes[index + 2]) << 8 | UInt32(bytes[index + 3])
    }
}
