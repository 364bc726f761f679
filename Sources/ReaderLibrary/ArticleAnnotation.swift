/// What the article viewer of `reader serve --writable` saved for one article: its highlights or
/// its notes, as the JSON the viewer sent, with when it was saved.
public struct ArticleAnnotation: Hashable, Sendable, Codable {
    /// `highlights` or `notes`.
    public var kind: String
    /// The article's file name, as the viewer names it.
    public var name: String
    /// The viewer's JSON, kept as sent.
    public var value: String
    /// When it was saved; of two copies the later wins on import.
    public var updatedAt: Timestamp

    /// The kinds the viewer saves.
    public static let kinds: Set<String> = ["highlights", "notes"]

    /// Creates a record.
    public init(kind: String, name: String, value: String, updatedAt: Timestamp) {
        self.kind = kind
        self.name = name
        self.value = value
        self.updatedAt = updatedAt
    }
}
