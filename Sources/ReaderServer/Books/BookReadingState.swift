import ReaderCore
import ReaderLibrary

/// `GET/PUT /api/books/ID/position`: where the book was last read.
struct BookPosition: Encodable, Sendable {
    /// The page's first Locator, stamped with the book's fingerprint.
    var locator: Locator
    /// How far through the book, 0...1.
    @Nullable var progression: Double?
    /// When it was recorded (ISO 8601, UTC, milliseconds).
    var updated: String

    init(_ position: ReadingPosition) {
        locator = position.locator
        progression = position.progress
        updated = position.updatedAt.description
    }
}

/// The body of `PUT /api/books/ID/position`.
struct BookPositionUpdate: Decodable, Sendable {
    /// Where the reader is: a Locator of this book (any viewport's page start will do).
    var locator: Locator
    /// How far through the book, 0...1; the Locator's own total progression when absent.
    var progression: Double?
    /// Whether the last page is shown (the book is then marked finished).
    var finished: Bool?
}

/// A bookmark, highlight or note, as `GET /api/books/ID/bookmarks` (…) lists it.
struct BookItem: Encodable, Sendable {
    var id: String
    /// `bookmark`, `highlight` or `note`.
    var kind: String
    var locator: Locator
    /// The highlighted stretch (highlights, and notes made on a range).
    @Nullable var range: LocatorRange?
    @Nullable var note: String?
    @Nullable var color: String?
    /// The text it marks, when known.
    @Nullable var quote: String?
    var created: String
    var modified: String
    /// Set when re-anchoring into a new edition could not place it.
    var orphaned: Bool

    init(_ item: Annotation) {
        id = item.uuid
        kind = item.kind.rawValue
        locator = item.locator
        range = item.range
        note = item.note
        color = item.color
        quote = item.quote
        created = item.createdAt.description
        modified = item.modifiedAt.description
        orphaned = item.orphaned
    }
}

/// The body of `POST /api/books/ID/bookmarks`, `…/highlights` and `…/notes`: where (a Locator,
/// a range, or a page at a viewport), and what to keep with it.
struct BookItemRequest: Decodable, Sendable {
    var locator: Locator?
    var range: LocatorRange?
    var page: Int?
    var width: Int?
    var height: Int?
    var note: String?
    var color: String?
}
