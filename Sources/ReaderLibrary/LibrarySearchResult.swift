import ReaderSearch

/// The hits of a library-wide search in one book.
public struct LibrarySearchResult: Sendable {
    /// The book.
    public var book: LibraryBook
    /// Its hits in reading order (each Locator stamped with the book's fingerprint).
    public var hits: [SearchHit]
    /// Whether its full-text index narrowed the search.
    public var usedIndex: Bool
}
