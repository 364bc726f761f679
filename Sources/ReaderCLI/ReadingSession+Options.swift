import ReaderCore
import ReaderEngine

extension ReadingSession {
    /// A session over `document`, opened with `documentOptions`, at the viewport of `view`, with
    /// the page-index cache unless `--no-cache`: what every paging command starts from.
    static func paging(_ document: any Document, documentOptions: DocumentOptions,
                       view: ViewportOptions) throws(ReaderError) -> ReadingSession {
        try paging(document, options: documentOptions.openOptions, view: view)
    }

    /// A session over `document`, opened with `options`, at the viewport of `view`, with the
    /// page-index cache unless `--no-cache`.
    static func paging(_ document: any Document, options: OpenOptions, view: ViewportOptions) throws(ReaderError) -> ReadingSession {
        try ReadingSession(document: document, options: options, viewport: try view.viewport(), cache: view.cache)
    }

    /// A session as ``paging(_:options:view:)`` makes, but that loads the cached page index on
    /// another thread, so a page near the start does not wait for the file to be hashed.
    static func pagingLoadingIndexInBackground(_ document: any Document, options: OpenOptions,
                                               view: ViewportOptions) throws(ReaderError) -> ReadingSession {
        guard let cache = view.cache else { return try paging(document, options: options, view: view) }
        return ReadingSession(document: document, options: options, viewport: try view.viewport(),
                              loadingIndexInBackgroundFrom: cache)
    }
}
