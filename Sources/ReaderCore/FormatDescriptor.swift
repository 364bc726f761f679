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
}
