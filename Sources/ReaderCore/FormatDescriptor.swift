/// What a backend declares about a format it opens: its name for people, its media type and the
/// file extensions that usually carry it.
public struct FormatDescriptor: Hashable, Sendable {
    /// The format described.
    public var format: DocumentFormat
    /// A human-readable name ("EPUB", "Plain text").
    public var displayName: String
    /// The IANA (or customary) media type, as used in Locator `type`.
    public var mediaType: String
    /// File name extensions (lower case, without the dot) that usually carry this format.
    public var fileExtensions: [String]

    /// Creates a descriptor; extensions are lower-cased.
    public init(format: DocumentFormat, displayName: String, mediaType: String, fileExtensions: [String]) {
        self.format = format
        self.displayName = displayName
        self.mediaType = mediaType
        self.fileExtensions = fileExtensions.map { $0.lowercased() }
    }

    /// True when the format's files are not text: its media type is neither `text/…` nor an XML or
    /// JSON type. A file named with such a format's extension is never read as text (a PDF cut to
    /// three bytes is a damaged PDF, not a three-character text).
    public var isBinary: Bool {
        let type = mediaType.lowercased()
        let textual = type.hasPrefix("text/") || type.hasSuffix("+xml") || type.hasSuffix("/xml")
            || type.hasSuffix("+json") || type.hasSuffix("/json")
        return !textual
    }
}
