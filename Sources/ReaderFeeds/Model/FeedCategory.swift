/// A category, tag or keyword (RSS `category`, `dc:subject`, Atom `category`, iTunes categories
/// and keywords, `media:category`, JSON Feed `tags`).
public struct FeedCategory: Hashable, Sendable, Codable {
    /// The term.
    public var term: String
    /// The scheme or domain, when given.
    public var scheme: String?
    /// A label for people, when given.
    public var label: String?

    /// Creates a category.
    public init(term: String, scheme: String? = nil, label: String? = nil) {
        self.term = term
        self.scheme = scheme
        self.label = label
    }
}
