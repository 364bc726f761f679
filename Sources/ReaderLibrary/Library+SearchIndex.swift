import ReaderCore
import ReaderSearchIndex

extension Library {
    /// Builds the full-text index of a book's present file in the engine's search cache; a book
    /// that cannot be opened or indexed is left without one (search then scans it).
    func buildSearchIndex(bookUUID: String, cache: SearchIndexCache = SearchIndexCache(directory: SearchIndexCache.defaultDirectory)) {
        guard let book = try? store.read({ (transaction) throws(ReaderError) in try transaction.book(uuid: bookUUID) }),
              book.error == nil, let path = book.presentPath,
              let document = try? engine.open(path: path) else { return }
        defer { document.close() }
        _ = try? cache.build(for: document)
    }
}
