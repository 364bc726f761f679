/// What a web page says about itself, read from its markup (see ``PageMetadataReader`` for the
/// sources and their order of trust).
public struct PageMetadata: Hashable, Sendable, Codable {
    /// The article's title, without the site's name.
    public var title: String?
    /// The author or authors, as one line ("A, B").
    public var byline: String?
    /// When the article was first published, as the page writes it (usually ISO 8601).
    public var published: String?
    /// When it was last changed.
    public var modified: String?
    /// The site's name.
    public var siteName: String?
    /// The language (`lang` of `<html>`, else `content-language`, `og:locale`, JSON-LD `inLanguage`).
    public var language: String?
    /// The text direction (`ltr`, `rtl`) of `<html>` or `<body>`.
    public var direction: String?
    /// The lead image (Open Graph, Twitter card, JSON-LD), resolved to an absolute URL when possible.
    public var image: String?
    /// A summary: the page's description, else the article's first paragraph.
    public var excerpt: String?
    /// The page's own URL (`<link rel="canonical">`, `og:url`, JSON-LD `url`).
    public var canonicalURL: String?
    /// The favicon, resolved when possible.
    public var favicon: String?
    /// Keywords and sections (`article:tag`, `article:section`, `keywords`, JSON-LD `keywords`).
    public var categories: [String] = []

    /// Creates empty metadata.
    public init() {}
}
