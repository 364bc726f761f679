extension String {
    /// The length in UTF-16 code units, counted on the UTF-8 bytes.
    ///
    /// `utf16.count` (and `Array(utf16)`) on a long non-ASCII native string first builds the
    /// string's UTF-16 index breadcrumbs: an allocation and a pass that a count or a one-off copy
    /// never uses again.
    package var utf16Length: Int {
        var string = self
        return string.withUTF8 { bytes in
            var count = 0
            var index = 0
            while index < bytes.count {
                // Eight ASCII bytes at a time where they come, else one byte.
                if index + 8 <= bytes.count, let base = bytes.baseAddress,
                   UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                    count += 8
                    index += 8
                    continue
                }
                let byte = bytes[index]
                // Every byte but a continuation byte starts a scalar; a 4-byte scalar needs 2 units.
                count += (byte & 0xC0 != 0x80 ? 1 : 0) + (byte >= 0xF0 ? 1 : 0)
                index += 1
            }
            return count
        }
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
