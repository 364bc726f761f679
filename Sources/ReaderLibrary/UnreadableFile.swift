/// A file a scan found but could not even fingerprint (no permission, vanished mid-read).
public struct UnreadableFile: Hashable, Sendable, Codable {
    /// The absolute path.
    public var path: String
    /// What went wrong.
    public var error: String

    /// Creates an entry.
    public init(path: String, error: String) {
        self.path = path
        self.error = error
    }
}
