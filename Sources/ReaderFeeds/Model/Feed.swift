/// A parsed feed (RSS 0.9x/1.0/2.0, Atom 0.3/1.0 or JSON Feed), usable without the `Document`
/// wrapper: channel metadata and the items, with every URL resolved against `xml:base` and the
/// feed's own address, and every HTML value sanitized.
public struct Feed: Hashable, Sendable, Codable {
    /// The dialect and version the feed was read as.
    public var kind: FeedKind
    /// The character encoding the bytes were decoded with (lower case, e.g. `utf-8`).
    public var encoding: String
    /// The channel title.
    public var title: FeedText?
    /// The channel description (RSS `description`, Atom `subtitle`/`tagline`).
    public var subtitle: FeedText?
    /// The site the feed belongs to: the first `alternate` link.
    public var link: String?
    /// Every link, with its relation and type.
    public var links: [FeedLink]
    /// A stable identifier (Atom `id`).
    public var id: String?
    /// The language (`language`, `dc:language`, `xml:lang` on the root, or the transport's).
    public var language: String?
    /// The authors in every form feeds give them (`managingEditor`, `dc:creator`, `itunes:author`, Atom persons).
    public var authors: [FeedPerson]
    /// Contributors.
    public var contributors: [FeedPerson]
    /// The publisher (`dc:publisher`, `webMaster`).
    public var publisher: FeedPerson?
    /// Categories, tags and keywords.
    public var categories: [FeedCategory]
    /// Copyright (`copyright`, `rights`, `dc:rights`).
    public var rights: FeedText?
    /// The software that made the feed.
    public var generator: FeedGenerator?
    /// The channel image (RSS `image`, `itunes:image`).
    public var image: FeedImage?
    /// Atom `icon`.
    public var icon: String?
    /// Atom `logo`.
    public var logo: String?
    /// When the feed last changed (`lastBuildDate`, `updated`, `modified`, `dc:date`).
    public var updated: FeedDate?
    /// When the feed was published (`pubDate`, `dc:date`, `published`).
    public var published: FeedDate?
    /// Minutes a reader may cache the feed (RSS `ttl`).
    public var ttl: String?
    /// Where the format's documentation is (RSS `docs`).
    public var docs: String?
    /// Podcast facts (iTunes and podcast namespaces).
    public var podcast: PodcastInfo
    /// The channel's `xml:base` (else the document address), which relative URLs were resolved against.
    public var base: String?
    /// The items, in document order.
    public var entries: [FeedEntry]
    /// Set when the bytes were not well-formed and what is here was recovered (feedparser's
    /// "bozo"): the parser's first error.
    public var recoveredError: String?
    /// Other problems met that did not stop parsing.
    public var warnings: [String]

    /// An empty feed of a kind.
    public init(kind: FeedKind, encoding: String = "utf-8") {
        self.kind = kind
        self.encoding = encoding
        self.links = []
        self.authors = []
        self.contributors = []
        self.categories = []
        self.podcast = PodcastInfo()
        self.entries = []
        self.warnings = []
    }

    /// Whether the bytes were well-formed (nothing had to be recovered).
    public var isWellFormed: Bool { recoveredError == nil }
}
