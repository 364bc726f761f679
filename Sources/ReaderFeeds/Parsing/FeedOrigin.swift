import Foundation

/// Where a feed's bytes came from, as far as it changes their reading: the address relative URLs
/// resolve against and what a transport said about them (HTTP `Content-Type` charset,
/// `Content-Language`, `Content-Location`).
public struct FeedOrigin: Hashable, Sendable {
    /// The feed's own address (or a file path), the base of last resort.
    public var url: String?
    /// The `Content-Type` the transport gave, whose `charset` overrides the document's declaration.
    public var contentType: String?
    /// The `Content-Language` the transport gave: the language when the feed states none.
    public var contentLanguage: String?
    /// The `Content-Location` the transport gave: the base in place of ``url``.
    public var contentLocation: String?

    /// Creates an origin.
    public init(url: String? = nil, contentType: String? = nil, contentLanguage: String? = nil, contentLocation: String? = nil) {
        self.url = url
        self.contentType = contentType
        self.contentLanguage = contentLanguage
        self.contentLocation = contentLocation
    }

    /// The `charset` parameter of ``contentType``, lower case.
    var charset: String? {
        guard let contentType else { return nil }
        for parameter in contentType.split(separator: ";").dropFirst() {
            let parts = parameter.split(separator: "=", maxSplits: 1)
            guard parts.count == 2, parts[0].trimmingASCIIWhitespace().lowercased() == "charset" else { continue }
            let value = parts[1].trimmingASCIIWhitespace().trimmingCharacters(in: ["\"", "'"]).lowercased()
            return value.isEmpty ? nil : value
        }
        return nil
    }

    /// The base relative URLs resolve against at the document's root.
    var base: String? {
        if let contentLocation { return URLResolver.resolve(contentLocation, against: url) }
        return url
    }
}
