import Foundation
import GRDB
import ReaderCore

/// Former editions and the KOSync accounts and progress (schema migration `v2-editions-kosync`).
extension SQLiteLibraryTransaction {
    // MARK: Editions

    func bookUUIDs(partialMD5: String) throws(ReaderError) -> [String] {
        try sql {
            try String.fetchAll(db, sql: "SELECT uuid FROM books WHERE partial_md5 = ? ORDER BY added_at, uuid",
                                arguments: [partialMD5])
        }
    }

    func edition(partialMD5: String) throws(ReaderError) -> BookEdition? {
        try sql {
            try Row.fetchOne(db, sql: "SELECT * FROM editions WHERE partial_md5 = ?", arguments: [partialMD5])
                .map(Self.edition(from:))
        }
    }

    func editions(bookUUID: String) throws(ReaderError) -> [BookEdition] {
        try sql {
            try Row.fetchAll(db, sql: "SELECT * FROM editions WHERE book_uuid = ? ORDER BY recorded_at, partial_md5",
                             arguments: [bookUUID]).map(Self.edition(from:))
        }
    }

    func saveEdition(_ edition: BookEdition) throws(ReaderError) {
        try sql {
            try db.execute(sql: """
                INSERT OR REPLACE INTO editions (partial_md5, book_uuid, fingerprint, path, recorded_at) VALUES (?, ?, ?, ?, ?)
                """, arguments: [edition.partialMD5, edition.bookUUID, edition.fingerprint, edition.path,
                                 edition.recordedAt.milliseconds])
        }
    }

    func deleteEdition(partialMD5: String) throws(ReaderError) {
        try sql { try db.execute(sql: "DELETE FROM editions WHERE partial_md5 = ?", arguments: [partialMD5]) }
    }

    private static func edition(from row: Row) -> BookEdition {
        BookEdition(partialMD5: row["partial_md5"], bookUUID: row["book_uuid"], fingerprint: row["fingerprint"],
                    path: row["path"], recordedAt: Timestamp(milliseconds: row["recorded_at"]))
    }

    // MARK: KOSync

    func kosyncUser(username: String) throws(ReaderError) -> KOSyncUser? {
        try sql {
            guard let row = try Row.fetchOne(db, sql: "SELECT * FROM kosync_users WHERE username = ?", arguments: [username])
            else { return nil }
            let hash: Data = row["key_hash"]
            let salt: Data = row["salt"]
            return KOSyncUser(username: row["username"], keyHash: [UInt8](hash), salt: [UInt8](salt),
                              iterations: row["iterations"], createdAt: Timestamp(milliseconds: row["created_at"]))
        }
    }

    func insertKOSyncUser(_ user: KOSyncUser) throws(ReaderError) -> Bool {
        try sql {
            try db.execute(sql: """
                INSERT OR IGNORE INTO kosync_users (username, key_hash, salt, iterations, created_at) VALUES (?, ?, ?, ?, ?)
                """, arguments: [user.username, Data(user.keyHash), Data(user.salt), user.iterations,
                                 user.createdAt.milliseconds])
            return db.changesCount == 1
        }
    }

    func kosyncRecord(username: String, document: String) throws(ReaderError) -> KOSyncRecord? {
        try sql {
            guard let row = try Row.fetchOne(db, sql: "SELECT * FROM kosync_progress WHERE username = ? AND document = ?",
                                             arguments: [username, document]) else { return nil }
            return KOSyncRecord(
                username: row["username"],
                progress: KOSyncProgress(document: row["document"], progress: row["progress"], percentage: row["percentage"],
                                         device: row["device"], deviceID: row["device_id"]),
                timestamp: row["timestamp"])
        }
    }

    func saveKOSyncRecord(_ record: KOSyncRecord) throws(ReaderError) {
        try sql {
            let progress = record.progress
            try db.execute(sql: """
                INSERT OR REPLACE INTO kosync_progress (username, document, progress, percentage, device, device_id, timestamp)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                """, arguments: [record.username, progress.document, progress.progress, progress.percentage, progress.device,
                                 progress.deviceID, record.timestamp])
        }
    }
}
