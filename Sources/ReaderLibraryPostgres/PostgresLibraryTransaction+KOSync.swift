import ReaderCore
import ReaderLibrary

/// Former editions and the KOSync accounts and progress.
extension PostgresLibraryTransaction {
    // MARK: Editions

    func bookUUIDs(partialMD5: String) throws(ReaderError) -> [String] {
        try map(try rows("SELECT uuid FROM books WHERE partial_md5 = $1 ORDER BY added_at, uuid COLLATE \"C\"",
                         [.text(partialMD5)])) { c in try c.string(0) }
    }

    private static let editionColumns = "partial_md5, book_uuid, fingerprint, path, recorded_at"

    private static func edition(from c: PostgresColumns) throws -> BookEdition {
        BookEdition(partialMD5: try c.string(0), bookUUID: try c.string(1), fingerprint: try c.string(2), path: try c.string(3),
                    recordedAt: Timestamp(milliseconds: try c.int64(4)))
    }

    func edition(partialMD5: String) throws(ReaderError) -> BookEdition? {
        try map(try rows("SELECT \(Self.editionColumns) FROM editions WHERE partial_md5 = $1", [.text(partialMD5)]),
                Self.edition(from:)).first
    }

    func editions(bookUUID: String) throws(ReaderError) -> [BookEdition] {
        try map(try rows("""
            SELECT \(Self.editionColumns) FROM editions WHERE book_uuid = $1 ORDER BY recorded_at, partial_md5 COLLATE "C"
            """, [.text(bookUUID)]), Self.edition(from:))
    }

    func saveEdition(_ edition: BookEdition) throws(ReaderError) {
        try execute("""
            INSERT INTO editions (\(Self.editionColumns)) VALUES ($1, $2, $3, $4, $5)
            ON CONFLICT (partial_md5) DO UPDATE SET book_uuid = excluded.book_uuid, fingerprint = excluded.fingerprint,
                path = excluded.path, recorded_at = excluded.recorded_at
            """, [.text(edition.partialMD5), .text(edition.bookUUID), .text(edition.fingerprint), .text(edition.path),
                  .integer(edition.recordedAt.milliseconds)])
    }

    func deleteEdition(partialMD5: String) throws(ReaderError) {
        try execute("DELETE FROM editions WHERE partial_md5 = $1", [.text(partialMD5)])
    }

    // MARK: KOSync

    func kosyncUser(username: String) throws(ReaderError) -> KOSyncUser? {
        try map(try rows("""
            SELECT username, key_hash, salt, iterations, created_at FROM kosync_users WHERE username = $1
            """, [.text(username)])) { c in
            KOSyncUser(username: try c.string(0), keyHash: try c.bytes(1), salt: try c.bytes(2), iterations: try c.int(3),
                       createdAt: Timestamp(milliseconds: try c.int64(4)))
        }.first
    }

    func insertKOSyncUser(_ user: KOSyncUser) throws(ReaderError) -> Bool {
        try execute("""
            INSERT INTO kosync_users (username, key_hash, salt, iterations, created_at) VALUES ($1, $2, $3, $4, $5)
            ON CONFLICT DO NOTHING
            """, [.text(user.username), .bytes(user.keyHash), .bytes(user.salt), .int(user.iterations),
                  .integer(user.createdAt.milliseconds)]) == 1
    }

    func kosyncRecord(username: String, document: String) throws(ReaderError) -> KOSyncRecord? {
        try map(try rows("""
            SELECT username, document, progress, percentage, device, device_id, pushed_at FROM kosync_progress
            WHERE username = $1 AND document = $2
            """, [.text(username), .text(document)])) { c in
            KOSyncRecord(username: try c.string(0),
                         progress: KOSyncProgress(document: try c.string(1), progress: try c.string(2),
                                                  percentage: try c.double(3), device: try c.string(4),
                                                  deviceID: try c.optionalString(5)),
                         timestamp: try c.int64(6))
        }.first
    }

    func saveKOSyncRecord(_ record: KOSyncRecord) throws(ReaderError) {
        let progress = record.progress
        try execute("""
            INSERT INTO kosync_progress (username, document, progress, percentage, device, device_id, pushed_at)
            VALUES ($1, $2, $3, $4, $5, $6, $7)
            ON CONFLICT (username, document) DO UPDATE SET progress = excluded.progress, percentage = excluded.percentage,
                device = excluded.device, device_id = excluded.device_id, pushed_at = excluded.pushed_at
            """, [.text(record.username), .text(progress.document), .text(progress.progress), .real(progress.percentage),
                  .text(progress.device), .text(progress.deviceID), .integer(record.timestamp)])
    }
}
