import ReaderLibrary

/// One book the server offers: its id, the record it is listed, sorted and filtered by (a
/// library's own, or one made from the file for a folder), and where its file is.
struct CatalogBook: Sendable {
    /// The fingerprint's SHA-256 hex: the book's id in every URL.
    var id: String
    /// What the list shows and sorts by. For a folder, `uuid` is the id, `addedAt` the file's
    /// modification time, and there is no reading state.
    var record: LibraryBook
    /// The file to open, nil when every file of a library book is missing.
    var path: String?
    /// Whether a cover picture is known to exist (read when the book was indexed).
    var hasCover: Bool
}

/// The books the engine's API serves: a folder walked for book files, or the library.
protocol BookCatalog: Sendable {
    /// Every book, in a stable order (refreshed when the folder or library changed).
    /// - Throws: `ReaderError` when the library cannot be read.
    func books() throws -> [CatalogBook]
    /// The book `id`, nil when there is none.
    /// - Throws: `ReaderError` when the library cannot be read.
    func book(id: String) throws -> CatalogBook?
    /// Forgets what was read, so the next call reads the folder or library again (after a write).
    func invalidate()
}
