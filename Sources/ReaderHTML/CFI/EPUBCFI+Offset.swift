extension EPUBCFI {
    /// The terminal offset of a path, with its assertion.
    public struct Offset: Hashable, Sendable, CustomStringConvertible {
        /// The kind of offset and its value.
        public enum Kind: Hashable, Sendable {
            /// `:n`: a position between UTF-16 code units of the character data the last step
            /// points at (0 is before the first unit), or of an `img`'s `alt` text.
            case character(Int)
            /// `@x:y`: a point in an image or video, each coordinate in 0…100.
            case spatial(SpatialPoint)
            /// `~t` or `~t@x:y`: seconds into audio or video, optionally with a point.
            case temporal(Number, SpatialPoint?)
        }

        /// The kind of offset and its value.
        public var kind: Kind
        /// The assertion: text before and after a character offset, and parameters (`;s=b`).
        public var assertion: Assertion?

        /// Creates an offset.
        public init(_ kind: Kind, assertion: Assertion? = nil) {
            self.kind = kind
            self.assertion = assertion
        }

        /// A character offset.
        public static func character(_ offset: Int, assertion: Assertion? = nil) -> Offset {
            Offset(.character(offset), assertion: assertion)
        }

        /// The character offset, when this is one.
        public var characterOffset: Int? {
            if case .character(let offset) = kind { return offset }
            return nil
        }

        /// The canonical text, `:10[yyy;s=b]`, `@5.75:97.6`, `~23.5`.
        public var description: String {
            let text: String
            switch kind {
            case .character(let offset): text = ":\(offset)"
            case .spatial(let point): text = point.description
            case .temporal(let seconds, let point): text = "~\(seconds)" + (point?.description ?? "")
            }
            return text + (assertion?.description ?? "")
        }
    }

    /// A spatial offset `@x:y`, scaled to 0…100 on each axis (0:0 is the top left).
    public struct SpatialPoint: Hashable, Sendable, CustomStringConvertible {
        /// The horizontal position.
        public var x: Number
        /// The vertical position.
        public var y: Number

        /// Creates a point.
        public init(x: Number, y: Number) {
            self.x = x
            self.y = y
        }

        /// The canonical text, `@5.75:97.6`.
        public var description: String { "@\(x):\(y)" }
    }

    /// A non-negative decimal number as the CFI grammar writes it: no leading zeros, no trailing
    /// zeros after the point, integers without a point. Kept as digits, so printing and ordering
    /// are exact.
    public struct Number: Hashable, Sendable, Comparable, CustomStringConvertible {
        /// The digits before the point: `0`, or digits without a leading zero.
        public let integerDigits: String
        /// The digits after the point, without trailing zeros; empty for an integer.
        public let fractionDigits: String

        /// Parses the canonical text of a number (`0`, `23.5`, `0.75`); nil for anything else.
        public init?(_ text: String) {
            let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
            let integer = String(parts[0])
            let fraction = parts.count > 1 ? String(parts[1]) : ""
            guard !integer.isEmpty, integer.allSatisfy(\.isASCIIDigit),
                  integer == "0" || integer.first != "0",
                  fraction.allSatisfy(\.isASCIIDigit),
                  parts.count == 1 || (!fraction.isEmpty && fraction.last != "0"),
                  integer.count + fraction.count <= Self.maximumDigits
            else { return nil }
            integerDigits = integer
            fractionDigits = fraction
        }

        /// A whole number.
        public init(_ value: Int) {
            integerDigits = String(max(0, value))
            fractionDigits = ""
        }

        /// The most digits a number may have.
        static let maximumDigits = 32

        /// The value as a `Double` (for media players; ordering uses the digits).
        public var doubleValue: Double {
            Double(description) ?? 0
        }

        /// The canonical text.
        public var description: String {
            fractionDigits.isEmpty ? integerDigits : integerDigits + "." + fractionDigits
        }

        /// Numeric order.
        public static func < (lhs: Number, rhs: Number) -> Bool {
            if lhs.integerDigits.count != rhs.integerDigits.count {
                return lhs.integerDigits.count < rhs.integerDigits.count
            }
            if lhs.integerDigits != rhs.integerDigits {
                return lhs.integerDigits.utf8.lexicographicallyPrecedes(rhs.integerDigits.utf8)
            }
            // Without trailing zeros, digit strings after the point order like their values.
            return lhs.fractionDigits.utf8.lexicographicallyPrecedes(rhs.fractionDigits.utf8)
        }
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
