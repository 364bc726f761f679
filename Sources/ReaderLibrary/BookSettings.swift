import ReaderCore

/// How one book is shown: its viewport, a forced encoding and its text transforms. Passwords are
/// never stored.
public struct BookSettings: Hashable, Sendable, Codable {
    /// Which book (its ``LibraryBook/uuid``).
    public var bookUUID: String
    /// The viewport to page it at, when not the terminal's.
    public var viewport: Viewport?
    /// The text encoding to decode it with instead of detecting one.
    public var encoding: String?
    /// Text transforms applied in order, by name (`s2t`, `rules:/path/file`, …).
    public var transforms: [String]
    /// When the settings last changed.
    public var modifiedAt: Timestamp

    /// Creates settings.
    public init(bookUUID: String, viewport: Viewport? = nil, encoding: String? = nil, transforms: [String] = [],
                modifiedAt: Timestamp) {
        self.bookUUID = bookUUID
        self.viewport = viewport
        self.encoding = encoding
        self.transforms = transforms
        self.modifiedAt = modifiedAt
    }

    /// True when nothing is set.
    public var isEmpty: Bool { viewport == nil && encoding == nil && transforms.isEmpty }
}
