/// Decodes GB18030 (and its subset GBK) to UTF-8 by looking codes up in a ``GB18030Table``.
///
/// The result is what ``IconvConverter`` gives for the same bytes: a byte that starts no complete, valid
/// character (0x80, 0xFF, a lead byte with a bad or missing trail, an unassigned code) becomes U+FFFD and
/// decoding resumes at the next byte. GB18030 has no shift state, so any chunk decodes on its own.
struct GB18030Decoder {
    /// The codes below the supplementary planes.
    let table: GB18030Table

    /// The room ``decode(_:into:)`` needs for `count` bytes of input: at most three bytes out per byte in
    /// (U+FFFD for a bad byte), and four more so that table entries can be stored whole.
    static func capacity(forInputCount count: Int) -> Int {
        count * 3 + 4
    }

    /// Decodes `bytes` into well-formed UTF-8 at `output`, which has room for
    /// ``capacity(forInputCount:)`` bytes; returns how many bytes it wrote.
    func decode(_ bytes: UnsafeRawBufferPointer, into output: UnsafeMutableRawPointer) -> Int {
        guard let input = bytes.baseAddress, !bytes.isEmpty else { return 0 }
        return table.twoByte.withUnsafeBufferPointer { twoByte in
            table.fourByte.withUnsafeBufferPointer { fourByte in
                Self.decode(input, count: bytes.count, into: output, twoByte: twoByte, fourByte: fourByte)
            }
        }
    }

    /// Decodes `bytes` into well-formed UTF-8.
    func decode(_ bytes: UnsafeRawBufferPointer) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: Self.capacity(forInputCount: bytes.count)) { output, written in
            written = decode(bytes, into: UnsafeMutableRawPointer(output.baseAddress!))
        }
    }

    /// The entry standing for a byte that starts no character: U+FFFD.
    private static let replacement = GB18030Table.entry(for: 0xFFFD)

    /// Decodes `count` bytes at `input` into `output` (room for `count * 3 + 4` bytes); returns the bytes written.
    private static func decode(_ input: UnsafeRawPointer, count: Int, into output: UnsafeMutableRawPointer,
                               twoByte: UnsafeBufferPointer<UInt32>, fourByte: UnsafeBufferPointer<UInt32>) -> Int {
        var index = 0
        var used = 0
        while index < count {
            let lead = input.load(fromByteOffset: index, as: UInt8.self)
            if lead < 0x80 {
                if index + 8 <= count {
                    let word = input.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                    if word & 0x8080_8080_8080_8080 == 0 {
                        output.storeBytes(of: word, toByteOffset: used, as: UInt64.self)
                        index += 8
                        used += 8
                        continue
                    }
                }
                output.storeBytes(of: lead, toByteOffset: used, as: UInt8.self)
                index += 1
                used += 1
                continue
            }
            if decodePairs(input, count: count, index: &index, into: output, used: &used, twoByte: twoByte) { continue }
            var entry: UInt32 = 0
            var length = 1
            if lead != 0x80 && lead != 0xFF && index + 1 < count {
                let second = input.load(fromByteOffset: index + 1, as: UInt8.self)
                if second >= 0x40 {
                    if second != 0xFF {
                        entry = twoByte[Int(lead &- 0x81) &* GB18030Table.trailCount &+ Int(second &- 0x40)]
                        length = 2
                    }
                } else if second >= 0x30 && second <= 0x39 && index + 3 < count {
                    let third = input.load(fromByteOffset: index + 2, as: UInt8.self)
                    let fourth = input.load(fromByteOffset: index + 3, as: UInt8.self)
                    if third >= 0x81 && third != 0xFF && fourth >= 0x30 && fourth <= 0x39 {
                        length = 4
                        entry = fourByteEntry(lead, second, third, fourth, table: fourByte)
                    }
                }
            }
            if entry == 0 {
                entry = replacement
                length = 1
            }
            let utf8Count = Int(entry >> 24)
            if utf8Count < 4 {
                output.storeBytes(of: entry.littleEndian, toByteOffset: used, as: UInt32.self)
            } else {
                let scalar = entry & 0xFF_FFFF
                output.storeBytes(of: UInt8(truncatingIfNeeded: 0xF0 | scalar >> 18), toByteOffset: used, as: UInt8.self)
                output.storeBytes(of: UInt8(truncatingIfNeeded: 0x80 | scalar >> 12 & 0x3F), toByteOffset: used + 1,
                                  as: UInt8.self)
                output.storeBytes(of: UInt8(truncatingIfNeeded: 0x80 | scalar >> 6 & 0x3F), toByteOffset: used + 2,
                                  as: UInt8.self)
                output.storeBytes(of: UInt8(truncatingIfNeeded: 0x80 | scalar & 0x3F), toByteOffset: used + 3,
                                  as: UInt8.self)
            }
            index += length
            used += utf8Count
        }
        return used
    }

    /// Decodes the run of two-byte codes of three-byte UTF-8 characters (nearly all of Chinese text)
    /// at `index`, in a loop tighter than the general one; returns whether there was one.
    @inline(__always)
    private static func decodePairs(_ input: UnsafeRawPointer, count: Int, index: inout Int,
                                    into output: UnsafeMutableRawPointer, used: inout Int,
                                    twoByte: UnsafeBufferPointer<UInt32>) -> Bool {
        let start = index
        while index + 1 < count {
            let lead = input.load(fromByteOffset: index, as: UInt8.self)
            let trail = input.load(fromByteOffset: index + 1, as: UInt8.self)
            guard lead &- 0x81 < 0x7E && trail &- 0x40 < 0xBF else { break }
            let entry = twoByte[Int(lead &- 0x81) &* GB18030Table.trailCount &+ Int(trail &- 0x40)]
            guard entry >> 24 == 3 else { break }
            output.storeBytes(of: entry.littleEndian, toByteOffset: used, as: UInt32.self)
            index += 2
            used += 3
        }
        return index > start
    }

    /// The entry of a well-shaped four-byte code: from the table below the supplementary planes, by
    /// arithmetic from 0x90308130 (U+10000) up to U+10FFFF, 0 elsewhere.
    @inline(__always)
    private static func fourByteEntry(_ first: UInt8, _ second: UInt8, _ third: UInt8, _ fourth: UInt8,
                                      table: UnsafeBufferPointer<UInt32>) -> UInt32 {
        let linear = (Int(first - 0x81) * 10 + Int(second - 0x30)) * 1260 + Int(third - 0x81) * 10 + Int(fourth - 0x30)
        if linear < table.count { return table[linear] }
        let supplementary = linear - (0x90 - 0x81) * GB18030Table.codesPerFourByteLead
        guard supplementary >= 0 && supplementary < 0x10_0000 else { return 0 }
        return 4 << 24 | UInt32(0x1_0000 + supplementary)
    }
}
