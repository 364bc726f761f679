/// What `add` or `scan` found.
public struct ScanReport: Hashable, Sendable, Codable {
    /// Files of books new to the library.
    public var added: [String] = []
    /// Files already known as another path of a book (a moved, renamed or copied file).
    public var linked: [String] = []
    /// Files whose book changed edition at the same path (its items re-anchored).
    public var newEditions: [String] = []
    /// Files whose size and modification time were unchanged, so were not read.
    public var unchanged = 0
    /// Known files that were not there.
    public var missing: [String] = []
    /// Files listed with an error: unreadable, or a book that cannot be opened (encrypted, DRM, damaged).
    public var failed: [UnreadableFile] = []
    /// Items (bookmarks, highlights, notes, positions) placed in a new edition.
    public var reanchored = 0
    /// Items that could not be placed in a new edition, kept and marked orphaned.
    public var orphaned = 0

    /// An empty report.
    public init() {}

    mutating func merge(_ other: ScanReport) {
        added += other.added
        linked += other.linked
        newEditions += other.newEditions
        unchanged += other.unchanged
        missing += other.missing
        failed += other.failed
        reanchored += other.reanchored
        orphaned += other.orphaned
    }
}
