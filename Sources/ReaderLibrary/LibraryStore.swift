import ReaderCore

/// Where a library keeps its data. ``SQLiteLibraryStore`` is the embedded default; a server can
/// bring another (PostgreSQL) without changing ``Library`` or its callers. Every `write` is one
/// transaction: all of its changes are kept, or none.
public protocol LibraryStore: Sendable {
    /// Where the store is, for messages (a file path, a connection name).
    var location: String { get }

    /// Runs `body` with a consistent view of the data.
    /// - Throws: ``ReaderError`` from the store or from `body`.
    func read<T>(_ body: (any LibraryStoreTransaction) throws(ReaderError) -> T) throws(ReaderError) -> T

    /// Runs `body` in one transaction, committed when it returns and rolled back when it throws.
    /// - Throws: ``ReaderError`` from the store or from `body`.
    func write<T>(_ body: (any LibraryStoreTransaction) throws(ReaderError) -> T) throws(ReaderError) -> T

    /// The store's own consistency check: empty when all is well, else the problems found.
    func integrityProblems() throws(ReaderError) -> [String]
}

/// What a transaction on a ``LibraryStore`` can read and change. Books and everything attached to
/// them are keyed by the book's UUID.
public protocol LibraryStoreTransaction {
    /// Every book, with its files, tags and collections, in no particular order.
    func books() throws(ReaderError) -> [LibraryBook]
    /// One book with its files, tags and collections.
    func book(uuid: String) throws(ReaderError) -> LibraryBook?
    /// The UUID of the book with this fingerprint.
    func bookUUID(fingerprint: String) throws(ReaderError) -> String?
    /// Adds a book or replaces its fields (`files` and `collections` are ignored; `tags` are kept).
    func saveBook(_ book: LibraryBook) throws(ReaderError)
    /// Removes a book and everything attached to it.
    func deleteBook(uuid: String) throws(ReaderError)

    /// Every known file.
    func files() throws(ReaderError) -> [StoredFile]
    /// The files that belong to no book because they could not be read, by path.
    func unreadableFiles() throws(ReaderError) -> [StoredFile]
    /// One known file.
    func file(path: String) throws(ReaderError) -> StoredFile?
    /// Adds a file or replaces its entry.
    func saveFile(_ file: StoredFile) throws(ReaderError)
    /// Forgets a file.
    func deleteFile(path: String) throws(ReaderError)

    /// The folders `scan` re-checks.
    func folders() throws(ReaderError) -> [String]
    /// Adds a folder for `scan` to re-check.
    func addFolder(_ path: String, at time: Timestamp) throws(ReaderError)

    /// A book's cover picture and its media type.
    func cover(bookUUID: String) throws(ReaderError) -> (mediaType: String, data: [UInt8])?
    /// Stores a book's cover picture.
    func saveCover(bookUUID: String, mediaType: String, data: [UInt8]) throws(ReaderError)

    /// Every recorded position.
    func positions() throws(ReaderError) -> [ReadingPosition]
    /// A book's last position.
    func position(bookUUID: String) throws(ReaderError) -> ReadingPosition?
    /// Records a book's last position.
    func savePosition(_ position: ReadingPosition) throws(ReaderError)

    /// Bookmarks, highlights and notes, of one book or all, oldest first; removed ones only when asked.
    func annotations(bookUUID: String?, includingDeleted: Bool) throws(ReaderError) -> [Annotation]
    /// One item by UUID (removed ones included).
    func annotation(uuid: String) throws(ReaderError) -> Annotation?
    /// Adds an item or replaces it (by UUID).
    func saveAnnotation(_ annotation: Annotation) throws(ReaderError)

    /// Every book's settings.
    func allSettings() throws(ReaderError) -> [BookSettings]
    /// One book's settings.
    func settings(bookUUID: String) throws(ReaderError) -> BookSettings?
    /// Replaces a book's settings.
    func saveSettings(_ settings: BookSettings) throws(ReaderError)

    /// Every collection with its books.
    func collections() throws(ReaderError) -> [BookCollection]
    /// Adds a collection or replaces it and its books (by UUID).
    func saveCollection(_ collection: BookCollection) throws(ReaderError)
    /// Removes a collection (not its books).
    func deleteCollection(uuid: String) throws(ReaderError)

    /// Reading sessions, of one book or all, oldest first.
    func sessions(bookUUID: String?) throws(ReaderError) -> [ReadingSessionRecord]
    /// Adds a session or replaces it (by UUID).
    func saveSession(_ session: ReadingSessionRecord) throws(ReaderError)

    /// The UUIDs of the books whose current edition has this KOReader partial MD5.
    func bookUUIDs(partialMD5: String) throws(ReaderError) -> [String]
    /// The former edition with this KOReader partial MD5.
    func edition(partialMD5: String) throws(ReaderError) -> BookEdition?
    /// A book's former editions, oldest first.
    func editions(bookUUID: String) throws(ReaderError) -> [BookEdition]
    /// Records a former edition (replacing one with the same partial MD5).
    func saveEdition(_ edition: BookEdition) throws(ReaderError)
    /// Forgets a former edition (when it becomes the current one again).
    func deleteEdition(partialMD5: String) throws(ReaderError)

    /// One KOSync account.
    func kosyncUser(username: String) throws(ReaderError) -> KOSyncUser?
    /// Adds a KOSync account unless one of that name exists; returns whether it was added.
    func insertKOSyncUser(_ user: KOSyncUser) throws(ReaderError) -> Bool
    /// The last progress an account pushed for a document.
    func kosyncRecord(username: String, document: String) throws(ReaderError) -> KOSyncRecord?
    /// Records an account's progress for a document (replacing the last one).
    func saveKOSyncRecord(_ record: KOSyncRecord) throws(ReaderError)

    /// What the article viewer saved of `kind` (`highlights`, `notes`) for the article `name`, as the JSON it sent.
    func viewerAnnotation(kind: String, name: String) throws(ReaderError) -> String?
    /// Every JSON value of `kind` the article viewer saved, by article name.
    func viewerAnnotations(kind: String) throws(ReaderError) -> [String: String]
    /// Keeps the article viewer's JSON for `kind` of the article `name`, replacing what was there.
    func saveViewerAnnotation(kind: String, name: String, json: String, at time: Timestamp) throws(ReaderError)
    /// Everything the article viewer saved, with when, ordered by kind then name (for backups).
    func allViewerAnnotations() throws(ReaderError) -> [ArticleAnnotation]
}
