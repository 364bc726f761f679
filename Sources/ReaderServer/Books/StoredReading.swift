import ReaderCore
import ReaderEngine
import ReaderLibrary
import ReaderTransforms

/// How the server opens a book's file: a library book with the encoding and text transforms
/// stored for it, as `reader open` reads it, in every rendering (engine API pages and sections,
/// the article viewer's text, OPDS EPUB exports); a folder's files, and files the library has no
/// settings for, as they are. The file is looked up by path, size and modification time, never read.
struct StoredReading: Sendable {
    /// The library whose settings apply; nil when serving a folder.
    let library: Library?
    let engine: ReaderEngine

    /// The encoding and transforms stored for the file at `path`, nil when there are none.
    func settings(forFileAt path: String) -> (encoding: String?, transforms: [String])? {
        guard let library, let settings = (try? library.settings(forFileAt: path)) ?? nil else { return nil }
        guard settings.encoding != nil || !settings.transforms.isEmpty else { return nil }
        return (settings.encoding, settings.transforms)
    }

    /// The document at `path` opened as stored, and the transforms' variant name (nil without
    /// transforms), which names what is cached of it apart from the plain text's.
    /// - Throws: ``ReaderError`` when the file cannot be opened or a stored transform is unknown.
    func open(path: String) throws(ReaderError) -> (document: any Document, variant: String?) {
        try open(path: path, settings: settings(forFileAt: path))
    }

    /// The document at `path` opened with `stored` settings already looked up (see ``open(path:)``).
    func open(path: String, settings stored: (encoding: String?, transforms: [String])?) throws(ReaderError)
        -> (document: any Document, variant: String?) {
        let chain = try TextTransformChain(names: stored?.transforms ?? [])
        let source = try engine.open(path: path, options: OpenOptions(encoding: stored?.encoding))
        // The transformed text keeps the file's fingerprint and Locators.
        return chain.isEmpty ? (source, nil) : (TransformedDocument(source, chain: chain), chain.variant)
    }
}
