import Foundation

/// One page of the catalog, before it is written as Atom (OPDS 1.2) or JSON (OPDS 2.0): the same
/// feed, so both versions always list the same things.
struct OPDSFeed: Sendable {
    /// Whether the feed leads to other feeds or lists books.
    enum Kind: Sendable {
        case navigation, acquisition
    }

    /// The Atom id and OPDS 2 identifier (`urn:reader:opds:…`).
    var id: String
    var title: String
    /// The feed's path below the version prefix (`""` for the root, `authors/Jane%20Doe`), encoded.
    var path: String
    /// Query items of the feed's own address besides the page (`q` for a search).
    var query: [(name: String, value: String)] = []
    var kind: Kind
    /// Entries leading to other feeds.
    var navigation: [OPDSNavigationItem] = []
    /// The books of this page.
    var books: [OPDSBook] = []
    /// Where this page stands among the pages of the listing; nil for a navigation feed.
    var page: OPDSPage?
    /// The most recent change of anything listed.
    var updated: Date

    /// Whether this is the root (which has no `up`).
    var isRoot: Bool { path.isEmpty }
}

/// An entry leading to another feed.
struct OPDSNavigationItem: Sendable {
    var id: String
    var title: String
    /// The target's path below the version prefix, encoded.
    var path: String
    /// What kind of feed the target is.
    var kind: OPDSFeed.Kind
    /// The link relation (`subsection`, `http://opds-spec.org/sort/new`).
    var rel: String
    /// How many books the target lists, when known.
    var count: Int?
    /// One line saying what the target holds.
    var summary: String?
}

/// Pagination of a listing.
struct OPDSPage: Sendable, Equatable {
    /// This page, 1-based.
    var number: Int
    /// Books per page.
    var size: Int
    /// Books in the whole listing.
    var total: Int

    /// The number of pages (at least 1, so an empty listing has a page).
    var count: Int { max(1, (total + size - 1) / size) }
    /// The index (0-based) of this page's first book.
    var firstIndex: Int { (number - 1) * size }
}
