import ReaderAnchoring
import ReaderCore
import ReaderEngine

extension Library {
    /// Adds a bookmark, highlight or note to a book. The book's file is opened and the place
    /// resolved in it, so the stored Locator (or range) is the book's own, stamped with its
    /// fingerprint and carrying the text around it.
    /// - Throws: ``ReaderError`` when the book's files are missing, the place does not resolve
    ///   (`invalidLocator`, `otherDocument`, `anchorNotFound`), a highlight has no range or an
    ///   empty one (`invalidArgument`), or the store fails.
    public func addAnnotation(_ kind: Annotation.Kind, to book: LibraryBook, at place: AnnotationPlace,
                              note: String? = nil, color: String? = nil) throws(ReaderError) -> Annotation {
        let path = try presentPath(of: book)
        let session = try ReadingSession(path: path, viewport: .standard, engine: engine)
        defer { session.close() }
        let document = session.document
        let fingerprint = try document.fingerprint().description
        var locator: Locator
        var range: LocatorRange?
        switch place {
        case .range(let given):
            let positions = try Self.resolve(given, in: session, fingerprint: fingerprint)
            guard positions.lowerBound < positions.upperBound else {
                throw ReaderError(.invalidArgument, file: path, reason: "the range is empty")
            }
            var resolved = try document.range(from: positions.lowerBound, to: positions.upperBound)
            resolved.start.locations.fingerprint = fingerprint
            resolved.end.locations.fingerprint = fingerprint
            range = resolved
            locator = resolved.start
        case .locator(let given):
            locator = try document.fingerprintedLocator(at: try Self.resolve(given, in: session, fingerprint: fingerprint))
        case .page(let number, let viewport):
            let paged = try ReadingSession(document: document, viewport: viewport)
            locator = try document.fingerprintedLocator(at: paged.page(number).start)
        case .lastPosition:
            if let position = try self.position(of: book),
               let resolved = try? session.resolve(position.locator, reanchoring: ReanchoringOptions()) {
                locator = try document.fingerprintedLocator(at: resolved.position)
            } else {
                locator = try document.fingerprintedLocator(at: session.page(1).start)
            }
        }
        if kind == .highlight, range == nil {
            throw ReaderError(.invalidArgument, file: path, reason: "a highlight needs a range")
        }
        let now = Timestamp.now()
        let item = Annotation(uuid: Self.newUUID(), bookUUID: book.uuid, kind: kind, locator: locator, range: range,
                              note: note, color: color, createdAt: now, modifiedAt: now)
        try store.write { (transaction) throws(ReaderError) in try transaction.saveAnnotation(item) }
        return item
    }

    /// Re-anchoring by text for a Locator stamped with another document's fingerprint, or with no
    /// stamp and only a progression to place it (``placedOnlyByProgression(_:)``); nil (resolve it
    /// as it is) for one of this document, or an unstamped one that names an exact place.
    static func reanchoring(_ locator: Locator, fingerprint: String) -> ReanchoringOptions? {
        if let stamp = locator.locations.fingerprint { return stamp == fingerprint ? nil : ReanchoringOptions() }
        return placedOnlyByProgression(locator) ? ReanchoringOptions() : nil
    }

    /// Whether a Locator without a fingerprint says where it is only by a progression, and carries
    /// the text it points at: a web page's selection, whose progression through a section lands a
    /// few words off, while its text is exact.
    static func placedOnlyByProgression(_ locator: Locator) -> Bool {
        let locations = locator.locations
        guard locations.fingerprint == nil, locations.offset == nil, locations.cfi == nil, locations.partialCFI == nil,
              locations.cssSelector == nil, locations.fragments?.isEmpty ?? true,
              locations.progression != nil || locations.totalProgression != nil,
              let quote = locator.text?.highlight else { return false }
        return !quote.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
    }

    /// Where a range points in the session's document: by its text when it is another edition's,
    /// or a progression-only one whose text is found (else by that progression).
    private static func resolve(_ range: LocatorRange, in session: ReadingSession,
                                fingerprint: String) throws(ReaderError) -> Range<TextPosition> {
        let options = reanchoring(range.start, fingerprint: fingerprint)
        guard placedOnlyByProgression(range.start) else { return try session.resolve(range, reanchoring: options) }
        do {
            return try session.resolve(range, reanchoring: options)
        } catch {
            return try session.resolve(range)
        }
    }

    /// Where a Locator points, as ``resolve(_:in:fingerprint:)`` finds a range.
    private static func resolve(_ locator: Locator, in session: ReadingSession,
                                fingerprint: String) throws(ReaderError) -> TextPosition {
        let options = reanchoring(locator, fingerprint: fingerprint)
        guard placedOnlyByProgression(locator) else { return try session.resolve(locator, reanchoring: options).position }
        do {
            return try session.resolve(locator, reanchoring: options).position
        } catch {
            return try session.resolve(locator).position
        }
    }

    /// Stores an item as given, without opening the book (for tools that made the Locator
    /// themselves, and for bulk writes).
    public func insertAnnotation(_ item: Annotation) throws(ReaderError) {
        try store.write { (transaction) throws(ReaderError) in try transaction.saveAnnotation(item) }
    }

    /// The items of a book (or of every book), oldest first, of one kind or all.
    public func annotations(of book: LibraryBook?, kind: Annotation.Kind? = nil) throws(ReaderError) -> [Annotation] {
        let items = try store.read { (transaction) throws(ReaderError) in
            try transaction.annotations(bookUUID: book?.uuid, includingDeleted: false)
        }
        return kind.map { kind in items.filter { $0.kind == kind } } ?? items
    }

    /// Removes an item, named by its UUID or at least 8 of its first characters. It is kept as
    /// removed, so a backup holding an older copy does not bring it back.
    /// - Throws: ``ReaderError`` of kind `fileNotFound` when no item (of that kind) matches,
    ///   `invalidArgument` when the prefix names several.
    @discardableResult
    public func removeAnnotation(_ reference: String, kind: Annotation.Kind? = nil) throws(ReaderError) -> Annotation {
        let wanted = reference.lowercased()
        return try store.write { (transaction) throws(ReaderError) -> Annotation in
            var matches: [Annotation]
            if let exact = try transaction.annotation(uuid: wanted), exact.deletedAt == nil {
                matches = [exact]
            } else if wanted.count >= 8 {
                matches = try transaction.annotations(bookUUID: nil, includingDeleted: false).filter { $0.uuid.hasPrefix(wanted) }
            } else {
                matches = []
            }
            if let kind { matches = matches.filter { $0.kind == kind } }
            guard matches.count == 1, var item = matches.first else {
                throw matches.isEmpty
                    ? ReaderError(.fileNotFound, reason: "no \(kind?.rawValue ?? "item") \(reference.prefix(40))")
                    : ReaderError(.invalidArgument, reason: "\(reference.prefix(40)) names \(matches.count) items")
            }
            let now = Timestamp.now()
            item.deletedAt = now
            item.modifiedAt = now
            try transaction.saveAnnotation(item)
            return item
        }
    }
}
