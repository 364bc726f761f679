import ReaderFeeds

/// One page of an OPDS catalog (1.2 Atom or 2.0 JSON): a navigation feed (entries leading to
/// other feeds), an acquisition feed (publications), or both, with facets, pagination and search.
public struct OPDSCatalog: Hashable, Sendable, Codable {
    /// The OPDS version the page was read as.
    public enum Version: String, Hashable, Sendable, Codable {
        /// OPDS 1.x (Atom).
        case opds1 = "1.2"
        /// OPDS 2.0 (JSON).
        case opds2 = "2.0"
    }

    /// The version.
    public var version: Version
    /// The page's id (Atom `id`), when given.
    public var id: String?
    /// The page's title.
    public var title: String?
    /// A description (Atom `subtitle`), when given.
    public var subtitle: String?
    /// When the page last changed, when given.
    public var updated: FeedDate?
    /// The page's icon, when given.
    public var icon: String?
    /// The page's own links (self, start, up, related, shelves, sorts…), facets and pagination
    /// excluded.
    public var links: [OPDSLink]
    /// Entries that lead to other feeds.
    public var navigation: [OPDSNavigationEntry]
    /// Publications.
    public var publications: [OPDSPublication]
    /// OPDS 2.0 groups (a titled set of navigation entries or publications).
    public var groups: [OPDSGroup]
    /// Facets, by group.
    public var facets: [OPDSFacetGroup]
    /// Pagination: `first`, `previous`, `next`, `last` when given.
    public var pagination: OPDSPagination
    /// How to search the catalog, when it says.
    public var search: OPDSSearchLink?
    /// OpenSearch totals (`totalResults`, `itemsPerPage`, `startIndex`; OPDS 2 `numberOfItems`).
    public var totalResults: Int?
    /// Items per page, when given.
    public var itemsPerPage: Int?
    /// The index of the first item, when given.
    public var startIndex: Int?
    /// Problems met that did not stop reading (recovered XML, links without href).
    public var warnings: [String]

    /// An empty page.
    public init(version: Version) {
        self.version = version
        links = []
        navigation = []
        publications = []
        groups = []
        facets = []
        pagination = OPDSPagination()
        warnings = []
    }

    /// Whether the page lists publications (an acquisition feed) rather than only other feeds.
    public var isAcquisitionFeed: Bool { !publications.isEmpty || groups.contains { !$0.publications.isEmpty } }
}

/// Pagination links of a page.
public struct OPDSPagination: Hashable, Sendable, Codable {
    /// The first page.
    public var first: String?
    /// The page before.
    public var previous: String?
    /// The page after; follow it rather than computing offsets (some servers' `last` is not on a
    /// page boundary).
    public var next: String?
    /// The last page.
    public var last: String?

    /// No pagination.
    public init(first: String? = nil, previous: String? = nil, next: String? = nil, last: String? = nil) {
        self.first = first
        self.previous = previous
        self.next = next
        self.last = last
    }
}

/// A titled set of entries in an OPDS 2.0 page.
public struct OPDSGroup: Hashable, Sendable, Codable {
    /// The group's title.
    public var title: String
    /// Where the whole group is (its `self` link), when given.
    public var href: String?
    /// Its navigation entries.
    public var navigation: [OPDSNavigationEntry]
    /// Its publications.
    public var publications: [OPDSPublication]

    /// Creates a group.
    public init(title: String, href: String? = nil, navigation: [OPDSNavigationEntry] = [], publications: [OPDSPublication] = []) {
        self.title = title
        self.href = href
        self.navigation = navigation
        self.publications = publications
    }
}

/// An entry leading to another feed.
public struct OPDSNavigationEntry: Hashable, Sendable, Codable {
    /// Its title.
    public var title: String
    /// Where it leads.
    public var href: String
    /// The target's media type (its `kind=navigation` or `kind=acquisition` says which feed).
    public var type: String?
    /// The link relation (`subsection`, `http://opds-spec.org/sort/new`, …).
    public var rel: String?
    /// A description, when given.
    public var summary: String?
    /// How many items the target holds (`thr:count`, OPDS 2 `numberOfItems`), when given.
    public var count: Int?
    /// The entry's id, when given.
    public var id: String?

    /// Creates a navigation entry.
    public init(title: String, href: String, type: String? = nil, rel: String? = nil, summary: String? = nil,
                count: Int? = nil, id: String? = nil) {
        self.title = title
        self.href = href
        self.type = type
        self.rel = rel
        self.summary = summary
        self.count = count
        self.id = id
    }
}

/// A facet group and its facets.
public struct OPDSFacetGroup: Hashable, Sendable, Codable {
    /// The group's name (`opds:facetGroup`).
    public var title: String
    /// Its facets.
    public var facets: [OPDSFacet]

    /// Creates a facet group.
    public init(title: String, facets: [OPDSFacet]) {
        self.title = title
        self.facets = facets
    }
}

/// One facet: a filtered or sorted view of the same feed.
public struct OPDSFacet: Hashable, Sendable, Codable {
    /// Its title.
    public var title: String
    /// Where it is.
    public var href: String
    /// Whether it is the view being shown (`opds:activeFacet`).
    public var isActive: Bool
    /// How many items it holds (`thr:count`), when given.
    public var count: Int?

    /// Creates a facet.
    public init(title: String, href: String, isActive: Bool = false, count: Int? = nil) {
        self.title = title
        self.href = href
        self.isActive = isActive
        self.count = count
    }
}
