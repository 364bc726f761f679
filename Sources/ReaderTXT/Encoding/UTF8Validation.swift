/// Checks that bytes are well-formed UTF-8, as `UTF8Span(validating:)` does, sixteen bytes at a
/// time through ASCII: a book's text is mostly ASCII with a curly quote or a dash every line or
/// two, and checking it byte by byte spends most of the time on ASCII.
enum UTF8Validation {
    /// Whether `bytes` is well-formed UTF-8 (Unicode table 3-7: no overlong forms, no
    /// surrogates, nothing past U+10FFFF, no sequence cut short).
    static func isWellFormed(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress.map(UnsafeRawPointer.init) else { return true }
        let count = bytes.count
        let high: UInt64 = 0x8080_8080_8080_8080
        var index = 0
        while index < count {
            while index + 16 <= count {
                let low = base.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                let upper = base.loadUnaligned(fromByteOffset: index + 8, as: UInt64.self)
                let lowHigh = UInt64(littleEndian: low) & high
                if lowHigh != 0 {
                    index += lowHigh.trailingZeroBitCount >> 3
                    break
                }
                let upperHigh = UInt64(littleEndian: upper) & high
                if upperHigh != 0 {
                    index += 8 + upperHigh.trailingZeroBitCount >> 3
                    break
                }
                index += 16
            }
            guard index < count else { return true }
            if bytes[index] < 0x80 {
                index += 1
                continue
            }
            let length = sequenceLength(bytes, at: index)
            guard length > 0 else { return false }
            index += length
        }
        return true
    }

    /// The length of the well-formed sequence of two to four bytes starting at `index`, whose
    /// lead byte is not ASCII; 0 when the bytes there are not one.
    @inline(__always)
    private static func sequenceLength(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int {
        let lead = bytes[index]
        let remaining = bytes.count - index
        @inline(__always) func continuation(_ offset: Int) -> Bool { bytes[index + offset] & 0xC0 == 0x80 }
        switch lead {
        case 0xC2...0xDF:
            return remaining >= 2 && continuation(1) ? 2 : 0
        case 0xE0...0xEF:
            guard remaining >= 3 else { return 0 }
            let second = bytes[index + 1]
            // E0 needs A0–BF (no overlong form), ED 80–9F (no surrogate).
            let (lowest, highest): (UInt8, UInt8) = lead == 0xE0 ? (0xA0, 0xBF) : lead == 0xED ? (0x80, 0x9F) : (0x80, 0xBF)
            return second >= lowest && second <= highest && continuation(2) ? 3 : 0
        case 0xF0...0xF4:
            guard remaining >= 4 else { return 0 }
            let second = bytes[index + 1]
            // F0 needs 90–BF (no overlong form), F4 80–8F (nothing past U+10FFFF).
            let (lowest, highest): (UInt8, UInt8) = lead == 0xF0 ? (0x90, 0xBF) : lead == 0xF4 ? (0x80, 0x8F) : (0x80, 0xBF)
            return second >= lowest && second <= highest && continuation(2) && continuation(3) ? 4 : 0
        default:
            return 0
        }
    }
}
