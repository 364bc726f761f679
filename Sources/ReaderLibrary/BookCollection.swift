/// A named, user-made group of books.
public struct BookCollection: Hashable, Sendable, Codable {
    /// The collection's identity across backups.
    public var uuid: String
    /// Its name (unique in a library).
    public var name: String
    /// The books in it (their ``LibraryBook/uuid``s), sorted.
    public var bookUUIDs: [String]
    /// When it was made.
    public var createdAt: Timestamp
    /// When it last changed.
    public var modifiedAt: Timestamp

    /// Creates a collection.
    public init(uuid: String, name: String, bookUUIDs: [String] = [], createdAt: Timestamp, modifiedAt: Timestamp) {
        self.uuid = uuid
        self.name = name
        self.bookUUIDs = bookUUIDs
        self.createdAt = createdAt
        self.modifiedAt = modifiedAt
    }
}
