/// One item of a feed: RSS `item`, Atom `entry`, JSON Feed item.
public struct FeedEntry: Hashable, Sendable, Codable {
    /// The title.
    public var title: FeedText?
    /// The item's own page: the first `alternate` link (RSS `link`, a permalink `guid`).
    public var link: String?
    /// Every link.
    public var links: [FeedLink]
    /// A stable identifier (`guid`, Atom `id`, RDF `about`, JSON `id`).
    public var id: String?
    /// Whether an RSS `guid` is a permalink (absent: true, as RSS 2.0 says).
    public var guidIsPermalink: Bool?
    /// The short form (`description`, `summary`, `dc:description`, JSON `summary`).
    public var summary: FeedText?
    /// The full content (`content:encoded`, Atom `content`, `xhtml:body`, JSON `content_html`/`content_text`).
    public var content: [FeedText]
    /// Authors in every form.
    public var authors: [FeedPerson]
    /// Contributors.
    public var contributors: [FeedPerson]
    /// The publisher (`dc:publisher`).
    public var publisher: FeedPerson?
    /// Categories, tags and keywords.
    public var categories: [FeedCategory]
    /// When published (`pubDate`, `dc:date`, `issued`, `published`, `date_published`).
    public var published: FeedDate?
    /// When last changed (`updated`, `modified`, `dcterms:modified`, `date_modified`).
    public var updated: FeedDate?
    /// When created (`created`, `dcterms:created`).
    public var created: FeedDate?
    /// When it expires (`expirationDate`, `dcterms:valid` end).
    public var expired: FeedDate?
    /// Attached files.
    public var enclosures: [FeedEnclosure]
    /// The page of comments (RSS `comments`, Atom `link rel="replies"` of type HTML).
    public var comments: String?
    /// The feed of comments (`wfw:commentRss`).
    public var commentsFeed: String?
    /// The number of comments (`slash:comments`, `thr:total`).
    public var commentCount: Int?
    /// Copyright.
    public var rights: FeedText?
    /// The feed the item came from (RSS `source`, Atom `source`).
    public var source: FeedEntrySource?
    /// The item's image (JSON `image`, `itunes:image`, a `media:content` of medium image).
    public var image: String?
    /// Media RSS contents.
    public var media: [MediaContent]
    /// Media RSS thumbnails.
    public var thumbnails: [MediaThumbnail]
    /// Media RSS player page (`media:player url`).
    public var mediaPlayer: String?
    /// Podcast facts.
    public var podcast: PodcastInfo
    /// The language (`xml:lang` in scope, JSON `language`).
    public var language: String?
    /// The licence (`cc:license`, `creativeCommons:license`, Atom `link rel="license"`).
    public var license: String?
    /// The original link behind a proxy (`feedburner:origLink`).
    public var originalLink: String?

    /// An empty entry.
    public init() {
        links = []
        content = []
        authors = []
        contributors = []
        categories = []
        enclosures = []
        media = []
        thumbnails = []
        podcast = PodcastInfo()
    }

    /// The text to read: the first content, else the summary.
    public var body: FeedText? { content.first ?? summary }
}

/// Where an item was first published, when a feed republishes it (RSS `source`, Atom `source`
/// with the original feed's metadata).
public struct FeedEntrySource: Hashable, Sendable, Codable {
    /// The source feed's title.
    public var title: FeedText?
    /// Its description.
    public var subtitle: FeedText?
    /// Its copyright.
    public var rights: FeedText?
    /// Its address (RSS `source url`, Atom `link rel="self"`).
    public var href: String?
    /// Its site (Atom alternate link).
    public var link: String?
    /// Every link.
    public var links: [FeedLink]
    /// Its id.
    public var id: String?
    /// When it last changed.
    public var updated: FeedDate?
    /// Its authors.
    public var authors: [FeedPerson]
    /// Its contributors.
    public var contributors: [FeedPerson]
    /// Its categories.
    public var categories: [FeedCategory]
    /// Its generator.
    public var generator: FeedGenerator?
    /// Its icon.
    public var icon: String?
    /// Its logo.
    public var logo: String?

    /// An empty source.
    public init() {
        links = []
        authors = []
        contributors = []
        categories = []
    }
}
