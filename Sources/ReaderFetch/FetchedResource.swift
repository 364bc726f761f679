/// What a fetch brought back: the body and the headers that change how it is read.
public struct FetchedResource: Sendable {
    /// The address asked for.
    public var requestedURL: String
    /// The address the body finally came from, after redirects.
    public var url: String
    /// The HTTP status of the final response (200…299, or 304 when ``isNotModified``).
    public var status: Int
    /// The body, decompressed (the cached copy's when ``isNotModified``).
    public var body: [UInt8]
    /// `Content-Type`.
    public var contentType: String?
    /// `Content-Language`.
    public var contentLanguage: String?
    /// `Content-Location`.
    public var contentLocation: String?
    /// `Content-Disposition` (a download's file name).
    public var contentDisposition: String?
    /// `ETag`.
    public var etag: String?
    /// `Last-Modified`.
    public var lastModified: String?
    /// True when the server answered 304 and the body is the cached copy's.
    public var isNotModified: Bool
    /// How many requests it took (1, or more after retries).
    public var attempts: Int

    /// The copy to keep for the next conditional GET.
    public var cachedCopy: CachedCopy {
        CachedCopy(etag: etag, lastModified: lastModified, body: body, contentType: contentType)
    }

    /// The media type of ``contentType`` alone, lower case (`text/html`), without parameters.
    public var mediaType: String? {
        guard let contentType else { return nil }
        let type = contentType.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        return type?.isEmpty == false ? type : nil
    }
}
