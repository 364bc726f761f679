import ReaderAnchoring
import ReaderCore
import ReaderEngine

/// KOReader sync beyond KOReader's own server: a document key (KOReader's partial MD5) that is a
/// book of the library, or a former edition of one, ties a device's progress to the book.
extension Library {
    /// A file the library knows under a KOReader document key: the book's current file, or a
    /// former edition's (kept by ``link(_:toEditionAt:)``).
    struct KOSyncEditionFile {
        var book: LibraryBook
        var path: String
        var isCurrent: Bool
    }

    /// Makes a pushed KOSync progress the reading position of the book it belongs to: converted
    /// through the book's current file (an XPointer or a PDF page becomes a fingerprinted Locator),
    /// and re-anchored by its text when the device reads a former edition.
    /// - Returns: the book, or nil when no book of the library has that document key.
    /// - Throws: ``ReaderError`` when a file cannot be read, the progress names no place, or the
    ///   store fails.
    @discardableResult
    public func recordKOSyncProgress(_ progress: KOSyncProgress, at time: Timestamp = .now()) throws(ReaderError)
        -> LibraryBook?
    {
        guard let source = try editionFile(forKOReaderKey: progress.document) else { return nil }
        let locator = try locator(of: progress, in: source.path)
        let current: Locator
        if source.isCurrent {
            current = locator
        } else {
            let placed = try place(locator, inFileAt: try presentPath(of: source.book))
            placed.session.close()
            current = placed.locator
        }
        let fraction = current.locations.totalProgression ?? progress.percentage
        return try recordPageShown(fingerprint: source.book.fingerprint, locator: current,
                                   progress: min(1, max(0, fraction)), isLastPage: progress.percentage >= 1, at: time)
    }

    /// The other KOReader document keys of the book `document` belongs to (its current edition's
    /// and its former editions'), or none when no book has that key.
    public func otherKOReaderKeys(ofSameBookAs document: String) throws(ReaderError) -> [String] {
        guard let file = try editionFile(forKOReaderKey: document) else { return [] }
        let former = try store.read { (transaction) throws(ReaderError) in try transaction.editions(bookUUID: file.book.uuid) }
        let keys = [file.book.partialMD5].compactMap { $0 } + former.map(\.partialMD5)
        return keys.filter { $0 != document }
    }

    /// `progress`, made on one edition of a book, as a KOSync progress of the edition whose
    /// KOReader key is `document`: the place found by its text (re-anchored) and written as that
    /// edition's XPointer or page.
    /// - Returns: nil when the library does not know both keys as editions of one book.
    /// - Throws: ``ReaderError`` when a file cannot be read or the place cannot be found.
    public func convertKOSyncProgress(_ progress: KOSyncProgress, toDocument document: String) throws(ReaderError)
        -> KOSyncProgress?
    {
        guard let source = try editionFile(forKOReaderKey: progress.document),
              let target = try editionFile(forKOReaderKey: document), source.book.uuid == target.book.uuid
        else { return nil }
        let locator = try locator(of: progress, in: source.path)
        let placed = try place(locator, inFileAt: target.path)
        defer { placed.session.close() }
        var converted = try placed.session.document.kosyncProgress(at: placed.position, device: progress.device,
                                                                   deviceID: progress.deviceID)
        converted.document = document
        return converted
    }

    /// The fingerprinted Locator a KOSync progress names in the file at `path`.
    private func locator(of progress: KOSyncProgress, in path: String) throws(ReaderError) -> Locator {
        let document = try engine.open(path: path)
        return try document.fingerprintedLocator(at: try document.textPosition(forKOSync: progress))
    }

    /// Where `locator` (of another edition) is in the file at `path`, found by its text.
    private func place(_ locator: Locator, inFileAt path: String) throws(ReaderError)
        -> (session: ReadingSession, position: TextPosition, locator: Locator)
    {
        let session = try ReadingSession(document: try engine.open(path: path), viewport: .standard)
        do {
            let position = try session.resolve(locator, reanchoring: ReanchoringOptions()).position
            return (session, position, try session.document.fingerprintedLocator(at: position))
        } catch {
            session.close()
            throw error
        }
    }

    /// The book and file a KOReader document key names: a book's current edition first, else a
    /// former edition whose file is still there.
    func editionFile(forKOReaderKey key: String) throws(ReaderError) -> KOSyncEditionFile? {
        try store.read { (transaction) throws(ReaderError) -> KOSyncEditionFile? in
            for uuid in try transaction.bookUUIDs(partialMD5: key) {
                if let book = try transaction.book(uuid: uuid), let path = book.presentPath {
                    return KOSyncEditionFile(book: book, path: path, isCurrent: true)
                }
            }
            guard let edition = try transaction.edition(partialMD5: key),
                  let book = try transaction.book(uuid: edition.bookUUID) else { return nil }
            return KOSyncEditionFile(book: book, path: edition.path, isCurrent: false)
        }
    }
}
