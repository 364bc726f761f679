/// Where a reader is with a book.
public enum ReadingStatus: String, Hashable, Sendable, Codable, CaseIterable {
    /// Never opened through the library.
    case unread
    /// Opened, not finished.
    case reading
    /// Read to the end, or marked so.
    case finished
}
