import Foundation
import GRDB
import ReaderCore

/// ``LibraryStoreTransaction`` on one GRDB database connection inside a transaction.
struct SQLiteLibraryTransaction: LibraryStoreTransaction {
    let db: Database
    let path: String

    /// Runs a statement block, turning SQLite and JSON errors into a ``ReaderError``.
    func sql<T>(_ body: () throws -> T) throws(ReaderError) -> T {
        do {
            return try body()
        } catch let error as ReaderError {
            throw error
        } catch {
            throw ReaderError(.unreadable, file: path, reason: "library database: \(SQLiteLibraryStore.message(of: error))",
                              cause: error)
        }
    }

    // MARK: Books

    func books() throws(ReaderError) -> [LibraryBook] {
        try sql {
            // Cursors decode each value straight from SQLite; fetchAll would copy every row first.
            var books: [LibraryBook] = []
            let bookRows = try Row.fetchCursor(db, sql: "SELECT \(Self.bookColumns) FROM books")
            while let row = try bookRows.next() { books.append(try Self.book(from: row)) }
            var files: [String: [BookFile]] = [:]
            let fileRows = try Row.fetchCursor(db, sql: """
                SELECT book_uuid, path, size, mtime, missing FROM files WHERE book_uuid IS NOT NULL ORDER BY path
                """)
            while let row = try fileRows.next() {
                files[row[0], default: []].append(
                    BookFile(path: row[1], size: row[2], modifiedAt: Timestamp(milliseconds: row[3]), missing: row[4]))
            }
            var collections: [String: [String]] = [:]
            let memberships = try Row.fetchAll(db, sql: """
                SELECT cb.book_uuid, c.name FROM collection_books cb JOIN collections c ON c.uuid = cb.collection_uuid
                ORDER BY c.name
                """)
            for row in memberships { collections[row[0], default: []].append(row[1]) }
            for index in books.indices {
                books[index].files = files[books[index].uuid] ?? []
                books[index].collections = collections[books[index].uuid] ?? []
            }
            return books
        }
    }

    func book(uuid: String) throws(ReaderError) -> LibraryBook? {
        try sql {
            let query = "SELECT \(Self.bookColumns) FROM books WHERE uuid = ?"
            guard let row = try Row.fetchOne(db, sql: query, arguments: [uuid]) else { return nil }
            var book = try Self.book(from: row)
            book.files = try Row.fetchAll(db, sql: "SELECT * FROM files WHERE book_uuid = ? ORDER BY path", arguments: [uuid])
                .map(Self.bookFile(from:))
            book.collections = try String.fetchAll(db, sql: """
                SELECT c.name FROM collection_books cb JOIN collections c ON c.uuid = cb.collection_uuid
                WHERE cb.book_uuid = ? ORDER BY c.name
                """, arguments: [uuid])
            return book
        }
    }

    func bookUUID(fingerprint: String) throws(ReaderError) -> String? {
        try sql { try String.fetchOne(db, sql: "SELECT uuid FROM books WHERE fingerprint = ?", arguments: [fingerprint]) }
    }

    func saveBook(_ book: LibraryBook) throws(ReaderError) {
        try sql {
            try db.execute(sql: """
                INSERT INTO books (uuid, fingerprint, partial_md5, format, title, authors, language, toc_count, page_count,
                    page_count_exact, error, added_at, modified_at, status, progress, last_read_at, tags)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT(uuid) DO UPDATE SET fingerprint = excluded.fingerprint, partial_md5 = excluded.partial_md5,
                    format = excluded.format, title = excluded.title, authors = excluded.authors,
                    language = excluded.language, toc_count = excluded.toc_count, page_count = excluded.page_count,
                    page_count_exact = excluded.page_count_exact, error = excluded.error, added_at = excluded.added_at,
                    modified_at = excluded.modified_at, status = excluded.status, progress = excluded.progress,
                    last_read_at = excluded.last_read_at, tags = excluded.tags
                """, arguments: [
                    book.uuid, book.fingerprint, book.partialMD5, book.format, book.title, try JSONColumn.encode(book.authors),
                    book.language, book.tocCount, book.pageCount, book.pageCountIsExact, book.error,
                    book.addedAt.milliseconds, book.modifiedAt.milliseconds, book.status.rawValue, book.progress,
                    book.lastReadAt?.milliseconds, try JSONColumn.encode(book.tags.sorted()),
                ])
        }
    }

    func deleteBook(uuid: String) throws(ReaderError) {
        try sql { try db.execute(sql: "DELETE FROM books WHERE uuid = ?", arguments: [uuid]) }
    }

    /// The columns ``book(from:)`` reads, by position (a lookup by name costs more than the value
    /// when `library list` reads ten thousand books).
    private static let bookColumns = """
        uuid, fingerprint, partial_md5, format, title, authors, language, toc_count, page_count, page_count_exact, \
        error, added_at, modified_at, status, progress, last_read_at, tags
        """

    private static func book(from row: Row) throws -> LibraryBook {
        LibraryBook(
            uuid: row[0], fingerprint: row[1], partialMD5: row[2], format: row[3],
            title: row[4], authors: try JSONColumn.decodeStrings(row[5]), language: row[6],
            tocCount: row[7], pageCount: row[8], pageCountIsExact: row[9],
            error: row[10], addedAt: Timestamp(milliseconds: row[11]),
            modifiedAt: Timestamp(milliseconds: row[12]),
            status: ReadingStatus(rawValue: row[13]) ?? .unread, progress: row[14],
            lastReadAt: (row[15] as Int64?).map(Timestamp.init(milliseconds:)),
            tags: try JSONColumn.decodeStrings(row[16]))
    }

    private static func bookFile(from row: Row) -> BookFile {
        BookFile(path: row["path"], size: row["size"], modifiedAt: Timestamp(milliseconds: row["mtime"]), missing: row["missing"])
    }

    // MARK: Files and folders

    func files() throws(ReaderError) -> [StoredFile] {
        try sql {
            var files: [StoredFile] = []
            let rows = try Row.fetchCursor(db, sql: "SELECT * FROM files")
            while let row = try rows.next() { files.append(Self.storedFile(from: row)) }
            return files
        }
    }

    func unreadableFiles() throws(ReaderError) -> [StoredFile] {
        try sql {
            try Row.fetchAll(db, sql: "SELECT * FROM files WHERE book_uuid IS NULL AND error IS NOT NULL ORDER BY path")
                .map(Self.storedFile(from:))
        }
    }

    func file(path: String) throws(ReaderError) -> StoredFile? {
        try sql { try Row.fetchOne(db, sql: "SELECT * FROM files WHERE path = ?", arguments: [path]).map(Self.storedFile(from:)) }
    }

    private static func storedFile(from row: Row) -> StoredFile {
        StoredFile(path: row["path"], bookUUID: row["book_uuid"], size: row["size"],
                   modifiedAt: Timestamp(milliseconds: row["mtime"]), missing: row["missing"], error: row["error"],
                   removed: row["removed"])
    }

    func saveFile(_ file: StoredFile) throws(ReaderError) {
        try sql {
            try db.execute(sql: """
                INSERT INTO files (path, book_uuid, size, mtime, missing, error, removed) VALUES (?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT(path) DO UPDATE SET book_uuid = excluded.book_uuid, size = excluded.size, mtime = excluded.mtime,
                    missing = excluded.missing, error = excluded.error, removed = excluded.removed
                """, arguments: [file.path, file.bookUUID, file.size, file.modifiedAt.milliseconds, file.missing, file.error,
                                 file.removed])
        }
    }

    func deleteFile(path: String) throws(ReaderError) {
        try sql { try db.execute(sql: "DELETE FROM files WHERE path = ?", arguments: [path]) }
    }

    func folders() throws(ReaderError) -> [String] {
        try sql { try String.fetchAll(db, sql: "SELECT path FROM folders ORDER BY path") }
    }

    func addFolder(_ path: String, at time: Timestamp) throws(ReaderError) {
        try sql {
            try db.execute(sql: "INSERT OR IGNORE INTO folders (path, added_at) VALUES (?, ?)", arguments: [path, time.milliseconds])
        }
    }

    // MARK: Covers

    func cover(bookUUID: String) throws(ReaderError) -> (mediaType: String, data: [UInt8])? {
        try sql {
            guard let row = try Row.fetchOne(db, sql: "SELECT media_type, data FROM covers WHERE book_uuid = ?",
                                             arguments: [bookUUID]) else { return nil }
            let data: Data = row["data"]
            return (row["media_type"], [UInt8](data))
        }
    }

    func saveCover(bookUUID: String, mediaType: String, data: [UInt8]) throws(ReaderError) {
        try sql {
            try db.execute(sql: "INSERT OR REPLACE INTO covers (book_uuid, media_type, data) VALUES (?, ?, ?)",
                           arguments: [bookUUID, mediaType, Data(data)])
        }
    }

    // MARK: Positions

    func positions() throws(ReaderError) -> [ReadingPosition] {
        try sql { try Row.fetchAll(db, sql: "SELECT * FROM positions ORDER BY book_uuid").map(Self.position(from:)) }
    }

    func position(bookUUID: String) throws(ReaderError) -> ReadingPosition? {
        try sql {
            try Row.fetchOne(db, sql: "SELECT * FROM positions WHERE book_uuid = ?", arguments: [bookUUID]).map(Self.position(from:))
        }
    }

    func savePosition(_ position: ReadingPosition) throws(ReaderError) {
        try sql {
            try db.execute(sql: "INSERT OR REPLACE INTO positions (book_uuid, locator, progress, updated_at) VALUES (?, ?, ?, ?)",
                           arguments: [position.bookUUID, position.locator.jsonString(), position.progress,
                                       position.updatedAt.milliseconds])
        }
    }

    private static func position(from row: Row) throws -> ReadingPosition {
        ReadingPosition(bookUUID: row["book_uuid"], locator: try Locator(jsonString: row["locator"]), progress: row["progress"],
                        updatedAt: Timestamp(milliseconds: row["updated_at"]))
    }

    // MARK: Annotations

    func annotations(bookUUID: String?, includingDeleted: Bool) throws(ReaderError) -> [Annotation] {
        try sql {
            var conditions: [String] = []
            var arguments: StatementArguments = []
            if let bookUUID {
                conditions.append("book_uuid = ?")
                arguments += [bookUUID]
            }
            if !includingDeleted { conditions.append("deleted_at IS NULL") }
            let filter = conditions.isEmpty ? "" : "WHERE " + conditions.joined(separator: " AND ")
            return try Row.fetchAll(db, sql: "SELECT * FROM annotations \(filter) ORDER BY created_at, uuid", arguments: arguments)
                .map(Self.annotation(from:))
        }
    }

    func annotation(uuid: String) throws(ReaderError) -> Annotation? {
        try sql {
            try Row.fetchOne(db, sql: "SELECT * FROM annotations WHERE uuid = ?", arguments: [uuid]).map(Self.annotation(from:))
        }
    }

    func saveAnnotation(_ annotation: Annotation) throws(ReaderError) {
        try sql {
            try db.execute(sql: """
                INSERT OR REPLACE INTO annotations (uuid, book_uuid, kind, locator, range, note, color, created_at, modified_at,
                    deleted_at, confidence, orphaned) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """, arguments: [
                    annotation.uuid, annotation.bookUUID, annotation.kind.rawValue, annotation.locator.jsonString(),
                    try annotation.range.map(JSONColumn.encode), annotation.note, annotation.color,
                    annotation.createdAt.milliseconds, annotation.modifiedAt.milliseconds, annotation.deletedAt?.milliseconds,
                    annotation.confidence, annotation.orphaned,
                ])
        }
    }

    private static func annotation(from row: Row) throws -> Annotation {
        let range: String? = row["range"]
        return Annotation(
            uuid: row["uuid"], bookUUID: row["book_uuid"], kind: Annotation.Kind(rawValue: row["kind"]) ?? .bookmark,
            locator: try Locator(jsonString: row["locator"]), range: try range.map { try JSONColumn.decode(LocatorRange.self, $0) },
            note: row["note"], color: row["color"], createdAt: Timestamp(milliseconds: row["created_at"]),
            modifiedAt: Timestamp(milliseconds: row["modified_at"]),
            deletedAt: (row["deleted_at"] as Int64?).map(Timestamp.init(milliseconds:)), confidence: row["confidence"],
            orphaned: row["orphaned"])
    }

    // MARK: Settings

    func allSettings() throws(ReaderError) -> [BookSettings] {
        try sql { try Row.fetchAll(db, sql: "SELECT * FROM settings ORDER BY book_uuid").map(Self.settings(from:)) }
    }

    func settings(bookUUID: String) throws(ReaderError) -> BookSettings? {
        try sql {
            try Row.fetchOne(db, sql: "SELECT * FROM settings WHERE book_uuid = ?", arguments: [bookUUID]).map(Self.settings(from:))
        }
    }

    func saveSettings(_ settings: BookSettings) throws(ReaderError) {
        try sql {
            try db.execute(sql: """
                INSERT OR REPLACE INTO settings (book_uuid, viewport, encoding, transforms, modified_at) VALUES (?, ?, ?, ?, ?)
                """, arguments: [settings.bookUUID, settings.viewport?.description, settings.encoding,
                                 try JSONColumn.encode(settings.transforms), settings.modifiedAt.milliseconds])
        }
    }

    private static func settings(from row: Row) throws -> BookSettings {
        let viewport: String? = row["viewport"]
        return BookSettings(bookUUID: row["book_uuid"], viewport: viewport.flatMap(Viewport.parse),
                            encoding: row["encoding"], transforms: try JSONColumn.decode([String].self, row["transforms"]),
                            modifiedAt: Timestamp(milliseconds: row["modified_at"]))
    }

    // MARK: Collections

    func collections() throws(ReaderError) -> [BookCollection] {
        try sql {
            var members: [String: [String]] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT collection_uuid, book_uuid FROM collection_books ORDER BY book_uuid") {
                members[row[0], default: []].append(row[1])
            }
            return try Row.fetchAll(db, sql: "SELECT * FROM collections ORDER BY name").map { row in
                BookCollection(uuid: row["uuid"], name: row["name"], bookUUIDs: members[row["uuid"]] ?? [],
                               createdAt: Timestamp(milliseconds: row["created_at"]),
                               modifiedAt: Timestamp(milliseconds: row["modified_at"]))
            }
        }
    }

    func saveCollection(_ collection: BookCollection) throws(ReaderError) {
        try sql {
            try db.execute(sql: """
                INSERT INTO collections (uuid, name, created_at, modified_at) VALUES (?, ?, ?, ?)
                ON CONFLICT(uuid) DO UPDATE SET name = excluded.name, created_at = excluded.created_at,
                    modified_at = excluded.modified_at
                """, arguments: [collection.uuid, collection.name, collection.createdAt.milliseconds,
                                 collection.modifiedAt.milliseconds])
            try db.execute(sql: "DELETE FROM collection_books WHERE collection_uuid = ?", arguments: [collection.uuid])
            for book in Set(collection.bookUUIDs) {
                try db.execute(sql: "INSERT OR IGNORE INTO collection_books (collection_uuid, book_uuid) VALUES (?, ?)",
                               arguments: [collection.uuid, book])
            }
        }
    }

    func deleteCollection(uuid: String) throws(ReaderError) {
        try sql { try db.execute(sql: "DELETE FROM collections WHERE uuid = ?", arguments: [uuid]) }
    }

    // MARK: Sessions

    func sessions(bookUUID: String?) throws(ReaderError) -> [ReadingSessionRecord] {
        try sql {
            let rows = if let bookUUID {
                try Row.fetchAll(db, sql: "SELECT * FROM reading_sessions WHERE book_uuid = ? ORDER BY started_at, uuid",
                                 arguments: [bookUUID])
            } else {
                try Row.fetchAll(db, sql: "SELECT * FROM reading_sessions ORDER BY started_at, uuid")
            }
            return rows.map { row in
                ReadingSessionRecord(uuid: row["uuid"], bookUUID: row["book_uuid"],
                                     startedAt: Timestamp(milliseconds: row["started_at"]),
                                     endedAt: Timestamp(milliseconds: row["ended_at"]), pagesTurned: row["pages_turned"])
            }
        }
    }

    func saveSession(_ session: ReadingSessionRecord) throws(ReaderError) {
        try sql {
            try db.execute(sql: """
                INSERT OR REPLACE INTO reading_sessions (uuid, book_uuid, started_at, ended_at, pages_turned) VALUES (?, ?, ?, ?, ?)
                """, arguments: [session.uuid, session.bookUUID, session.startedAt.milliseconds, session.endedAt.milliseconds,
                                 session.pagesTurned])
        }
    }
}
