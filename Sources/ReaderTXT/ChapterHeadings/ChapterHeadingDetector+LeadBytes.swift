// MARK: - The first byte of a heading

extension ChapterHeadingDetector {
    /// The bytes a heading's first character can begin with in UTF-8: every byte that starts the
    /// encoding of a character ``canStartHeading(_:)`` accepts. A line whose first non-blank byte
    /// is not one of them (a lower-case letter, a quotation mark, a dash) is no heading, which
    /// the scan of a whole text tells from that byte alone.
    struct LeadBytes {
        /// One bit per byte value: bit `b % 64` of `words[b / 64]`.
        private var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)

        /// The set for ``canStartHeading(_:)``. Built by trying every character of the Basic
        /// Multilingual Plane; the lead bytes of the other planes are all kept (none of them
        /// starts a heading today, but the set then stays right if one is added).
        static let headingStarts: LeadBytes = {
            var set = LeadBytes()
            for value in UInt32(0)...0xFFFF {
                guard let scalar = Unicode.Scalar(value), canStartHeading(scalar) else { continue }
                set.insert(UTF8.encode(scalar)!.first!)
            }
            for lead in UInt8(0xF0)...0xF4 { set.insert(lead) }
            return set
        }()

        /// Whether `byte` is in the set.
        @inline(__always)
        func contains(_ byte: UInt8) -> Bool {
            // A load at an offset rather than a switch, which compiles to a jump through a table.
            let word = withUnsafeBytes(of: words) { $0.load(fromByteOffset: Int(byte >> 6) &* 8, as: UInt64.self) }
            return word >> UInt64(byte & 63) & 1 != 0
        }

        private mutating func insert(_ byte: UInt8) {
            let bit = UInt64(1) << UInt64(byte & 63)
            switch byte >> 6 {
            case 0: words.0 |= bit
            case 1: words.1 |= bit
            case 2: words.2 |= bit
            default: words.3 |= bit
            }
        }
    }
}
