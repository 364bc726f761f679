/// A copy of a resource kept from an earlier fetch, with the validators its server gave, for a
/// conditional GET: when the server answers 304 Not Modified, the copy's body is what the fetch
/// returns.
public struct CachedCopy: Hashable, Sendable {
    /// The `ETag` the server gave (sent back as `If-None-Match`).
    public var etag: String?
    /// The `Last-Modified` the server gave (sent back as `If-Modified-Since`).
    public var lastModified: String?
    /// The body as last fetched.
    public var body: [UInt8]
    /// The `Content-Type` it came with.
    public var contentType: String?

    /// Creates a copy.
    public init(etag: String?, lastModified: String?, body: [UInt8], contentType: String? = nil) {
        self.etag = etag
        self.lastModified = lastModified
        self.body = body
        self.contentType = contentType
    }

    /// Whether the copy carries anything to validate with.
    public var canValidate: Bool { etag != nil || lastModified != nil }
}
