import Foundation
import ReaderCore
import ReaderEngine
import ReaderLibrary
import Synchronization

/// The books of the library: those with a present file that the engine could open. Title, authors,
/// language, tags, collections and covers come from the library; the summary and identifiers,
/// which the library does not keep, from the file, read once per fingerprint.
final class OPDSLibrarySource: OPDSBookSource {
    private let library: Library
    private let factsByFingerprint = Mutex<[String: OPDSDocumentFacts?]>([:])
    private let entries = Mutex<[String: LibraryBook]>([:])
    private let covers = OPDSCoverCache()

    /// A source over `library`.
    init(library: Library) {
        self.library = library
    }

    func books() throws(ReaderError) -> [OPDSBook] {
        let stored = try library.books(sortedBy: .title)
        var result: [OPDSBook] = []
        var byID: [String: LibraryBook] = [:]
        for book in stored {
            guard book.error == nil, let path = book.presentPath, let fingerprint = DocumentFingerprint(book.fingerprint),
                  fingerprint.format != .unknown
            else { continue }
            let metadata = facts(path: path, fingerprint: book.fingerprint)?.metadata
            let id = fingerprint.sha256
            byID[id] = book
            result.append(OPDSBook(
                id: id, fingerprint: fingerprint, path: path,
                mediaType: library.engine.registry.descriptor(for: fingerprint.format)?.mediaType ?? "application/octet-stream",
                byteCount: fingerprint.byteCount, title: book.displayTitle, authors: book.authors,
                language: book.language ?? metadata?.language,
                summary: OPDSDocumentFacts.plainSummary(metadata?.description), identifiers: metadata?.identifiers ?? [],
                tags: book.tags, collections: book.collections,
                updated: book.modifiedAt.date, added: book.addedAt.date))
        }
        entries.withLock { $0 = byID }
        return result
    }

    func cover(of book: OPDSBook) -> CoverImage? {
        guard let stored = entries.withLock({ $0[book.id] }) else { return nil }
        return covers.cover(for: book.id) {
            guard let cover = try? library.cover(of: stored) else { return nil }
            return CoverImage(mediaType: cover.mediaType, data: cover.data, source: "library")
        }
    }

    /// The file's own metadata, read once per fingerprint.
    private func facts(path: String, fingerprint: String) -> OPDSDocumentFacts? {
        if let cached = factsByFingerprint.withLock({ $0[fingerprint] }) { return cached }
        let read = OPDSDocumentFacts.read(path: path, engine: library.engine)
        factsByFingerprint.withLock { $0[fingerprint] = .some(read) }
        return read
    }
}
