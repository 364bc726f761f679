import ReaderAnchoring
import ReaderCore
import ReaderEngine

extension Library {
    /// Places a book's items (bookmarks, highlights, notes and its position) made on another
    /// edition in the edition at `path`, by their text (``ReadingSession/resolve(_:reanchoring:)``).
    /// Each placed item gets the new Locator and the match's confidence; one that cannot be placed
    /// keeps its Locator and is marked orphaned, never dropped.
    /// - Returns: how many items were placed and how many were orphaned.
    /// - Throws: ``ReaderError`` when the store fails; a book that cannot be opened orphans its items.
    @discardableResult
    public func reanchorItems(ofBook bookUUID: String, path: String,
                              options: ReanchoringOptions = .init()) throws(ReaderError) -> (reanchored: Int, orphaned: Int) {
        let (book, items, position) = try store.read { (transaction) throws(ReaderError) in
            (try transaction.book(uuid: bookUUID), try transaction.annotations(bookUUID: bookUUID, includingDeleted: false),
             try transaction.position(bookUUID: bookUUID))
        }
        guard let book else { return (0, 0) }
        let stale = items.filter { $0.locator.locations.fingerprint != book.fingerprint }
        let stalePosition = position.flatMap { $0.locator.locations.fingerprint != book.fingerprint ? $0 : nil }
        guard !stale.isEmpty || stalePosition != nil else { return (0, 0) }

        let session: ReadingSession?
        if let document = try? engine.open(path: path) {
            session = try? ReadingSession(document: document, viewport: .standard)
        } else {
            session = nil
        }
        defer { session?.close() }
        let now = Timestamp.now()
        var placed: [Annotation] = []
        var reanchored = 0, orphaned = 0
        for var item in stale {
            if let session, let moved = try? Self.reanchor(item, in: session, options: options) {
                item = moved
                reanchored += 1
            } else {
                item.orphaned = true
                orphaned += 1
            }
            item.modifiedAt = now
            placed.append(item)
        }
        var movedPosition: ReadingPosition?
        if var position = stalePosition, let session,
           let resolution = try? session.resolve(position.locator, reanchoring: options),
           let locator = try? session.document.fingerprintedLocator(at: resolution.position) {
            position.locator = locator
            position.updatedAt = now
            movedPosition = position
            reanchored += 1
        }
        try store.write { (transaction) throws(ReaderError) in
            for item in placed { try transaction.saveAnnotation(item) }
            if let movedPosition { try transaction.savePosition(movedPosition) }
        }
        return (reanchored, orphaned)
    }

    /// The item placed in the session's document, with the match's confidence (the lower end's,
    /// for a range).
    private static func reanchor(_ item: Annotation, in session: ReadingSession,
                                 options: ReanchoringOptions) throws(ReaderError) -> Annotation {
        var moved = item
        let document = session.document
        let fingerprint = try document.fingerprint().description
        if let range = item.range {
            var confidences: [Double] = []
            let positions = try session.resolve(range, reanchoring: options) { confidences.append($0.confidence) }
            var newRange = try document.range(from: positions.lowerBound, to: positions.upperBound)
            newRange.start.locations.fingerprint = fingerprint
            newRange.end.locations.fingerprint = fingerprint
            moved.range = newRange
            moved.locator = newRange.start
            moved.confidence = confidences.min() ?? 1
        } else {
            let resolution = try session.resolve(item.locator, reanchoring: options)
            moved.locator = try document.fingerprintedLocator(at: resolution.position)
            moved.confidence = resolution.match?.confidence ?? 1
        }
        moved.orphaned = false
        return moved
    }
}
