/// The software that made a feed.
public struct FeedGenerator: Hashable, Sendable, Codable {
    /// Its name.
    public var name: String
    /// Its web address (Atom `uri`/`url`), when given.
    public var uri: String?
    /// Its version, when given.
    public var version: String?

    /// Creates a generator.
    public init(name: String, uri: String? = nil, version: String? = nil) {
        self.name = name
        self.uri = uri
        self.version = version
    }
}
