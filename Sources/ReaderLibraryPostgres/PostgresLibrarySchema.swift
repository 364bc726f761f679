/// The PostgreSQL store's schema: named migrations, applied in order under an advisory lock and
/// recorded in `reader_migrations`; never edited once shipped (a change is a new migration). The
/// tables mirror the SQLite library's (`LibrarySchema` in ReaderLibrary) in PostgreSQL's types.
enum PostgresLibrarySchema {
    /// The migrations, oldest first: a name and its statements.
    static let migrations: [(name: String, statements: [String])] = [
        ("v1-library", [
            """
            CREATE TABLE books (
                uuid TEXT PRIMARY KEY, fingerprint TEXT NOT NULL UNIQUE, partial_md5 TEXT, format TEXT NOT NULL,
                title TEXT, authors TEXT NOT NULL DEFAULT '[]', language TEXT, toc_count BIGINT, page_count BIGINT,
                page_count_exact BOOLEAN NOT NULL DEFAULT FALSE, error TEXT, added_at BIGINT NOT NULL,
                modified_at BIGINT NOT NULL, status TEXT NOT NULL DEFAULT 'unread', progress DOUBLE PRECISION,
                last_read_at BIGINT, tags TEXT NOT NULL DEFAULT '[]')
            """,
            "CREATE INDEX books_partial_md5 ON books(partial_md5)",
            """
            CREATE TABLE files (
                path TEXT PRIMARY KEY, book_uuid TEXT REFERENCES books(uuid) ON DELETE CASCADE, size BIGINT NOT NULL,
                mtime BIGINT NOT NULL, missing BOOLEAN NOT NULL DEFAULT FALSE, error TEXT)
            """,
            "CREATE INDEX files_book ON files(book_uuid)",
            "CREATE TABLE folders (path TEXT PRIMARY KEY, added_at BIGINT NOT NULL)",
            """
            CREATE TABLE covers (
                book_uuid TEXT PRIMARY KEY REFERENCES books(uuid) ON DELETE CASCADE, media_type TEXT NOT NULL,
                data BYTEA NOT NULL)
            """,
            """
            CREATE TABLE positions (
                book_uuid TEXT PRIMARY KEY REFERENCES books(uuid) ON DELETE CASCADE, locator TEXT NOT NULL,
                progress DOUBLE PRECISION, updated_at BIGINT NOT NULL)
            """,
            """
            CREATE TABLE annotations (
                uuid TEXT PRIMARY KEY, book_uuid TEXT NOT NULL REFERENCES books(uuid) ON DELETE CASCADE,
                kind TEXT NOT NULL, locator TEXT NOT NULL, range TEXT, note TEXT, color TEXT, created_at BIGINT NOT NULL,
                modified_at BIGINT NOT NULL, deleted_at BIGINT, confidence DOUBLE PRECISION,
                orphaned BOOLEAN NOT NULL DEFAULT FALSE)
            """,
            "CREATE INDEX annotations_book ON annotations(book_uuid, created_at)",
            """
            CREATE TABLE settings (
                book_uuid TEXT PRIMARY KEY REFERENCES books(uuid) ON DELETE CASCADE, viewport TEXT, encoding TEXT,
                transforms TEXT NOT NULL DEFAULT '[]', modified_at BIGINT NOT NULL)
            """,
            """
            CREATE TABLE collections (
                uuid TEXT PRIMARY KEY, name TEXT NOT NULL UNIQUE, created_at BIGINT NOT NULL, modified_at BIGINT NOT NULL)
            """,
            """
            CREATE TABLE collection_books (
                collection_uuid TEXT NOT NULL REFERENCES collections(uuid) ON DELETE CASCADE,
                book_uuid TEXT NOT NULL REFERENCES books(uuid) ON DELETE CASCADE, PRIMARY KEY (collection_uuid, book_uuid))
            """,
            "CREATE INDEX collection_books_book ON collection_books(book_uuid)",
            """
            CREATE TABLE reading_sessions (
                uuid TEXT PRIMARY KEY, book_uuid TEXT NOT NULL REFERENCES books(uuid) ON DELETE CASCADE,
                started_at BIGINT NOT NULL, ended_at BIGINT NOT NULL, pages_turned BIGINT NOT NULL)
            """,
            "CREATE INDEX reading_sessions_book ON reading_sessions(book_uuid, ended_at)",
        ]),
        ("v2-editions-kosync", [
            """
            CREATE TABLE editions (
                partial_md5 TEXT PRIMARY KEY, book_uuid TEXT NOT NULL REFERENCES books(uuid) ON DELETE CASCADE,
                fingerprint TEXT NOT NULL, path TEXT NOT NULL, recorded_at BIGINT NOT NULL)
            """,
            "CREATE INDEX editions_book ON editions(book_uuid)",
            """
            CREATE TABLE kosync_users (
                username TEXT PRIMARY KEY, key_hash BYTEA NOT NULL, salt BYTEA NOT NULL, iterations BIGINT NOT NULL,
                created_at BIGINT NOT NULL)
            """,
            """
            CREATE TABLE kosync_progress (
                username TEXT NOT NULL REFERENCES kosync_users(username) ON DELETE CASCADE, document TEXT NOT NULL,
                progress TEXT NOT NULL, percentage DOUBLE PRECISION NOT NULL, device TEXT NOT NULL, device_id TEXT,
                pushed_at BIGINT NOT NULL, PRIMARY KEY (username, document))
            """,
        ]),
        ("v3-viewer-annotations-removals", [
            """
            CREATE TABLE viewer_annotations (
                kind TEXT NOT NULL, name TEXT NOT NULL, value TEXT NOT NULL, updated_at BIGINT NOT NULL,
                PRIMARY KEY (kind, name))
            """,
            "ALTER TABLE files ADD COLUMN removed BOOLEAN NOT NULL DEFAULT false",
        ]),
    ]

    /// The tables the current schema has, for the integrity check.
    static let tables = [
        "books", "files", "folders", "covers", "positions", "annotations", "settings", "collections", "collection_books",
        "reading_sessions", "editions", "kosync_users", "kosync_progress", "viewer_annotations",
    ]
}
