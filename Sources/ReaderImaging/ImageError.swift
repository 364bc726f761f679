/// Why a picture could not be read or written: its format is not one this module knows, it is
/// larger than the limits allow, the codec refused its bytes, or memory ran out.
public struct ImageError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The kind of failure, as a stable string; new kinds may be added.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        /// The code's stable name.
        public let rawValue: String

        private init(_ rawValue: String) {
            self.rawValue = rawValue
        }

        /// Not JPEG, PNG or WebP (or nothing at all).
        public static let unsupportedFormat = Code("unsupported-format")
        /// Over the limits on input size, dimensions or pixel count; refused before decoding.
        public static let tooLarge = Code("too-large")
        /// The codec refused the bytes: damaged, truncated or not what they claim to be.
        public static let malformed = Code("malformed")
        /// An allocation failed.
        public static let outOfMemory = Code("out-of-memory")

        /// The code's stable name.
        public var description: String { rawValue }
    }

    /// The kind of failure.
    public var code: Code
    /// The format the bytes were taken for, when known.
    public var format: ImageFormat?
    /// One line saying what went wrong (the codec's own message when it gave one).
    public var reason: String

    /// An error of `code` about a picture of `format`.
    public init(_ code: Code, format: ImageFormat?, reason: String) {
        self.code = code
        self.format = format
        self.reason = reason
    }

    /// `format: reason`, or `image: reason` when the format is unknown.
    public var description: String { "\(format?.name ?? "image"): \(reason)" }
}
