/// A stretch of reading one book: when it started and ended, and how many pages were shown.
public struct ReadingSessionRecord: Hashable, Sendable, Codable {
    /// The session's identity across backups.
    public var uuid: String
    /// Which book (its ``LibraryBook/uuid``).
    public var bookUUID: String
    /// When the first page was shown.
    public var startedAt: Timestamp
    /// When the last page was shown.
    public var endedAt: Timestamp
    /// Pages shown during the session.
    public var pagesTurned: Int

    /// Creates a session record.
    public init(uuid: String, bookUUID: String, startedAt: Timestamp, endedAt: Timestamp, pagesTurned: Int) {
        self.uuid = uuid
        self.bookUUID = bookUUID
        self.startedAt = startedAt
        self.endedAt = endedAt
        self.pagesTurned = pagesTurned
    }
}
