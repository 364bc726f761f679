import Foundation
import ReaderAnchoring
import ReaderCore
import ReaderEngine
import ReaderLibrary
import ReaderTransforms

/// The book being read: its document, the library's record of it when the library holds it, and
/// where to start.
public final class ReaderBook: Sendable {
    /// The document.
    public let document: any Document
    /// The path it was opened from.
    public let path: String
    /// The title shown in the status line.
    public let title: String
    /// The library, when one exists.
    public let library: Library?
    /// The library's record of the book, when the library holds it.
    public let libraryBook: LibraryBook?
    /// Where the book was left, from the library.
    public let savedPosition: Locator?
    /// The options the document was opened with.
    public let options: OpenOptions
    /// Where page indexes are cached; nil for none.
    public let cache: PageIndexCache?

    init(document: any Document, path: String, library: Library?, libraryBook: LibraryBook?, savedPosition: Locator?,
         options: OpenOptions, cache: PageIndexCache?) {
        self.document = document
        self.path = path
        self.library = library
        self.libraryBook = libraryBook
        self.savedPosition = savedPosition
        self.options = options
        self.cache = cache
        let metadataTitle = document.metadata.title?.trimmingCharacters(in: .whitespacesAndNewlines)
        title = (metadataTitle?.isEmpty == false ? metadataTitle : nil) ?? (path as NSString).lastPathComponent
    }

    /// Opens the book `reference` names: a file's path, or anything `Library/book(matching:)`
    /// takes (title words, matched fuzzily; a fingerprint; a UUID) when a library exists. A file
    /// the library holds is read at its saved position and with its stored encoding and text
    /// transforms, unless `options` and `transforms` give their own.
    /// - Parameters:
    ///   - transforms: text transforms by name (`s2t`, `rules:FILE`, …), applied in order; the
    ///     Locators stay those of the source text.
    ///   - libraryPath: the library's database (default: `LibraryLocation.defaultPath()`).
    /// - Throws: ``ReaderError`` when the file cannot be opened, a transform is unknown, or no book matches.
    public static func open(_ reference: String, options: OpenOptions = .init(), transforms: [String] = [],
                            cache: PageIndexCache?, libraryPath: String = LibraryLocation.defaultPath(),
                            engine: ReaderEngine = .standard) throws(ReaderError) -> ReaderBook {
        let library = try Library.openIfExists(path: libraryPath)
        var path = reference
        var book: LibraryBook?
        var isFile = false
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: reference, isDirectory: &isDirectory) {
            guard !isDirectory.boolValue else {
                throw ReaderError(.invalidArgument, file: reference, reason: "is a folder, not a book")
            }
            isFile = true
        }
        if let library {
            do {
                book = try library.book(matching: reference)
            } catch {
                guard isFile, error.code == .fileNotFound else { throw error }
                book = nil
            }
            if let book, !isFile { path = try library.presentPath(of: book) }
        } else if !isFile {
            throw ReaderError(.fileNotFound, file: reference,
                              reason: "no such file, and no library to look the title up in (`reader library add` makes one)")
        }
        var openOptions = options
        let stored = try book.flatMap { book throws(ReaderError) in try library?.settings(of: book) }
        if openOptions.encoding == nil { openOptions.encoding = stored?.encoding }
        let chain = try TextTransformChain(names: transforms.isEmpty ? stored?.transforms ?? [] : transforms)
        let source = try engine.open(path: path, options: openOptions)
        let document: any Document
        if chain.isEmpty {
            document = source
        } else {
            // The variant names the transforms, so their pages are cached apart from the plain text's.
            openOptions.transformVariant = chain.variant
            document = TransformedDocument(source, chain: chain)
        }
        var position: Locator?
        if let book, let library { position = try library.position(of: book)?.locator }
        return ReaderBook(document: document, path: path, library: library, libraryBook: book, savedPosition: position,
                          options: openOptions, cache: cache)
    }

    /// Opens a document already open, outside any library.
    public convenience init(document: any Document, options: OpenOptions = .init(), cache: PageIndexCache? = nil) {
        self.init(document: document, path: document.path, library: nil, libraryBook: nil, savedPosition: nil,
                  options: options, cache: cache)
    }

    /// A session at `viewport`: with the cached page index when `cached` (this needs the
    /// fingerprint, a hash of the whole file), else a fresh one.
    func session(at viewport: Viewport, cached: Bool) throws(ReaderError) -> ReadingSession {
        try ReadingSession(document: document, options: options, viewport: viewport, cache: cached ? cache : nil)
    }

    /// Where the saved position is in this edition (re-anchored by its text when the file changed).
    func savedTextPosition(in session: ReadingSession) -> TextPosition? {
        guard let savedPosition else { return nil }
        return try? session.resolve(savedPosition, reanchoring: ReanchoringOptions()).position
    }
}
