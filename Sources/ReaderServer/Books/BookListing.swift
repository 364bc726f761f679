import ReaderLibrary

/// `GET /api/books`: one page of the books, after filtering and sorting.
struct BookList: Encodable, Sendable {
    /// How many books pass the filter.
    var total: Int
    /// The index of the first item in the filtered, sorted list.
    var offset: Int
    /// The most items asked for.
    var limit: Int
    /// The books of this page.
    var items: [BookListItem]
}

/// One book in the list.
struct BookListItem: Encodable, Sendable {
    var id: String
    var title: String
    var authors: [String]
    var format: String
    @Nullable var language: String?
    /// `/api/books/ID/cover`, or null when there is no cover picture.
    @Nullable var cover: String?
    /// Pages at 80×24 (exact for TXT and Markdown and short PDFs, else estimated).
    @Nullable var pageCountEstimate: Int?
    /// How far the reader got, 0...1 (library only).
    @Nullable var progression: Double?
    /// `unread`, `reading` or `finished` (always `unread` for a folder).
    var status: String
    /// Why the book cannot be opened, when it cannot.
    @Nullable var error: String?

    init(_ book: CatalogBook, hasCover: Bool) {
        id = book.id
        title = book.record.displayTitle
        authors = book.record.authors
        format = book.record.format
        language = book.record.language
        cover = hasCover ? "/api/books/\(book.id)/cover" : nil
        pageCountEstimate = book.record.pageCount
        progression = book.record.progress
        status = book.record.status.rawValue
        error = book.record.error
    }
}

/// The list's orders, as the API names them, over the library's `BookSort`.
enum BookListOrder {
    /// The `sort` values accepted.
    static let sorts = ["title", "author", "added", "recent"]

    /// The books sorted by `sort` (a value of ``sorts``), ascending or descending. The natural
    /// direction is A to Z for title and author, newest first for added and recent;
    /// `descending` for title and author, or ascending for the others, reverses it.
    static func sorted(_ books: [CatalogBook], by sort: String, order: String?) -> [CatalogBook] {
        let librarySort: BookSort = switch sort {
        case "author": .author
        case "added": .added
        case "recent": .read
        default: .title
        }
        let slot = Dictionary(books.enumerated().map { ($0.element.record.uuid, $0.offset) }, uniquingKeysWith: { first, _ in first })
        let ordered = librarySort.sorted(books.map(\.record)).compactMap { slot[$0.uuid].map { books[$0] } }
        let naturalOrder = (sort == "title" || sort == "author") ? "asc" : "desc"
        return (order ?? naturalOrder) == naturalOrder ? ordered : ordered.reversed()
    }
}
