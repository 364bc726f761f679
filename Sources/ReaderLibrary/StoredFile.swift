/// A file the library knows, as stored: where it is, how it looked when last read, and which book
/// it holds (nil when it could not be fingerprinted).
public struct StoredFile: Hashable, Sendable {
    /// The absolute path.
    public var path: String
    /// The book it holds.
    public var bookUUID: String?
    /// The size in bytes when last read.
    public var size: Int64
    /// The modification time when last read.
    public var modifiedAt: Timestamp
    /// True when it was not there at the last scan.
    public var missing: Bool
    /// Why it could not be fingerprinted, when it could not.
    public var error: String?
    /// True when its book was removed from the library: scans pass it by until it is added by name.
    public var removed: Bool

    /// Creates a file entry.
    public init(path: String, bookUUID: String?, size: Int64, modifiedAt: Timestamp, missing: Bool = false,
                error: String? = nil, removed: Bool = false) {
        self.path = path
        self.bookUUID = bookUUID
        self.size = size
        self.modifiedAt = modifiedAt
        self.missing = missing
        self.error = error
        self.removed = removed
    }
}
