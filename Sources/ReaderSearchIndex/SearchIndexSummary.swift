/// What building a search index made.
public struct SearchIndexSummary: Hashable, Sendable {
    /// Where the database is.
    public var path: String
    /// Sections in the document.
    public var sections: Int
    /// Sections with text (the others have no row).
    public var sectionsWithText: Int
    /// Seams stored between sections whose text runs on.
    public var seams: Int
    /// UTF-8 bytes of folded text indexed (sections and seams).
    public var foldedBytes: Int
    /// The size of the database file in bytes.
    public var databaseBytes: Int
    /// Wall-clock seconds the build took.
    public var seconds: Double

    /// Creates a summary.
    public init(path: String, sections: Int, sectionsWithText: Int, seams: Int, foldedBytes: Int, databaseBytes: Int,
                seconds: Double) {
        self.path = path
        self.sections = sections
        self.sectionsWithText = sectionsWithText
        self.seams = seams
        self.foldedBytes = foldedBytes
        self.databaseBytes = databaseBytes
        self.seconds = seconds
    }
}
