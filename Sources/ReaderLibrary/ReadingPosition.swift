import ReaderCore

/// Where a book was last read.
public struct ReadingPosition: Hashable, Sendable, Codable {
    /// Which book (its ``LibraryBook/uuid``).
    public var bookUUID: String
    /// The position, stamped with the fingerprint of the edition it was recorded on.
    public var locator: Locator
    /// How far into the book, 0...1.
    public var progress: Double?
    /// When it was recorded.
    public var updatedAt: Timestamp

    /// Creates a position.
    public init(bookUUID: String, locator: Locator, progress: Double?, updatedAt: Timestamp) {
        self.bookUUID = bookUUID
        self.locator = locator
        self.progress = progress
        self.updatedAt = updatedAt
    }
}
