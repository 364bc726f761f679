import ReaderCore
import ReaderEngine
import ReaderSearch
import ReaderSearchIndex

extension Library {
    /// Searches every book whose file is present, narrowing each through its full-text index
    /// (built first when `buildingIndexes` and there is none). Books that cannot be opened are
    /// skipped and reported through `skipped`.
    /// - Parameters:
    ///   - query: what to find.
    ///   - perBook: the most hits kept per book.
    ///   - buildingIndexes: build a missing index before searching a book.
    ///   - cache: where indexes are.
    ///   - filter: only the books it passes.
    ///   - skipped: told of each book that could not be searched, and why.
    /// - Throws: ``ReaderError`` when the store fails or the query is invalid.
    public func search(_ query: SearchQuery, perBook: Int = 20, buildingIndexes: Bool = true,
                       cache: SearchIndexCache = SearchIndexCache(directory: SearchIndexCache.defaultDirectory),
                       filter: BookFilter? = nil,
                       skipped: (LibraryBook, ReaderError) -> Void = { _, _ in }) throws(ReaderError) -> [LibrarySearchResult] {
        var results: [LibrarySearchResult] = []
        for book in try books(sortedBy: .title, filter: filter) where book.error == nil {
            guard let path = book.files.first(where: { !$0.missing && FileStatus.of($0.path) != nil })?.path else { continue }
            let document: any Document
            do {
                document = try engine.open(path: path)
            } catch {
                skipped(book, error)
                continue
            }
            defer { document.close() }
            var index = cache.open(for: document)
            if index == nil, buildingIndexes, SearchIndex.limitation(of: query) == nil {
                do {
                    try cache.build(for: document)
                    index = cache.open(for: document)
                } catch {
                    skipped(book, error)
                    continue
                }
            }
            let sections = index?.candidateSections(for: query)
            if let sections, sections.isEmpty { continue }
            var limited = query
            limited.limit = min(query.limit ?? perBook, perBook)
            // A query the matcher refuses (empty, a bad regular expression) is refused for every book.
            let search = try DocumentSearch(document: document, query: limited, sections: sections)
            do {
                let fingerprint = try document.fingerprint().description
                var hits = try search.allHits()
                for index in hits.indices { hits[index].locator.locations.fingerprint = fingerprint }
                if !hits.isEmpty { results.append(LibrarySearchResult(book: book, hits: hits, usedIndex: sections != nil)) }
            } catch {
                skipped(book, error)
            }
        }
        return results
    }
}
