/// An edition a book had before `library link` made another file its current one: its KOReader
/// document key and where its file was, so a device still reading it can be given a position
/// converted from another edition's.
public struct BookEdition: Hashable, Sendable {
    /// KOReader's partial MD5 of the edition's file.
    public var partialMD5: String
    /// The book it is an edition of.
    public var bookUUID: String
    /// The engine's fingerprint of the edition.
    public var fingerprint: String
    /// Where its file was last seen.
    public var path: String
    /// When it stopped being the book's current edition.
    public var recordedAt: Timestamp

    /// Creates an edition entry.
    public init(partialMD5: String, bookUUID: String, fingerprint: String, path: String, recordedAt: Timestamp) {
        self.partialMD5 = partialMD5
        self.bookUUID = bookUUID
        self.fingerprint = fingerprint
        self.path = path
        self.recordedAt = recordedAt
    }
}
