/// The one error type the engine throws: what went wrong, in which file, for which format.
public struct ReaderError: Error, Sendable, CustomStringConvertible {
    /// The category of a failure; callers switch on this, people read `reason`.
    public enum Kind: String, Sendable, Codable {
        /// The file does not exist.
        case fileNotFound
        /// The file exists but could not be read (permissions, I/O error, a directory).
        case unreadable
        /// The content is not a format the engine recognises, or no backend is registered for it.
        case unsupportedFormat
        /// The format cannot do what was asked (see ``FormatCapabilities``).
        case unsupportedOperation
        /// The file claims a format but its structure is broken.
        case malformed
        /// The file is encrypted or DRM-protected.
        case encrypted
        /// Text could not be decoded in the detected or requested encoding.
        case decoding
        /// A caller-supplied argument is invalid (page out of range, bad viewport, bad encoding name).
        case invalidArgument
        /// A Locator does not resolve in this document.
        case invalidLocator
        /// A Locator carries the fingerprint of another document.
        case otherDocument
        /// A Locator's text context matches no place in another document well enough to re-anchor it.
        case anchorNotFound
    }

    /// The category of the failure.
    public var kind: Kind
    /// The path of the file concerned, when there is one.
    public var file: String?
    /// The format the file was being handled as, when known.
    public var format: DocumentFormat?
    /// What is wrong, in one sentence without a trailing period.
    public var reason: String

    /// Creates an error.
    public init(_ kind: Kind, file: String? = nil, format: DocumentFormat? = nil, reason: String) {
        self.kind = kind
        self.file = file
        self.format = format
        self.reason = reason
    }

    /// One line: `file: format: reason`.
    public var description: String {
        var parts: [String] = []
        if let file { parts.append(file) }
        if let format { parts.append(format.rawValue) }
        parts.append(reason)
        return parts.joined(separator: ": ")
    }

    /// A copy with the file and format filled in where they were missing.
    public func locating(file: String?, format: DocumentFormat?) -> ReaderError {
        var copy = self
        if copy.file == nil { copy.file = file }
        if copy.format == nil { copy.format = format }
        return copy
    }
}
