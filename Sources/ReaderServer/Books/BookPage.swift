import ReaderCore

/// `GET /api/books/ID/page`: one reflowed text page at a viewport, as `reader open` prints it,
/// with the Locators of where it starts and ends.
struct BookPage: Encodable, Sendable {
    /// The 1-based page number at this viewport.
    var page: Int
    var pageCount: Int
    var pageCountIsEstimate: Bool
    /// Columns and lines of the viewport.
    var width: Int
    var height: Int
    var lines: [String]
    /// Where the page starts, stamped with the book's fingerprint.
    var start: Locator
    /// Where the next page starts; null on the last page.
    @Nullable var end: Locator?
    /// The table-of-contents entry the page starts under.
    @Nullable var chapter: String?
    /// The start's progression through the whole book, 0...1.
    @Nullable var progression: Double?
    /// How a `locator` of another edition was found by its text; null for the book's own.
    @Nullable var anchoring: BookPageAnchoring?
}

/// How a Locator stamped with another file's fingerprint was placed in this book.
struct BookPageAnchoring: Encodable, Sendable {
    /// How far to trust the match, 0...1.
    var confidence: Double
    /// `exactContext`, `fuzzyContext` or `progression`.
    var method: String
}

/// `GET /api/books/ID/locate`: a place's canonical Locator and the page holding it.
struct BookLocated: Encodable, Sendable {
    var locator: Locator
    /// The page holding it at the viewport.
    var page: Int
    var pageCount: Int
    var pageCountIsEstimate: Bool
    var width: Int
    var height: Int
}

/// One line of `GET /api/books/ID/search` (NDJSON).
struct BookSearchHit: Encodable, Sendable {
    /// Where the match starts, with its text context, stamped with the fingerprint.
    var locator: Locator
    var before: String
    var match: String
    var after: String
    /// The reading-order section the match is in.
    var section: Int
    /// The table-of-contents entry it falls under.
    @Nullable var chapter: String?
    /// The page at the viewport, when `width` and `height` were given.
    @Nullable var page: Int?
}
