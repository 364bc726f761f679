import ReaderCore
import ReaderEngine
import Synchronization

/// The few books open at a time, by id, least recently used dropped first. Opening a book costs
/// a parse (and a hash of the file, to check it is still the book asked for), so the pages,
/// sections and resources of a book being read reuse one open document.
///
/// A book dropped from the cache is not closed: a request may still be reading it, and the
/// document releases its handles when the last reference goes.
final class OpenBookCache: Sendable {
    private let books: Mutex<RecentValues<OpenBook>>
    private let reading: StoredReading

    /// A cache keeping up to `capacity` open books, each opened as `reading` says.
    init(reading: StoredReading, capacity: Int = 4) {
        books = Mutex(RecentValues(capacity: capacity))
        self.reading = reading
    }

    /// The open book `id`, whose file is at `path`; opened (outside any lock) when not kept.
    /// - Throws: ``BookAPIError`` 404 when the file no longer holds that book; `ReaderError`
    ///   when it cannot be opened.
    func book(id: String, path: String) throws -> OpenBook {
        if let kept = books.withLock({ $0.value(for: id) }) { return kept }
        let document = try reading.open(path: path).document
        let fingerprint: DocumentFingerprint
        do {
            fingerprint = try document.fingerprint()
        } catch {
            document.close()
            throw error
        }
        guard fingerprint.sha256 == id else {
            document.close()
            throw BookAPIError.notFound("The file of book \(id) has changed since it was listed; list the books again")
        }
        let opened = OpenBook(id: id, document: document, fingerprint: fingerprint.description)
        let (kept, isNew) = books.withLock { kept -> (OpenBook, Bool) in
            if let other = kept.value(for: id) { return (other, false) }
            kept.insert(opened, for: id)
            return (opened, true)
        }
        if !isNew { document.close() }
        return kept
    }

    /// The ids of the books open, least recently used first.
    var openIDs: [String] { books.withLock { $0.keys } }
}
