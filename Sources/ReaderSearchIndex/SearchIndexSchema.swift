import ReaderSearch

/// The layout of a search index database. A database whose `user_version` or `meta` rows differ
/// from these is not used.
enum SearchIndexSchema {
    /// Bumped whenever the tables or what goes in them change.
    static let version = 1
    /// The application id SQLite keeps in the file header, so a database made by another program
    /// is told apart from ours ("RDSI").
    static let applicationID: Int32 = 0x5244_5349

    /// Folded UTF-16 units kept on each side of a seam between two sections that run on.
    static let seamReach = 512

    static let create = """
        CREATE TABLE meta(key TEXT PRIMARY KEY NOT NULL, value TEXT NOT NULL) WITHOUT ROWID;
        CREATE VIRTUAL TABLE section_text USING fts5(text, tokenize = 'trigram case_sensitive 1');
        CREATE VIRTUAL TABLE seam_text USING fts5(
            first_section UNINDEXED, last_section UNINDEXED, text, tokenize = 'trigram case_sensitive 1');
        """

    /// What the `meta` table must hold for the index to be used with a document.
    static func expectedMeta(fingerprint: String, sectionCount: Int) -> [String: String] {
        [
            "schema": String(version),
            "folding": String(TextFolding.version),
            "fingerprint": fingerprint,
            "sections": String(sectionCount),
            "seamReach": String(seamReach),
            "complete": "1",
        ]
    }
}
