import ReaderCore
import ReaderLibrary
import Synchronization

/// The books of the library, by the SHA-256 of their fingerprints, read from the store at most
/// once per ``refreshInterval`` (and again after a write through the server).
final class LibraryCatalog: BookCatalog {
    /// The library served.
    let library: Library
    private let refreshInterval: Duration
    private let known = Mutex<Snapshot?>(nil)
    /// Which books have a stored cover, learnt once per book (reading a cover reads its bytes).
    private let covers = Mutex<[String: Bool]>([:])

    /// A catalog of `library`.
    init(library: Library, refreshInterval: Duration = .seconds(1)) {
        self.library = library
        self.refreshInterval = refreshInterval
    }

    func books() throws -> [CatalogBook] {
        try current().books
    }

    func book(id: String) throws -> CatalogBook? {
        let snapshot = try current()
        return snapshot.slotOfID[id].map { snapshot.books[$0] }
    }

    func invalidate() {
        known.withLock { $0 = nil }
    }

    /// Whether the library stores a cover for `book`, from the store the first time.
    func hasStoredCover(_ book: LibraryBook) -> Bool {
        if let answer = covers.withLock({ $0[book.uuid] }) { return answer }
        let answer = (try? library.cover(of: book)) != nil
        covers.withLock { $0[book.uuid] = answer }
        return answer
    }

    private func current() throws -> Snapshot {
        if let snapshot = known.withLock({ $0 }), snapshot.readAt.duration(to: .now) < refreshInterval { return snapshot }
        var snapshot = Snapshot(readAt: .now)
        for record in try library.books(sortedBy: .title) {
            guard let fingerprint = DocumentFingerprint(record.fingerprint), snapshot.slotOfID[fingerprint.sha256] == nil
            else { continue }
            snapshot.slotOfID[fingerprint.sha256] = snapshot.books.count
            snapshot.books.append(CatalogBook(id: fingerprint.sha256, record: record, path: record.presentPath,
                                              hasCover: false))
        }
        known.withLock { $0 = snapshot }
        return snapshot
    }

    private struct Snapshot: Sendable {
        var readAt: ContinuousClock.Instant
        var books: [CatalogBook] = []
        var slotOfID: [String: Int] = [:]
    }
}
