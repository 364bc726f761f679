extension ReaderError {
    /// The category of a failure: a stable name. Codes are values, not enum cases, so a backend
    /// may add its own and a caller's `switch` (which needs a `default`) never breaks when one
    /// is added.
    public struct Code: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
        /// The stable name (`"fileNotFound"`, `"malformed"`, …).
        public let rawValue: String

        /// A code named `rawValue`.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// The name.
        public var description: String { rawValue }

        /// The file does not exist.
        public static let fileNotFound = Code(rawValue: "fileNotFound")
        /// The file exists but could not be read (permissions, I/O error, a directory).
        public static let unreadable = Code(rawValue: "unreadable")
        /// The content is not a format the engine recognises, or no backend is registered for it.
        public static let unsupportedFormat = Code(rawValue: "unsupportedFormat")
        /// The format cannot do what was asked (see ``FormatCapabilities``).
        public static let unsupportedOperation = Code(rawValue: "unsupportedOperation")
        /// The file claims a format but its structure is broken.
        public static let malformed = Code(rawValue: "malformed")
        /// The file is encrypted or DRM-protected.
        public static let encrypted = Code(rawValue: "encrypted")
        /// Text could not be decoded in the detected or requested encoding.
        public static let decoding = Code(rawValue: "decoding")
        /// A caller-supplied argument is invalid (page out of range, bad viewport, bad encoding name).
        public static let invalidArgument = Code(rawValue: "invalidArgument")
        /// A Locator does not resolve in this document.
        public static let invalidLocator = Code(rawValue: "invalidLocator")
        /// A Locator carries the fingerprint of another document.
        public static let otherDocument = Code(rawValue: "otherDocument")
        /// A Locator's text context matches no place in another document well enough to re-anchor it.
        public static let anchorNotFound = Code(rawValue: "anchorNotFound")
    }
}
