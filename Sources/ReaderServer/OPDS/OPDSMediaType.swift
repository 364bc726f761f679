/// The media types and link relations the catalog speaks.
enum OPDSMediaType {
    static let navigation = "application/atom+xml;profile=opds-catalog;kind=navigation"
    static let acquisition = "application/atom+xml;profile=opds-catalog;kind=acquisition"
    static let entry = "application/atom+xml;type=entry;profile=opds-catalog"
    static let openSearch = "application/opensearchdescription+xml"
    static let opds2 = "application/opds+json"
    static let opds2Publication = "application/opds-publication+json"
    static let epub = "application/epub+zip"

    static let acquisitionRel = "http://opds-spec.org/acquisition"
    static let openAccessRel = "http://opds-spec.org/acquisition/open-access"
    static let imageRel = "http://opds-spec.org/image"
    static let thumbnailRel = "http://opds-spec.org/image/thumbnail"

    /// The Atom feed type of a feed kind.
    static func atom(_ kind: OPDSFeed.Kind) -> String {
        kind == .navigation ? navigation : acquisition
    }
}

/// The addresses of a book's resources and of catalog pages.
struct OPDSAddresses: Sendable {
    /// `/opds` (Atom) or `/opds/v2` (JSON).
    let prefix: String

    static let atom = OPDSAddresses(prefix: "/opds")
    static let json = OPDSAddresses(prefix: "/opds/v2")

    /// A feed's address, with its query items and page (page 1 is written too, so `first` and
    /// `self` of the first page agree).
    func feed(_ path: String, query: [(name: String, value: String)] = [], page: Int? = nil) -> String {
        var items = query.map { "\($0.name)=\(OPDSPath.encode($0.value))" }
        if let page { items.append("page=\(page)") }
        let base = path.isEmpty ? prefix : "\(prefix)/\(path)"
        return items.isEmpty ? base : base + "?" + items.joined(separator: "&")
    }

    static func file(_ book: OPDSBook) -> String { "/opds/books/\(book.id)/file" }
    static func epub(_ book: OPDSBook) -> String { "/opds/books/\(book.id)/epub" }
    static func cover(_ book: OPDSBook) -> String { "/opds/books/\(book.id)/cover" }
    static func thumbnail(_ book: OPDSBook) -> String { "/opds/books/\(book.id)/thumbnail" }
    static func publication(_ book: OPDSBook) -> String { "/opds/v2/books/\(book.id)" }
    static let placeholderCover = "/opds/placeholder-cover.png"
    static let openSearchDescription = "/opds/opensearch.xml"
}

/// What a page's writer needs to know of each book beyond the book itself.
struct OPDSEntryFacts: Sendable {
    /// The media type of the book's cover, by book id; absent when it has none.
    var coverTypes: [String: String] = [:]
    /// The media type of the book's thumbnail (`image/jpeg` unless its cover cannot be decoded), by book id.
    var thumbnailTypes: [String: String] = [:]
    /// Whether acquisitions are open access (no token guards the server).
    var openAccess: Bool

    /// The acquisition relation for this server.
    var acquisitionRel: String { openAccess ? OPDSMediaType.openAccessRel : OPDSMediaType.acquisitionRel }
}
