/// A link of a feed or an item (Atom `link`, RSS `link`, enclosures, comments).
public struct FeedLink: Hashable, Sendable, Codable {
    /// The target, resolved against the base in scope.
    public var href: String
    /// The relation (`alternate` when the feed says none).
    public var rel: String
    /// The media type, when given.
    public var type: String?
    /// A title, when given.
    public var title: String?
    /// The length in bytes as written, when given.
    public var length: String?
    /// The language of the target, when given.
    public var hreflang: String?

    /// Creates a link.
    public init(href: String, rel: String = "alternate", type: String? = nil, title: String? = nil,
                length: String? = nil, hreflang: String? = nil) {
        self.href = href
        self.rel = rel
        self.type = type
        self.title = title
        self.length = length
        self.hreflang = hreflang
    }
}
