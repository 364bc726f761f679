import ReaderCore

/// A bookmark, a highlight or a note on a book, kept by its Locator (and range, for a highlight)
/// with the text around it, so it resolves on any viewport and can be re-anchored in another
/// edition.
public struct Annotation: Hashable, Sendable, Codable {
    /// What kind of item it is.
    public enum Kind: String, Hashable, Sendable, Codable, CaseIterable {
        /// A place.
        case bookmark
        /// A stretch of text, with a colour and an optional note.
        case highlight
        /// A note at a place.
        case note
    }

    /// The item's identity across libraries and backups.
    public var uuid: String
    /// Which book (its ``LibraryBook/uuid``).
    public var bookUUID: String
    /// The kind.
    public var kind: Kind
    /// Where it is: a highlight's start, a bookmark's or note's place. Stamped with the
    /// fingerprint of the edition it was made or last re-anchored on.
    public var locator: Locator
    /// A highlight's range.
    public var range: LocatorRange?
    /// The note's text (a note's content, or a highlight's comment).
    public var note: String?
    /// A highlight's colour (a name or `#rrggbb`).
    public var color: String?
    /// When it was made.
    public var createdAt: Timestamp
    /// When it last changed (a backup import keeps the newer of two copies).
    public var modifiedAt: Timestamp
    /// When it was removed; removed items are kept so a removal wins over an older copy in a backup.
    public var deletedAt: Timestamp?
    /// How sure the last re-anchoring was (nil when never re-anchored).
    public var confidence: Double?
    /// True when the book changed and the item could not be placed in the new edition; it keeps
    /// its old Locator.
    public var orphaned: Bool

    /// Creates an item.
    public init(uuid: String, bookUUID: String, kind: Kind, locator: Locator, range: LocatorRange? = nil,
                note: String? = nil, color: String? = nil, createdAt: Timestamp, modifiedAt: Timestamp,
                deletedAt: Timestamp? = nil, confidence: Double? = nil, orphaned: Bool = false) {
        self.uuid = uuid
        self.bookUUID = bookUUID
        self.kind = kind
        self.locator = locator
        self.range = range
        self.note = note
        self.color = color
        self.createdAt = createdAt
        self.modifiedAt = modifiedAt
        self.deletedAt = deletedAt
        self.confidence = confidence
        self.orphaned = orphaned
    }

    /// The quoted text: a highlight's range text, else the Locator's highlight context.
    public var quote: String? { range?.text ?? locator.text?.highlight }
}
