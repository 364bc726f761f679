import ReaderCore
import ReaderEngine
import ReaderLibrary

/// What the engine's API routes share: the catalog of books, the cache of open ones, and, when
/// serving the library, the library and whether it may be written.
struct BookService: Sendable {
    /// The books served.
    let catalog: any BookCatalog
    /// The books open now.
    let openBooks: OpenBookCache
    /// The library, when serving one (reading positions and items need it).
    let library: Library?
    /// Whether POST, PUT and DELETE may change anything.
    let writable: Bool

    /// The service for `configuration`'s folder or library.
    init(configuration: ServerConfiguration) {
        switch configuration.source {
        case .folder(let path):
            catalog = FolderCatalog(path: path)
            library = nil
            openBooks = OpenBookCache(reading: StoredReading(library: nil, engine: .standard))
        case .library(let library):
            catalog = LibraryCatalog(library: library)
            self.library = library
            openBooks = OpenBookCache(reading: StoredReading(library: library, engine: .standard))
        }
        writable = configuration.writable
    }

    /// The listed book `id`.
    /// - Throws: ``BookAPIError`` 404 when the id is not a book served.
    func book(_ id: String) throws -> CatalogBook {
        guard Self.isBookID(id), let book = try catalog.book(id: id) else {
            throw BookAPIError.notFound("No book \(id.prefix(80))")
        }
        return book
    }

    /// The open document of the listed book `id`.
    /// - Throws: ``BookAPIError`` 404 for an unknown id or a book whose files are all missing;
    ///   `ReaderError` when it cannot be opened.
    func open(_ id: String) throws -> OpenBook {
        let book = try book(id)
        guard let path = book.path else {
            throw BookAPIError.notFound("Every file of book \(id) is missing")
        }
        return try openBooks.book(id: id, path: path)
    }

    /// Whether a cover picture can be served for `book`.
    func hasCover(_ book: CatalogBook) -> Bool {
        if let catalog = catalog as? LibraryCatalog { return catalog.hasStoredCover(book.record) }
        return book.hasCover
    }

    /// Whether `text` has the shape of a book id: 64 lower-case hex digits.
    static func isBookID(_ text: String) -> Bool {
        text.utf8.count == 64 && text.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }
}
