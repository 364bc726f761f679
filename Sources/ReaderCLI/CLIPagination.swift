import ReaderCore
import ReaderEngine

/// A paginator at the viewport the command line asks for, started from the page-index cache
/// (unless `--no-cache`) and saved back to it with ``save()``: what every paging command shares.
struct CLIPagination {
    /// The paginator over the document.
    let paginator: Paginator
    /// The viewport it pages at.
    let viewport: Viewport
    private let options: OpenOptions
    private let cache: PageIndexCache?

    /// Paginates `document`, opened with `documentOptions`, at the viewport of `view`.
    init(_ document: any Document, documentOptions: DocumentOptions, view: ViewportOptions) throws(ReaderError) {
        viewport = try view.viewport()
        options = documentOptions.openOptions
        cache = view.cache
        paginator = try ReaderEngine.standard.paginator(for: document, viewport: viewport, options: options, cache: cache)
    }

    /// Stores what the paginator learnt in the cache; nothing under `--no-cache`.
    func save() throws(ReaderError) {
        if let cache { try ReaderEngine.standard.store(paginator, options: options, cache: cache) }
    }
}
