/// Simple figures about a library and the reading done through it.
public struct LibraryStatistics: Hashable, Sendable, Codable {
    /// Books in the library.
    public var books = 0
    /// Books by status (`unread`, `reading`, `finished`).
    public var byStatus: [String: Int] = [:]
    /// Books by format.
    public var byFormat: [String: Int] = [:]
    /// Books with at least one missing file.
    public var withMissingFiles = 0
    /// Books that cannot be opened.
    public var withErrors = 0
    /// Files that could not be read at all.
    public var unreadableFiles = 0
    /// Bookmarks, highlights and notes (removed ones not counted).
    public var bookmarks = 0, highlights = 0, notes = 0
    /// Orphaned items (not placed in a book's new edition).
    public var orphaned = 0
    /// Reading sessions recorded.
    public var sessions = 0
    /// Pages shown in them.
    public var pagesTurned = 0
    /// Time spent in them, in seconds (each from its first to its last page).
    public var readingSeconds: Int64 = 0
    /// When a page was last shown.
    public var lastReadAt: Timestamp?

    /// Empty figures.
    public init() {}
}
