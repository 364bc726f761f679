/// What an import changed; all zero when the library already held everything (importing twice
/// changes nothing the second time).
public struct BackupImportSummary: Hashable, Sendable, Codable {
    /// Books added.
    public var booksAdded = 0
    /// Books whose entry (status, progress, tags) was replaced by a newer copy.
    public var booksUpdated = 0
    /// Positions added or replaced by newer ones.
    public var positions = 0
    /// Bookmarks, highlights and notes added or replaced by newer copies (removals included).
    public var annotations = 0
    /// Collections added or replaced.
    public var collections = 0
    /// Settings added or replaced.
    public var settings = 0
    /// Reading sessions added.
    public var readingSessions = 0
    /// The article viewer's highlights and notes of an article, added or replaced by newer ones.
    public var articleAnnotations = 0

    /// An empty summary.
    public init() {}

    /// Whether nothing changed.
    public var isEmpty: Bool { self == BackupImportSummary() }
}
