import ReaderCore
import ReaderEngine
import Synchronization

/// A book opened once and shared by the requests that read it: the document, and a reading
/// session for each of the last few viewports asked for (a session keeps the page index it has
/// learnt, so the next page at the same viewport is cheap).
final class OpenBook: Sendable {
    /// The book's id (its fingerprint's SHA-256).
    let id: String
    /// The open document.
    let document: any Document
    /// The document's fingerprint, `{format}:{sha256}:{bytes}`.
    let fingerprint: String
    private let sessions = Mutex(RecentValues<ReadingSession>(capacity: OpenBook.sessionCapacity))

    /// How many viewports of one book keep a session.
    static let sessionCapacity = 4

    /// Wraps a document already checked to be the book `id`.
    init(id: String, document: any Document, fingerprint: String) {
        self.id = id
        self.document = document
        self.fingerprint = fingerprint
    }

    /// The session paging the book at `viewport`, made on first use.
    /// - Throws: `ReaderError` when the document's fingerprint cannot be computed.
    func session(at viewport: Viewport) throws(ReaderError) -> ReadingSession {
        let key = viewport.description
        if let kept = sessions.withLock({ $0.value(for: key) }) { return kept }
        let made = try ReadingSession(document: document, viewport: viewport)
        return sessions.withLock { kept in
            if let other = kept.value(for: key) { return other }
            kept.insert(made, for: key)
            return made
        }
    }
}
