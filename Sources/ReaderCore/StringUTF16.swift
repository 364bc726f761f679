/// UTF-16 lengths counted on valid UTF-8 bytes, without decoding them.
package enum UTF8Counting {
    /// UTF-16 units in valid UTF-8: every non-continuation byte is a scalar, four-byte ones count twice.
    package static func utf16Count(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        utf16Count(bytes, in: 0..<bytes.count)
    }

    /// UTF-16 units in `bytes[range]`, valid UTF-8; counted eight bytes at a time.
    package static func utf16Count(_ bytes: UnsafeBufferPointer<UInt8>, in range: Range<Int>) -> Int {
        guard let base = bytes.baseAddress.map(UnsafeRawPointer.init) else { return 0 }
        let high: UInt64 = 0x8080_8080_8080_8080
        var count = 0
        var index = range.lowerBound
        while index + 8 <= range.upperBound {
            // Per-byte tallies of continuation bytes (10xxxxxx) and four-byte leads (11110xxx),
            // summed across bytes every 255 words at most, before a byte can overflow.
            var continuations: UInt64 = 0
            var fourByteLeads: UInt64 = 0
            let batchEnd = min(range.upperBound, index + 8 * 255)
            let batchStart = index
            while index + 8 <= batchEnd {
                let word = base.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                continuations &+= (word & ~(word << 1) & high) >> 7
                fourByteLeads &+= (word & (word << 1) & (word << 2) & (word << 3) & high) >> 7
                index += 8
            }
            count += index - batchStart - byteSum(continuations) + byteSum(fourByteLeads)
        }
        while index < range.upperBound {
            let byte = bytes[index]
            if byte & 0xC0 != 0x80 { count += 1 }
            if byte >= 0xF0 { count += 1 }
            index += 1
        }
        return count
    }

    /// The sum of the eight bytes of `word`.
    @inline(__always)
    private static func byteSum(_ word: UInt64) -> Int {
        let pairs = (word & 0x00FF_00FF_00FF_00FF) &+ (word >> 8 & 0x00FF_00FF_00FF_00FF)
        return Int(truncatingIfNeeded: (pairs &* 0x0001_0001_0001_0001) >> 48)
    }
}

extension String {
    /// The length in UTF-16 code units, counted on the UTF-8 bytes (``UTF8Counting``).
    ///
    /// `utf16.count` (and `Array(utf16)`) on a long non-ASCII native string first builds the
    /// string's UTF-16 index breadcrumbs: an allocation and a pass that a count or a one-off copy
    /// never uses again.
    package var utf16Length: Int {
        var string = self
        return string.withUTF8 { UTF8Counting.utf16Count($0) }
    }

    /// The UTF-16 code units, transcoded scalar by scalar (no breadcrumbs, see `utf16Length`).
    package var utf16Units: [UInt16] {
        [UInt16](unsafeUninitializedCapacity: utf16Length) { buffer, initialized in
            var index = 0
            for scalar in unicodeScalars {
                let value = scalar.value
                if value < 0x1_0000 {
                    buffer[index] = UInt16(truncatingIfNeeded: value)
                    index += 1
                } else {
                    let offset = value - 0x1_0000
                    buffer[index] = 0xD800 + UInt16(truncatingIfNeeded: offset >> 10)
                    buffer[index + 1] = 0xDC00 + UInt16(truncatingIfNeeded: offset & 0x3FF)
                    index += 2
                }
            }
            initialized = index
        }
    }
}
