import Glibc

/// Native decoding of UTF-16 and UTF-32 from raw bytes of either byte order.
enum UnicodeTranscoding {
    /// Bytes of UTF-8 produced before a piece is handed to the String, so no copy of a large input is held whole.
    private static let pieceSize = 1 << 20
    /// Code units converted per step for UTF-32.
    private static let utf32StepUnits = 1 << 18

    /// Decodes UTF-16 straight into UTF-8; unpaired surrogates and an odd trailing byte become U+FFFD.
    static func decodeUTF16(_ bytes: UnsafeRawBufferPointer, bigEndian: Bool) -> String {
        let unitCount = bytes.count / 2
        var result = DecodedTextAccumulator(inputCount: bytes.count)
        if unitCount > 0, let base = bytes.baseAddress {
            let swapping = bigEndian != isBigEndianHost
            func unit(_ index: Int) -> UInt32 {
                let raw = base.loadUnaligned(fromByteOffset: index * 2, as: UInt16.self)
                return UInt32(swapping ? raw.byteSwapped : raw)
            }
            let capacity = min(pieceSize, unitCount * 3) + 4
            let output = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
            defer { output.deallocate() }
            var used = 0
            var index = 0
            while index < unitCount {
                let value = unit(index)
                index += 1
                if value < 0x80 {
                    output[used] = UInt8(truncatingIfNeeded: value)
                    used += 1
                } else if value < 0x800 {
                    output[used] = UInt8(truncatingIfNeeded: 0xC0 | value >> 6)
                    output[used + 1] = UInt8(truncatingIfNeeded: 0x80 | value & 0x3F)
                    used += 2
                } else if value & 0xF800 != 0xD800 {
                    writeThreeBytes(value, to: output + used)
                    used += 3
                } else if value < 0xDC00, index < unitCount, case let low = unit(index), (0xDC00...0xDFFF).contains(low) {
                    index += 1
                    let scalar = 0x10000 + (value - 0xD800) << 10 + (low - 0xDC00)
                    output[used] = UInt8(truncatingIfNeeded: 0xF0 | scalar >> 18)
                    output[used + 1] = UInt8(truncatingIfNeeded: 0x80 | scalar >> 12 & 0x3F)
                    output[used + 2] = UInt8(truncatingIfNeeded: 0x80 | scalar >> 6 & 0x3F)
                    output[used + 3] = UInt8(truncatingIfNeeded: 0x80 | scalar & 0x3F)
                    used += 4
                } else {
                    writeThreeBytes(0xFFFD, to: output + used)
                    used += 3
                }
                if used > capacity - 4 {
                    result.append(UnsafeBufferPointer(start: output, count: used), consumedSoFar: index * 2)
                    used = 0
                }
            }
            result.append(UnsafeBufferPointer(start: output, count: used), consumedSoFar: bytes.count)
        }
        if bytes.count % 2 != 0 { result.appendReplacement() }
        return result.text
    }

    /// Writes a scalar below U+10000 as three UTF-8 bytes.
    @inline(__always)
    private static func writeThreeBytes(_ value: UInt32, to output: UnsafeMutablePointer<UInt8>) {
        output[0] = UInt8(truncatingIfNeeded: 0xE0 | value >> 12)
        output[1] = UInt8(truncatingIfNeeded: 0x80 | value >> 6 & 0x3F)
        output[2] = UInt8(truncatingIfNeeded: 0x80 | value & 0x3F)
    }

    /// Decodes UTF-32; values that are not scalars and trailing bytes short of a unit become U+FFFD.
    static func decodeUTF32(_ bytes: UnsafeRawBufferPointer, bigEndian: Bool) -> String {
        let unitCount = bytes.count / 4
        var result = ""
        if unitCount > 0, let base = bytes.baseAddress {
            let swapping = bigEndian != isBigEndianHost
            let units = UnsafeMutablePointer<UInt32>.allocate(capacity: min(unitCount, utf32StepUnits))
            defer { units.deallocate() }
            var start = 0
            while start < unitCount {
                let count = min(utf32StepUnits, unitCount - start)
                memcpy(units, base + start * 4, count * 4)
                if swapping {
                    for index in 0..<count { units[index] = units[index].byteSwapped }
                }
                result.append(String(decoding: UnsafeBufferPointer(start: units, count: count), as: UTF32.self))
                start += count
            }
        }
        if bytes.count % 4 != 0 { result.append("\u{FFFD}") }
        return result
    }

    private static let isBigEndianHost = 1.bigEndian == 1
}
