/// A file attached to an item (RSS `enclosure`, Atom `link rel="enclosure"`, JSON Feed attachment).
public struct FeedEnclosure: Hashable, Sendable, Codable {
    /// Where the file is.
    public var url: String
    /// Its media type, when given.
    public var type: String?
    /// Its length in bytes as written, when given.
    public var length: String?
    /// Its duration in seconds (JSON Feed `duration_in_seconds`), when given.
    public var durationSeconds: Double?

    /// Creates an enclosure.
    public init(url: String, type: String? = nil, length: String? = nil, durationSeconds: Double? = nil) {
        self.url = url
        self.type = type
        self.length = length
        self.durationSeconds = durationSeconds
    }
}
