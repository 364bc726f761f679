import GRDB

/// The library database's schema: named migrations, applied in order and never edited once
/// shipped (a change is a new migration).
enum LibrarySchema {
    /// `PRAGMA application_id` of a library database ("RdLb").
    static let applicationID: Int32 = 0x5264_4C62
    /// The migrations, oldest first; `PRAGMA user_version` is the number applied.
    static let migrationNames = ["v1-books-annotations", "v2-editions-kosync", "v3-viewer-annotations-removals"]
    /// The schema version this build writes.
    static var version: Int { migrationNames.count }

    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration(migrationNames[0]) { db in
            try db.execute(sql: """
                CREATE TABLE books (
                    uuid TEXT PRIMARY KEY NOT NULL,
                    fingerprint TEXT NOT NULL UNIQUE,
                    partial_md5 TEXT,
                    format TEXT NOT NULL,
                    title TEXT,
                    authors TEXT NOT NULL DEFAULT '[]',
                    language TEXT,
                    toc_count INTEGER,
                    page_count INTEGER,
                    page_count_exact INTEGER NOT NULL DEFAULT 0,
                    error TEXT,
                    added_at INTEGER NOT NULL,
                    modified_at INTEGER NOT NULL,
                    status TEXT NOT NULL DEFAULT 'unread',
                    progress REAL,
                    last_read_at INTEGER,
                    tags TEXT NOT NULL DEFAULT '[]'
                );
                CREATE INDEX books_partial_md5 ON books(partial_md5);
                CREATE TABLE files (
                    path TEXT PRIMARY KEY NOT NULL,
                    book_uuid TEXT REFERENCES books(uuid) ON DELETE CASCADE,
                    size INTEGER NOT NULL,
                    mtime INTEGER NOT NULL,
                    missing INTEGER NOT NULL DEFAULT 0,
                    error TEXT
                );
                CREATE INDEX files_book ON files(book_uuid);
                CREATE TABLE folders (path TEXT PRIMARY KEY NOT NULL, added_at INTEGER NOT NULL);
                CREATE TABLE covers (
                    book_uuid TEXT PRIMARY KEY NOT NULL REFERENCES books(uuid) ON DELETE CASCADE,
                    media_type TEXT NOT NULL,
                    data BLOB NOT NULL
                );
                CREATE TABLE positions (
                    book_uuid TEXT PRIMARY KEY NOT NULL REFERENCES books(uuid) ON DELETE CASCADE,
                    locator TEXT NOT NULL,
                    progress REAL,
                    updated_at INTEGER NOT NULL
                );
                CREATE TABLE annotations (
                    uuid TEXT PRIMARY KEY NOT NULL,
                    book_uuid TEXT NOT NULL REFERENCES books(uuid) ON DELETE CASCADE,
                    kind TEXT NOT NULL,
                    locator TEXT NOT NULL,
                    range TEXT,
                    note TEXT,
                    color TEXT,
                    created_at INTEGER NOT NULL,
                    modified_at INTEGER NOT NULL,
                    deleted_at INTEGER,
                    confidence REAL,
                    orphaned INTEGER NOT NULL DEFAULT 0
                );
                CREATE INDEX annotations_book ON annotations(book_uuid, created_at);
                CREATE TABLE settings (
                    book_uuid TEXT PRIMARY KEY NOT NULL REFERENCES books(uuid) ON DELETE CASCADE,
                    viewport TEXT,
                    encoding TEXT,
                    transforms TEXT NOT NULL DEFAULT '[]',
                    modified_at INTEGER NOT NULL
                );
                CREATE TABLE collections (
                    uuid TEXT PRIMARY KEY NOT NULL,
                    name TEXT NOT NULL UNIQUE,
                    created_at INTEGER NOT NULL,
                    modified_at INTEGER NOT NULL
                );
                CREATE TABLE collection_books (
                    collection_uuid TEXT NOT NULL REFERENCES collections(uuid) ON DELETE CASCADE,
                    book_uuid TEXT NOT NULL REFERENCES books(uuid) ON DELETE CASCADE,
                    PRIMARY KEY (collection_uuid, book_uuid)
                );
                CREATE INDEX collection_books_book ON collection_books(book_uuid);
                CREATE TABLE reading_sessions (
                    uuid TEXT PRIMARY KEY NOT NULL,
                    book_uuid TEXT NOT NULL REFERENCES books(uuid) ON DELETE CASCADE,
                    started_at INTEGER NOT NULL,
                    ended_at INTEGER NOT NULL,
                    pages_turned INTEGER NOT NULL
                );
                CREATE INDEX reading_sessions_book ON reading_sessions(book_uuid, ended_at);
                """)
        }
        migrator.registerMigration(migrationNames[1]) { db in
            try db.execute(sql: """
                CREATE TABLE editions (
                    partial_md5 TEXT PRIMARY KEY NOT NULL,
                    book_uuid TEXT NOT NULL REFERENCES books(uuid) ON DELETE CASCADE,
                    fingerprint TEXT NOT NULL,
                    path TEXT NOT NULL,
                    recorded_at INTEGER NOT NULL
                );
                CREATE INDEX editions_book ON editions(book_uuid);
                CREATE TABLE kosync_users (
                    username TEXT PRIMARY KEY NOT NULL,
                    key_hash BLOB NOT NULL,
                    salt BLOB NOT NULL,
                    iterations INTEGER NOT NULL,
                    created_at INTEGER NOT NULL
                );
                CREATE TABLE kosync_progress (
                    username TEXT NOT NULL REFERENCES kosync_users(username) ON DELETE CASCADE,
                    document TEXT NOT NULL,
                    progress TEXT NOT NULL,
                    percentage REAL NOT NULL,
                    device TEXT NOT NULL,
                    device_id TEXT,
                    timestamp INTEGER NOT NULL,
                    PRIMARY KEY (username, document)
                );
                """)
        }
        migrator.registerMigration(migrationNames[2]) { db in
            try db.execute(sql: """
                CREATE TABLE viewer_annotations (
                    kind TEXT NOT NULL,
                    name TEXT NOT NULL,
                    value TEXT NOT NULL,
                    updated_at INTEGER NOT NULL,
                    PRIMARY KEY (kind, name)
                );
                ALTER TABLE files ADD COLUMN removed INTEGER NOT NULL DEFAULT 0;
                """)
        }
        return migrator
    }
}
