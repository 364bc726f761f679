/// How the encoding of a text was decided, and how sure the decision is.
public struct EncodingDetection: Hashable, Sendable {
    /// Which rule decided the encoding.
    public enum Method: String, Sendable {
        /// The caller named the encoding.
        case override
        /// A byte order mark at the start of the file.
        case byteOrderMark
        /// The bytes are (almost entirely) well-formed UTF-8, or pure ASCII.
        case utf8Validity
        /// The pattern of zero bytes shows BOM-less UTF-16 or UTF-32.
        case utf16Heuristic
        /// uchardet's statistical models, possibly refined by the detector's own checks.
        case statistical
        /// Nothing recognised the bytes; a default was used.
        case fallback
    }

    /// The encoding to decode with.
    public var encoding: TextEncoding
    /// Bytes of byte order mark at the start of the file to skip (0 if none).
    public var bomLength: Int
    /// How likely the encoding is right, 0...1 (see docs/encoding-detection.md for how each method derives it).
    public var confidence: Double
    /// Which rule decided.
    public var method: Method

    /// Creates a detection result; `confidence` is clamped to 0...1.
    public init(encoding: TextEncoding, bomLength: Int = 0, confidence: Double, method: Method) {
        self.encoding = encoding
        self.bomLength = bomLength
        self.confidence = min(1, max(0, confidence.isNaN ? 0 : confidence))
        self.method = method
    }
}
