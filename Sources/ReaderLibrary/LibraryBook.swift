/// A book in the library: one fingerprint (one edition's bytes), wherever its files are.
public struct LibraryBook: Hashable, Sendable, Codable {
    /// The book's identity across libraries and backups.
    public var uuid: String
    /// The engine's fingerprint of the current edition (`format:sha256:bytes`).
    public var fingerprint: String
    /// KOReader's partial MD5 of the file, the key its sync server uses.
    public var partialMD5: String?
    /// The format identifier (`epub`, `pdf`, …; `unknown` when nothing recognised the file).
    public var format: String
    /// The title from the metadata, if any.
    public var title: String?
    /// The authors from the metadata.
    public var authors: [String]
    /// The language from the metadata.
    public var language: String?
    /// The number of table-of-contents entries, nested ones included.
    public var tocCount: Int?
    /// Pages at the default viewport (80×24); an estimate unless ``pageCountIsExact``.
    public var pageCount: Int?
    /// Whether ``pageCount`` was counted rather than estimated.
    public var pageCountIsExact: Bool
    /// Why the book could not be opened (encrypted, damaged, unsupported), or nil.
    public var error: String?
    /// When the book entered the library.
    public var addedAt: Timestamp
    /// When its entry last changed.
    public var modifiedAt: Timestamp
    /// Unread, reading or finished.
    public var status: ReadingStatus
    /// How far the last position is, 0...1.
    public var progress: Double?
    /// When a position was last recorded.
    public var lastReadAt: Timestamp?
    /// Where its files are (missing ones included).
    public var files: [BookFile]
    /// Its tags, sorted.
    public var tags: [String]
    /// The collections it belongs to, sorted.
    public var collections: [String]

    /// Creates a book entry.
    public init(uuid: String, fingerprint: String, partialMD5: String? = nil, format: String,
                title: String? = nil, authors: [String] = [], language: String? = nil, tocCount: Int? = nil,
                pageCount: Int? = nil, pageCountIsExact: Bool = false, error: String? = nil, addedAt: Timestamp,
                modifiedAt: Timestamp, status: ReadingStatus = .unread, progress: Double? = nil,
                lastReadAt: Timestamp? = nil, files: [BookFile] = [], tags: [String] = [], collections: [String] = []) {
        self.uuid = uuid
        self.fingerprint = fingerprint
        self.partialMD5 = partialMD5
        self.format = format
        self.title = title
        self.authors = authors
        self.language = language
        self.tocCount = tocCount
        self.pageCount = pageCount
        self.pageCountIsExact = pageCountIsExact
        self.error = error
        self.addedAt = addedAt
        self.modifiedAt = modifiedAt
        self.status = status
        self.progress = progress
        self.lastReadAt = lastReadAt
        self.files = files
        self.tags = tags
        self.collections = collections
    }

    /// The first file that is present, if any.
    public var presentPath: String? { files.first { !$0.missing }?.path }

    /// The title, else the file name of the first file, else the fingerprint.
    public var displayTitle: String {
        if let title, !title.isEmpty { return title }
        if let path = files.first?.path { return String(path.split(separator: "/").last ?? Substring(path)) }
        return fingerprint
    }
}
