/// A channel or item image.
public struct FeedImage: Hashable, Sendable, Codable {
    /// The picture's address.
    public var url: String
    /// Its title (RSS `image/title`), when given.
    public var title: String?
    /// Where it links (RSS `image/link`), when given.
    public var link: String?
    /// Its width as written, when given.
    public var width: String?
    /// Its height as written, when given.
    public var height: String?

    /// Creates an image.
    public init(url: String, title: String? = nil, link: String? = nil, width: String? = nil, height: String? = nil) {
        self.url = url
        self.title = title
        self.link = link
        self.width = width
        self.height = height
    }
}
