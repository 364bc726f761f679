import ReaderSearch

/// The layout of a search index database. A database whose `user_version` or `meta` rows differ
/// from these is not used.
enum SearchIndexSchema {
    /// Bumped whenever the tables or what goes in them change (2: contentless trigram tables
    /// without positions, the seams' section ranges in a table of their own).
    static let version = 2
    /// The application id SQLite keeps in the file header, so a database made by another program
    /// is told apart from ours ("RDSI").
    static let applicationID: Int32 = 0x5244_5349

    /// Folded UTF-16 units kept on each side of a seam between two sections that run on.
    static let seamReach = 512

    /// The trigram tables keep neither the text (`content=''`) nor positions (`detail=none`): the
    /// index only answers which rows hold every trigram of a query, and the search that follows
    /// checks each candidate, so a row holding the trigrams apart is harmless. That keeps the index
    /// near the size of the folded text instead of ten times it.
    static let create = """
        CREATE TABLE meta(key TEXT PRIMARY KEY NOT NULL, value TEXT NOT NULL) WITHOUT ROWID;
        CREATE VIRTUAL TABLE section_text USING fts5(
            text, tokenize = 'trigram case_sensitive 1', content = '', detail = none);
        CREATE TABLE seam(id INTEGER PRIMARY KEY, first_section INTEGER NOT NULL, last_section INTEGER NOT NULL);
        CREATE VIRTUAL TABLE seam_text USING fts5(
            text, tokenize = 'trigram case_sensitive 1', content = '', detail = none);
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
