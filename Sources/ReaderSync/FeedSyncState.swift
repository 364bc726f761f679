import Foundation
import GRDB
import ReaderCore
import ReaderFetch

/// What `feeds sync` remembers between runs, in SQLite inside the article folder
/// (`.reader-feeds.sqlite`): the items already written (by key: the article's address, else the
/// feed's id for it), and each feed's last copy with its validators for a conditional GET.
public final class FeedSyncState: Sendable {
    /// The database file's name in the folder.
    public static let fileName = ".reader-feeds.sqlite"

    /// The database's path.
    public let path: String
    private let queue: DatabaseQueue

    /// Opens (creating when missing) the state of the folder at `folder`.
    /// - Throws: ``ReaderCore/ReaderError`` `unreadable` when the database cannot be opened.
    public init(folder: String) throws(ReaderError) {
        path = URL(fileURLWithPath: folder).appendingPathComponent(Self.fileName).path
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            var configuration = Configuration()
            configuration.busyMode = .timeout(10)
            queue = try DatabaseQueue(path: path, configuration: configuration)
            try Self.migrator.migrate(queue)
        } catch {
            throw ReaderError(.unreadable, file: path, reason: "cannot open the feed sync state: \(error)", cause: error)
        }
    }

    private static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.execute(sql: """
                CREATE TABLE item (
                    key TEXT PRIMARY KEY NOT NULL,
                    url TEXT,
                    feed TEXT NOT NULL,
                    path TEXT NOT NULL,
                    title TEXT,
                    source TEXT NOT NULL,
                    processed_at REAL NOT NULL
                );
                CREATE TABLE feed (
                    url TEXT PRIMARY KEY NOT NULL,
                    etag TEXT,
                    last_modified TEXT,
                    content_type TEXT,
                    body BLOB NOT NULL,
                    fetched_at REAL NOT NULL
                );
                """)
        }
        return migrator
    }

    /// The keys among `keys` already processed.
    public func processed(among keys: [String]) throws(ReaderError) -> Set<String> {
        try read { db in
            var found = Set<String>()
            for key in keys {
                if try Bool.fetchOne(db, sql: "SELECT 1 FROM item WHERE key = ?", arguments: [key]) == true { found.insert(key) }
            }
            return found
        }
    }

    /// Records an item as written.
    public func markProcessed(key: String, url: String?, feed: String, path: String, title: String?, source: String) throws(ReaderError) {
        try write { db in
            try db.execute(sql: """
                INSERT OR REPLACE INTO item (key, url, feed, path, title, source, processed_at) VALUES (?, ?, ?, ?, ?, ?, ?)
                """, arguments: [key, url, feed, path, title, source, Date().timeIntervalSince1970])
        }
    }

    /// How many items are recorded.
    public func processedCount() throws(ReaderError) -> Int {
        try read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM item") ?? 0 }
    }

    /// The feed's last copy, when one was kept.
    public func cachedCopy(ofFeed url: String) throws(ReaderError) -> CachedCopy? {
        try read { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT etag, last_modified, content_type, body FROM feed WHERE url = ?",
                                             arguments: [url]) else { return nil }
            let body: Data = row["body"]
            return CachedCopy(etag: row["etag"], lastModified: row["last_modified"], body: [UInt8](body), contentType: row["content_type"])
        }
    }

    /// Keeps a feed's copy for the next run.
    public func store(_ copy: CachedCopy, ofFeed url: String) throws(ReaderError) {
        try write { db in
            try db.execute(sql: """
                INSERT OR REPLACE INTO feed (url, etag, last_modified, content_type, body, fetched_at) VALUES (?, ?, ?, ?, ?, ?)
                """, arguments: [url, copy.etag, copy.lastModified, copy.contentType, Data(copy.body), Date().timeIntervalSince1970])
        }
    }

    private func read<T>(_ body: (Database) throws -> T) throws(ReaderError) -> T {
        do { return try queue.read(body) } catch { throw failure(error) }
    }

    private func write(_ body: (Database) throws -> Void) throws(ReaderError) {
        do { try queue.write(body) } catch { throw failure(error) }
    }

    private func failure(_ error: any Error) -> ReaderError {
        ReaderError(.unreadable, file: path, reason: "the feed sync state: \(error)", cause: error)
    }
}
