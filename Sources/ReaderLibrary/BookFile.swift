/// One place on disk where a library book is (a book may be in several).
public struct BookFile: Hashable, Sendable, Codable {
    /// The absolute path.
    public var path: String
    /// The size in bytes when last seen.
    public var size: Int64
    /// The modification time when last seen.
    public var modifiedAt: Timestamp
    /// True when the file was not there at the last scan.
    public var missing: Bool

    /// Creates a file entry.
    public init(path: String, size: Int64, modifiedAt: Timestamp, missing: Bool = false) {
        self.path = path
        self.size = size
        self.modifiedAt = modifiedAt
        self.missing = missing
    }
}
