import ReaderCore
import ReaderLibrary

/// Bookmarks, highlights and notes, settings, collections and reading sessions.
extension PostgresLibraryTransaction {
    // MARK: Annotations

    private static let annotationColumns = """
        uuid, book_uuid, kind, locator, range, note, color, created_at, modified_at, deleted_at, confidence, orphaned
        """

    private static func annotation(from c: PostgresColumns) throws -> Annotation {
        Annotation(
            uuid: try c.string(0), bookUUID: try c.string(1), kind: Annotation.Kind(rawValue: try c.string(2)) ?? .bookmark,
            locator: try Locator(jsonString: try c.string(3)),
            range: try c.optionalString(4).map { try JSONColumnText.decode(LocatorRange.self, $0) },
            note: try c.optionalString(5), color: try c.optionalString(6), createdAt: Timestamp(milliseconds: try c.int64(7)),
            modifiedAt: Timestamp(milliseconds: try c.int64(8)),
            deletedAt: try c.optionalInt64(9).map(Timestamp.init(milliseconds:)), confidence: try c.optionalDouble(10),
            orphaned: try c.bool(11))
    }

    func annotations(bookUUID: String?, includingDeleted: Bool) throws(ReaderError) -> [Annotation] {
        var conditions: [String] = []
        var values: [PostgresValue] = []
        if let bookUUID {
            values.append(.text(bookUUID))
            conditions.append("book_uuid = $\(values.count)")
        }
        if !includingDeleted { conditions.append("deleted_at IS NULL") }
        let filter = conditions.isEmpty ? "" : "WHERE " + conditions.joined(separator: " AND ")
        return try map(try rows("""
            SELECT \(Self.annotationColumns) FROM annotations \(filter) ORDER BY created_at, uuid COLLATE "C"
            """, values), Self.annotation(from:))
    }

    func annotation(uuid: String) throws(ReaderError) -> Annotation? {
        try map(try rows("SELECT \(Self.annotationColumns) FROM annotations WHERE uuid = $1", [.text(uuid)]),
                Self.annotation(from:)).first
    }

    func saveAnnotation(_ annotation: Annotation) throws(ReaderError) {
        let range = try decoding { try annotation.range.map(JSONColumnText.encode) }
        try execute("""
            INSERT INTO annotations (\(Self.annotationColumns)) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
            ON CONFLICT (uuid) DO UPDATE SET book_uuid = excluded.book_uuid, kind = excluded.kind, locator = excluded.locator,
                range = excluded.range, note = excluded.note, color = excluded.color, created_at = excluded.created_at,
                modified_at = excluded.modified_at, deleted_at = excluded.deleted_at, confidence = excluded.confidence,
                orphaned = excluded.orphaned
            """, [
                .text(annotation.uuid), .text(annotation.bookUUID), .text(annotation.kind.rawValue),
                .text(annotation.locator.jsonString()), .text(range), .text(annotation.note), .text(annotation.color),
                .integer(annotation.createdAt.milliseconds), .integer(annotation.modifiedAt.milliseconds),
                .integer(annotation.deletedAt?.milliseconds), .real(annotation.confidence), .boolean(annotation.orphaned),
            ])
    }

    // MARK: Settings

    private static func settings(from c: PostgresColumns) throws -> BookSettings {
        BookSettings(bookUUID: try c.string(0), viewport: try c.optionalString(1).flatMap(Viewport.parse),
                     encoding: try c.optionalString(2), transforms: try JSONColumnText.decode([String].self, try c.string(3)),
                     modifiedAt: Timestamp(milliseconds: try c.int64(4)))
    }

    func allSettings() throws(ReaderError) -> [BookSettings] {
        try map(try rows("""
            SELECT book_uuid, viewport, encoding, transforms, modified_at FROM settings ORDER BY book_uuid COLLATE "C"
            """), Self.settings(from:))
    }

    func settings(bookUUID: String) throws(ReaderError) -> BookSettings? {
        try map(try rows("SELECT book_uuid, viewport, encoding, transforms, modified_at FROM settings WHERE book_uuid = $1",
                         [.text(bookUUID)]), Self.settings(from:)).first
    }

    func saveSettings(_ settings: BookSettings) throws(ReaderError) {
        let transforms = try decoding { try JSONColumnText.encode(settings.transforms) }
        try execute("""
            INSERT INTO settings (book_uuid, viewport, encoding, transforms, modified_at) VALUES ($1, $2, $3, $4, $5)
            ON CONFLICT (book_uuid) DO UPDATE SET viewport = excluded.viewport, encoding = excluded.encoding,
                transforms = excluded.transforms, modified_at = excluded.modified_at
            """, [.text(settings.bookUUID), .text(settings.viewport?.description), .text(settings.encoding), .text(transforms),
                  .integer(settings.modifiedAt.milliseconds)])
    }

    // MARK: Collections

    func collections() throws(ReaderError) -> [BookCollection] {
        var members: [String: [String]] = [:]
        let memberRows = try rows("""
            SELECT collection_uuid, book_uuid FROM collection_books ORDER BY book_uuid COLLATE "C"
            """)
        for (collection, book) in try map(memberRows, { c in (try c.string(0), try c.string(1)) }) {
            members[collection, default: []].append(book)
        }
        return try map(try rows("""
            SELECT uuid, name, created_at, modified_at FROM collections ORDER BY name COLLATE "C"
            """)) { c in
            BookCollection(uuid: try c.string(0), name: try c.string(1), bookUUIDs: members[try c.string(0)] ?? [],
                           createdAt: Timestamp(milliseconds: try c.int64(2)), modifiedAt: Timestamp(milliseconds: try c.int64(3)))
        }
    }

    func saveCollection(_ collection: BookCollection) throws(ReaderError) {
        try execute("""
            INSERT INTO collections (uuid, name, created_at, modified_at) VALUES ($1, $2, $3, $4)
            ON CONFLICT (uuid) DO UPDATE SET name = excluded.name, created_at = excluded.created_at,
                modified_at = excluded.modified_at
            """, [.text(collection.uuid), .text(collection.name), .integer(collection.createdAt.milliseconds),
                  .integer(collection.modifiedAt.milliseconds)])
        try execute("DELETE FROM collection_books WHERE collection_uuid = $1", [.text(collection.uuid)])
        for book in Set(collection.bookUUIDs).sorted() {
            try execute("""
                INSERT INTO collection_books (collection_uuid, book_uuid) VALUES ($1, $2) ON CONFLICT DO NOTHING
                """, [.text(collection.uuid), .text(book)])
        }
    }

    func deleteCollection(uuid: String) throws(ReaderError) {
        try execute("DELETE FROM collections WHERE uuid = $1", [.text(uuid)])
    }

    // MARK: Sessions

    func sessions(bookUUID: String?) throws(ReaderError) -> [ReadingSessionRecord] {
        let columns = "uuid, book_uuid, started_at, ended_at, pages_turned"
        let found = if let bookUUID {
            try rows("""
                SELECT \(columns) FROM reading_sessions WHERE book_uuid = $1 ORDER BY started_at, uuid COLLATE "C"
                """, [.text(bookUUID)])
        } else {
            try rows("SELECT \(columns) FROM reading_sessions ORDER BY started_at, uuid COLLATE \"C\"")
        }
        return try map(found) { c in
            ReadingSessionRecord(uuid: try c.string(0), bookUUID: try c.string(1), startedAt: Timestamp(milliseconds: try c.int64(2)),
                                 endedAt: Timestamp(milliseconds: try c.int64(3)), pagesTurned: try c.int(4))
        }
    }

    func saveSession(_ session: ReadingSessionRecord) throws(ReaderError) {
        try execute("""
            INSERT INTO reading_sessions (uuid, book_uuid, started_at, ended_at, pages_turned) VALUES ($1, $2, $3, $4, $5)
            ON CONFLICT (uuid) DO UPDATE SET book_uuid = excluded.book_uuid, started_at = excluded.started_at,
                ended_at = excluded.ended_at, pages_turned = excluded.pages_turned
            """, [.text(session.uuid), .text(session.bookUUID), .integer(session.startedAt.milliseconds),
                  .integer(session.endedAt.milliseconds), .int(session.pagesTurned)])
    }
}
