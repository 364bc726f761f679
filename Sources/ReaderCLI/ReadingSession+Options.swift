import ReaderCore
import ReaderEngine

extension ReadingSession {
    /// A session over `document`, opened with `documentOptions`, at the viewport of `view`, with
    /// the page-index cache unless `--no-cache`: what every paging command starts from.
    static func paging(_ document: any Document, documentOptions: DocumentOptions,
                       view: ViewportOptions) throws(ReaderError) -> ReadingSession {
        try ReadingSession(document: document, options: documentOptions.openOptions, viewport: try view.viewport(),
                           cache: view.cache)
    }
}
