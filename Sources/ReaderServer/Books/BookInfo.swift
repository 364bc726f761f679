import ReaderCore

/// `GET /api/books/ID`: the book's metadata and what its format can do.
struct BookInfo: Encodable, Sendable {
    var id: String
    var fingerprint: String
    var format: String
    @Nullable var title: String?
    var authors: [String]
    @Nullable var language: String?
    @Nullable var publisher: String?
    @Nullable var date: String?
    /// As the book gives it (an EPUB's may hold markup): show it as text.
    @Nullable var description: String?
    var identifiers: [String]
    var subjects: [String]
    @Nullable var series: String?
    @Nullable var seriesPosition: String?
    var sectionCount: Int
    /// The capability names of `reader formats` (`toc`, `cover`, `fixed-pages`, …).
    var capabilities: [String]
    @Nullable var cover: String?
    /// The file's name (never the server's path).
    var fileName: String

    init(book: CatalogBook, open: OpenBook, hasCover: Bool) {
        let metadata = open.document.metadata
        id = book.id
        fingerprint = open.fingerprint
        format = open.document.format.rawValue
        title = metadata.title
        authors = metadata.authors
        language = metadata.language
        publisher = metadata.publisher
        date = metadata.date
        description = metadata.description
        identifiers = metadata.identifiers
        subjects = metadata.subjects
        series = metadata.series?.name
        seriesPosition = metadata.series?.position
        sectionCount = open.document.readingOrder.count
        capabilities = open.document.capabilities.names
        cover = hasCover ? "/api/books/\(book.id)/cover" : nil
        fileName = String((book.path ?? "").split(separator: "/").last ?? "")
    }
}

/// One entry of `GET /api/books/ID/toc`, nested.
struct BookTOCEntry: Encodable, Sendable {
    var title: String
    var locator: Locator
    /// 1 for a top-level entry.
    var level: Int
    var children: [BookTOCEntry]

    /// `entries` at `level`, with their children one level deeper.
    static func tree(_ entries: [TOCEntry], level: Int = 1) -> [BookTOCEntry] {
        entries.map { entry in
            BookTOCEntry(title: entry.title, locator: entry.locator, level: level,
                         children: tree(entry.children, level: level + 1))
        }
    }
}

/// One entry of `GET /api/books/ID/sections`: a section of the reading order.
struct BookSectionEntry: Encodable, Sendable {
    var index: Int
    var href: String
    @Nullable var title: String?
    var mediaType: String
    /// False for resources outside the main reading order (EPUB `linear="no"`).
    var isLinear: Bool

    init(_ section: Section) {
        index = section.index
        href = section.href
        title = section.title
        mediaType = section.mediaType
        isLinear = section.isLinear
    }
}

/// One entry of `GET /api/books/ID/resources`.
struct BookResourceEntry: Encodable, Sendable {
    var href: String
    var mediaType: String
    /// Bytes, when known without reading the resource (null for a PDF page, rendered when read).
    @Nullable var byteCount: Int?
    /// Where the bytes are served.
    var url: String
}

/// `GET /api/books/ID/positions`: Readium's positions list, stamped with the fingerprint.
struct BookPositions: Encodable, Sendable {
    /// `content` (1024-unit chunks of decoded text) or `readium` (Readium's counting).
    var counting: String
    var total: Int
    var positions: [Locator]
}
