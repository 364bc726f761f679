import ReaderFeeds

/// A publication in an acquisition feed: metadata, images and the ways to get it.
public struct OPDSPublication: Hashable, Sendable, Codable {
    /// Its id (Atom `id`, OPDS 2 `identifier`).
    public var id: String?
    /// Its title.
    public var title: String
    /// Its authors (several in one `<name>` are split).
    public var authors: [String]
    /// Other contributors.
    public var contributors: [String]
    /// Its publisher, when given.
    public var publisher: String?
    /// Its language, when given.
    public var language: String?
    /// When it was first published (`dc:issued`, `published`), as written.
    public var issued: String?
    /// When its entry last changed.
    public var updated: FeedDate?
    /// Its description as plain text (`summary`, else the text of `content`).
    public var summary: String?
    /// Its description as sanitized HTML, when the entry gives markup.
    public var contentHTML: String?
    /// Subjects (category labels, else terms).
    public var subjects: [String]
    /// Identifiers beside `id` (`dc:identifier`: ISBNs, URNs).
    public var identifiers: [String]
    /// The series and position, when given.
    public var series: String?
    /// The position in the series, when given.
    public var seriesPosition: String?
    /// Rating as written (calibre's `RATING:`), when given.
    public var rating: String?
    /// The cover image (`http://opds-spec.org/image`, OPDS 2 `cover`).
    public var cover: String?
    /// The thumbnail (`http://opds-spec.org/image/thumbnail`).
    public var thumbnail: String?
    /// The acquisition links (open access, borrow, buy, sample, subscribe, generic).
    public var acquisitions: [OPDSAcquisition]
    /// Every other link (alternate entry, related feeds).
    public var links: [OPDSLink]

    /// A publication with a title and nothing else.
    public init(title: String) {
        self.title = title
        authors = []
        contributors = []
        subjects = []
        identifiers = []
        acquisitions = []
        links = []
    }
}

/// A way to get a publication.
public struct OPDSAcquisition: Hashable, Sendable, Codable {
    /// What the link offers.
    public enum Kind: String, Hashable, Sendable, Codable {
        /// `http://opds-spec.org/acquisition` (generic).
        case generic
        /// `…/acquisition/open-access`.
        case openAccess = "open-access"
        /// `…/acquisition/borrow`.
        case borrow
        /// `…/acquisition/buy`.
        case buy
        /// `…/acquisition/sample`, `…/acquisition/preview`.
        case sample
        /// `…/acquisition/subscribe`.
        case subscribe
    }

    /// What the link offers.
    public var kind: Kind
    /// The link itself (href, type, indirect acquisition, price).
    public var link: OPDSLink

    /// Creates an acquisition.
    public init(kind: Kind, link: OPDSLink) {
        self.kind = kind
        self.link = link
    }

    /// The media type that ends up on disk: the innermost indirect acquisition's, else the link's.
    public var finalType: String? {
        var step = link.indirectAcquisition.first
        while let next = step?.children.first { step = next }
        return step?.type ?? link.baseType
    }

    /// The kind of an acquisition relation, nil when the relation is not one.
    public static func kind(ofRel rel: String) -> Kind? {
        let prefix = "http://opds-spec.org/acquisition"
        guard rel.hasPrefix(prefix) else { return nil }
        switch rel.dropFirst(prefix.count) {
        case "": return .generic
        case "/open-access": return .openAccess
        case "/borrow": return .borrow
        case "/buy": return .buy
        case "/sample", "/preview": return .sample
        case "/subscribe": return .subscribe
        default: return .generic
        }
    }
}
