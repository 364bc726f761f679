// MARK: - Telling a prose line by its first bytes

extension ChapterHeadingDetector {
    /// The byte sets the scan of a whole text reads on every line, as tables in memory of their
    /// own, built once and never freed: a set held as a value (``LeadBytes``, ``LetterPairs``) is
    /// copied to the stack each time it is indexed, which costs more than the rest of a prose
    /// line's work.
    struct ProseTables: @unchecked Sendable {  // Sendable: the memory is written once, before it is shared.
        /// Per byte value: ``proseStart`` and ``headingStart`` bits.
        private let byteClasses: UnsafePointer<UInt8>
        /// Per ASCII letter `first` (at `first & 31`): bit `second & 31` set when the pair of letters
        /// `first`, `second` (in either case) starts no heading keyword and no Roman numeral.
        private let refusedPairs: UnsafePointer<UInt32>

        /// A byte that starts a line of prose: not blank (no line feed or carriage return, which a
        /// blank line starts with, no byte a space can begin with, see ``firstNonBlank(_:from:to:)``),
        /// and in no heading's first character (``LeadBytes/headingStarts``).
        private static let proseStart: UInt8 = 1
        /// A byte of ``LeadBytes/headingStarts``.
        private static let headingStart: UInt8 = 2

        /// The tables, built from ``LeadBytes/headingStarts`` and ``LetterPairs/keywordOrNumeralStarts``.
        static let shared: ProseTables = {
            let classes = UnsafeMutablePointer<UInt8>.allocate(capacity: 256)
            let blankStarts: Set<UInt8> = [0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x20, 0xC2, 0xE3, 0xEF]
            for byte in UInt8.min...UInt8.max {
                let heading = LeadBytes.headingStarts.contains(byte)
                classes[Int(byte)] = heading ? headingStart : blankStarts.contains(byte) ? 0 : proseStart
            }
            let pairs = UnsafeMutablePointer<UInt32>.allocate(capacity: 32)
            pairs.initialize(repeating: 0, count: 32)
            for first in UInt8(ascii: "a")...UInt8(ascii: "z") {
                for second in UInt8(ascii: "a")...UInt8(ascii: "z")
                where !LetterPairs.keywordOrNumeralStarts.contains(first, second) {
                    pairs[Int(first & 31)] |= 1 << UInt32(second & 31)
                }
            }
            return ProseTables(byteClasses: classes, refusedPairs: pairs)
        }()

        /// Whether `byte` starts a line of prose (see ``proseStart``).
        @inline(__always)
        func isProseStart(_ byte: UInt8) -> Bool {
            byteClasses[Int(byte)] & Self.proseStart != 0
        }

        /// Whether `byte` is in ``LeadBytes/headingStarts``.
        @inline(__always)
        func isHeadingStart(_ byte: UInt8) -> Bool {
            byteClasses[Int(byte)] & Self.headingStart != 0
        }

        /// Whether a word beginning with the ASCII letters `first`, `second` (either case) is no
        /// heading keyword and no Roman numeral, as ``LetterPairs/keywordOrNumeralStarts`` says.
        @inline(__always)
        func refusesPair(_ first: UInt8, _ second: UInt8) -> Bool {
            refusedPairs[Int(first & 31)] >> UInt32(second & 31) & 1 != 0
        }
    }
}
