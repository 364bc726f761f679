import Foundation
import Logging
import PostgresNIO
import ReaderCore
import ReaderLibrary

/// ``LibraryStoreTransaction`` on one PostgreSQL connection inside a transaction. Statements run
/// one at a time, each waited for (see ``PostgresConnectionPool`` for why that is safe).
struct PostgresLibraryTransaction: LibraryStoreTransaction {
    let connection: PostgresConnection
    let location: String
    let logger: Logger

    /// Runs a statement and returns its rows.
    func rows(_ sql: String, _ values: [PostgresValue] = []) throws(ReaderError) -> [PostgresRow] {
        try result(sql, values).rows
    }

    /// Runs a statement; returns how many rows it changed.
    @discardableResult
    func execute(_ sql: String, _ values: [PostgresValue] = []) throws(ReaderError) -> Int {
        try result(sql, values).metadata.rows ?? 0
    }

    private func result(_ sql: String, _ values: [PostgresValue]) throws(ReaderError) -> PostgresQueryResult {
        do {
            let query = PostgresQuery(unsafeSQL: sql, binds: PostgresValue.bindings(values))
            return try connection.query(query, logger: logger).wait()
        } catch {
            throw ReaderError(.unreadable, file: location, reason: "library database: \(Self.message(of: error))", cause: error)
        }
    }

    /// Runs `body`, turning a decoding error into a ``ReaderError``.
    func decoding<T>(_ body: () throws -> T) throws(ReaderError) -> T {
        do {
            return try body()
        } catch let error as ReaderError {
            throw error
        } catch {
            throw ReaderError(.unreadable, file: location, reason: "library database: \(Self.message(of: error))", cause: error)
        }
    }

    /// Maps every row through `body`.
    func map<T>(_ rows: [PostgresRow], _ body: (PostgresColumns) throws -> T) throws(ReaderError) -> [T] {
        try decoding { try rows.map { try body(PostgresColumns($0)) } }
    }

    /// The server's message for a PostgreSQL error, else the error's description.
    static func message(of error: any Error) -> String {
        if let error = error as? PSQLError {
            if let message = error.serverInfo?[.message] { return message }
            if let underlying = error.underlying { return "\(error.code): \(underlying)" }
            return "\(error.code)"
        }
        return "\(error)"
    }

    // MARK: Books

    private static let bookColumns = """
        uuid, fingerprint, partial_md5, format, title, authors, language, toc_count, page_count, page_count_exact, \
        error, added_at, modified_at, status, progress, last_read_at, tags
        """

    private static func book(from c: PostgresColumns) throws -> LibraryBook {
        LibraryBook(
            uuid: try c.string(0), fingerprint: try c.string(1), partialMD5: try c.optionalString(2), format: try c.string(3),
            title: try c.optionalString(4), authors: try JSONColumnText.decode([String].self, try c.string(5)),
            language: try c.optionalString(6), tocCount: try c.optionalInt(7), pageCount: try c.optionalInt(8),
            pageCountIsExact: try c.bool(9), error: try c.optionalString(10), addedAt: Timestamp(milliseconds: try c.int64(11)),
            modifiedAt: Timestamp(milliseconds: try c.int64(12)), status: ReadingStatus(rawValue: try c.string(13)) ?? .unread,
            progress: try c.optionalDouble(14), lastReadAt: try c.optionalInt64(15).map(Timestamp.init(milliseconds:)),
            tags: try JSONColumnText.decode([String].self, try c.string(16)))
    }

    func books() throws(ReaderError) -> [LibraryBook] {
        var books = try map(try rows("SELECT \(Self.bookColumns) FROM books"), Self.book(from:))
        var files: [String: [BookFile]] = [:]
        let fileRows = try rows("""
            SELECT book_uuid, path, size, mtime, missing FROM files WHERE book_uuid IS NOT NULL ORDER BY path COLLATE "C"
            """)
        for (uuid, file) in try map(fileRows, { c in
            (try c.string(0), BookFile(path: try c.string(1), size: try c.int64(2),
                                       modifiedAt: Timestamp(milliseconds: try c.int64(3)), missing: try c.bool(4)))
        }) {
            files[uuid, default: []].append(file)
        }
        var collections: [String: [String]] = [:]
        let memberships = try rows("""
            SELECT cb.book_uuid, c.name FROM collection_books cb JOIN collections c ON c.uuid = cb.collection_uuid
            ORDER BY c.name COLLATE "C"
            """)
        for (uuid, name) in try map(memberships, { c in (try c.string(0), try c.string(1)) }) {
            collections[uuid, default: []].append(name)
        }
        for index in books.indices {
            books[index].files = files[books[index].uuid] ?? []
            books[index].collections = collections[books[index].uuid] ?? []
        }
        return books
    }

    func book(uuid: String) throws(ReaderError) -> LibraryBook? {
        guard var book = try map(try rows("SELECT \(Self.bookColumns) FROM books WHERE uuid = $1", [.text(uuid)]),
                                 Self.book(from:)).first
        else { return nil }
        book.files = try map(try rows("""
            SELECT path, size, mtime, missing FROM files WHERE book_uuid = $1 ORDER BY path COLLATE "C"
            """, [.text(uuid)])) { c in
            BookFile(path: try c.string(0), size: try c.int64(1), modifiedAt: Timestamp(milliseconds: try c.int64(2)),
                     missing: try c.bool(3))
        }
        book.collections = try map(try rows("""
            SELECT c.name FROM collection_books cb JOIN collections c ON c.uuid = cb.collection_uuid
            WHERE cb.book_uuid = $1 ORDER BY c.name COLLATE "C"
            """, [.text(uuid)])) { c in try c.string(0) }
        return book
    }

    func bookUUID(fingerprint: String) throws(ReaderError) -> String? {
        try map(try rows("SELECT uuid FROM books WHERE fingerprint = $1", [.text(fingerprint)])) { c in try c.string(0) }.first
    }

    func saveBook(_ book: LibraryBook) throws(ReaderError) {
        let authors = try decoding { try JSONColumnText.encode(book.authors) }
        let tags = try decoding { try JSONColumnText.encode(book.tags.sorted()) }
        try execute("""
            INSERT INTO books (uuid, fingerprint, partial_md5, format, title, authors, language, toc_count, page_count,
                page_count_exact, error, added_at, modified_at, status, progress, last_read_at, tags)
            VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17)
            ON CONFLICT (uuid) DO UPDATE SET fingerprint = excluded.fingerprint, partial_md5 = excluded.partial_md5,
                format = excluded.format, title = excluded.title, authors = excluded.authors,
                language = excluded.language, toc_count = excluded.toc_count, page_count = excluded.page_count,
                page_count_exact = excluded.page_count_exact, error = excluded.error, added_at = excluded.added_at,
                modified_at = excluded.modified_at, status = excluded.status, progress = excluded.progress,
                last_read_at = excluded.last_read_at, tags = excluded.tags
            """, [
                .text(book.uuid), .text(book.fingerprint), .text(book.partialMD5), .text(book.format), .text(book.title),
                .text(authors), .text(book.language), .int(book.tocCount), .int(book.pageCount), .boolean(book.pageCountIsExact),
                .text(book.error), .integer(book.addedAt.milliseconds), .integer(book.modifiedAt.milliseconds),
                .text(book.status.rawValue), .real(book.progress), .integer(book.lastReadAt?.milliseconds), .text(tags),
            ])
    }

    func deleteBook(uuid: String) throws(ReaderError) {
        try execute("DELETE FROM books WHERE uuid = $1", [.text(uuid)])
    }

    // MARK: Files and folders

    private static let fileColumns = "path, book_uuid, size, mtime, missing, error, removed"

    private static func storedFile(from c: PostgresColumns) throws -> StoredFile {
        StoredFile(path: try c.string(0), bookUUID: try c.optionalString(1), size: try c.int64(2),
                   modifiedAt: Timestamp(milliseconds: try c.int64(3)), missing: try c.bool(4), error: try c.optionalString(5),
                   removed: try c.bool(6))
    }

    func files() throws(ReaderError) -> [StoredFile] {
        try map(try rows("SELECT \(Self.fileColumns) FROM files"), Self.storedFile(from:))
    }

    func unreadableFiles() throws(ReaderError) -> [StoredFile] {
        try map(try rows("""
            SELECT \(Self.fileColumns) FROM files WHERE book_uuid IS NULL AND error IS NOT NULL ORDER BY path COLLATE "C"
            """), Self.storedFile(from:))
    }

    func file(path: String) throws(ReaderError) -> StoredFile? {
        try map(try rows("SELECT \(Self.fileColumns) FROM files WHERE path = $1", [.text(path)]), Self.storedFile(from:)).first
    }

    func saveFile(_ file: StoredFile) throws(ReaderError) {
        try execute("""
            INSERT INTO files (\(Self.fileColumns)) VALUES ($1, $2, $3, $4, $5, $6, $7)
            ON CONFLICT (path) DO UPDATE SET book_uuid = excluded.book_uuid, size = excluded.size, mtime = excluded.mtime,
                missing = excluded.missing, error = excluded.error, removed = excluded.removed
            """, [.text(file.path), .text(file.bookUUID), .integer(file.size), .integer(file.modifiedAt.milliseconds),
                  .boolean(file.missing), .text(file.error), .boolean(file.removed)])
    }

    func deleteFile(path: String) throws(ReaderError) {
        try execute("DELETE FROM files WHERE path = $1", [.text(path)])
    }

    func folders() throws(ReaderError) -> [String] {
        try map(try rows("SELECT path FROM folders ORDER BY path COLLATE \"C\"")) { c in try c.string(0) }
    }

    func addFolder(_ path: String, at time: Timestamp) throws(ReaderError) {
        try execute("INSERT INTO folders (path, added_at) VALUES ($1, $2) ON CONFLICT DO NOTHING",
                    [.text(path), .integer(time.milliseconds)])
    }

    // MARK: Covers

    func cover(bookUUID: String) throws(ReaderError) -> (mediaType: String, data: [UInt8])? {
        try map(try rows("SELECT media_type, data FROM covers WHERE book_uuid = $1", [.text(bookUUID)])) { c in
            (mediaType: try c.string(0), data: try c.bytes(1))
        }.first
    }

    func saveCover(bookUUID: String, mediaType: String, data: [UInt8]) throws(ReaderError) {
        try execute("""
            INSERT INTO covers (book_uuid, media_type, data) VALUES ($1, $2, $3)
            ON CONFLICT (book_uuid) DO UPDATE SET media_type = excluded.media_type, data = excluded.data
            """, [.text(bookUUID), .text(mediaType), .bytes(data)])
    }

    // MARK: Positions

    private static func position(from c: PostgresColumns) throws -> ReadingPosition {
        ReadingPosition(bookUUID: try c.string(0), locator: try Locator(jsonString: try c.string(1)),
                        progress: try c.optionalDouble(2), updatedAt: Timestamp(milliseconds: try c.int64(3)))
    }

    func positions() throws(ReaderError) -> [ReadingPosition] {
        try map(try rows("SELECT book_uuid, locator, progress, updated_at FROM positions ORDER BY book_uuid COLLATE \"C\""),
                Self.position(from:))
    }

    func position(bookUUID: String) throws(ReaderError) -> ReadingPosition? {
        try map(try rows("SELECT book_uuid, locator, progress, updated_at FROM positions WHERE book_uuid = $1", [.text(bookUUID)]),
                Self.position(from:)).first
    }

    func savePosition(_ position: ReadingPosition) throws(ReaderError) {
        let locator = position.locator.jsonString()
        try execute("""
            INSERT INTO positions (book_uuid, locator, progress, updated_at) VALUES ($1, $2, $3, $4)
            ON CONFLICT (book_uuid) DO UPDATE SET locator = excluded.locator, progress = excluded.progress,
                updated_at = excluded.updated_at
            """, [.text(position.bookUUID), .text(locator), .real(position.progress), .integer(position.updatedAt.milliseconds)])
    }
}
