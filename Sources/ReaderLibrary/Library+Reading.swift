import ReaderCore

extension Library {
    /// Successive pages shown within this long of each other belong to one reading session.
    public static let sessionGap: Int64 = 30 * 60 * 1000

    /// Records that a page of a book was shown: its position (the page's first Locator), progress
    /// and status (reading; finished on the last page), and the reading session (continued when
    /// the last page shown was recent, else a new one). Nothing is recorded for a book the library
    /// does not hold.
    /// - Parameters:
    ///   - fingerprint: the document's fingerprint.
    ///   - locator: where the shown page starts, stamped with the fingerprint.
    ///   - progress: how far the page is, 0...1.
    ///   - isLastPage: whether it is the book's last page.
    ///   - time: when it was shown.
    /// - Returns: the book, or nil when the library does not hold it.
    /// - Throws: ``ReaderError`` when the store fails.
    @discardableResult
    public func recordPageShown(fingerprint: String, locator: Locator, progress: Double?, isLastPage: Bool,
                                at time: Timestamp = .now()) throws(ReaderError) -> LibraryBook? {
        try store.write { (transaction) throws(ReaderError) -> LibraryBook? in
            guard let uuid = try transaction.bookUUID(fingerprint: fingerprint),
                  var book = try transaction.book(uuid: uuid) else { return nil }
            try transaction.savePosition(ReadingPosition(bookUUID: uuid, locator: locator, progress: progress, updatedAt: time))
            if isLastPage {
                book.status = .finished
            } else if book.status == .unread {
                book.status = .reading
            }
            book.progress = progress
            book.lastReadAt = time
            book.modifiedAt = time
            try transaction.saveBook(book)
            if var last = try transaction.sessions(bookUUID: uuid).max(by: { $0.endedAt < $1.endedAt }),
               time.milliseconds - last.endedAt.milliseconds <= Self.sessionGap, time >= last.endedAt {
                last.endedAt = time
                last.pagesTurned += 1
                try transaction.saveSession(last)
            } else {
                try transaction.saveSession(ReadingSessionRecord(uuid: Self.newUUID(), bookUUID: uuid, startedAt: time,
                                                                 endedAt: time, pagesTurned: 1))
            }
            return book
        }
    }

    /// A book's last recorded position.
    public func position(of book: LibraryBook) throws(ReaderError) -> ReadingPosition? {
        try store.read { (transaction) throws(ReaderError) in try transaction.position(bookUUID: book.uuid) }
    }

    /// A book's settings, if any are stored.
    public func settings(of book: LibraryBook) throws(ReaderError) -> BookSettings? {
        try store.read { (transaction) throws(ReaderError) in try transaction.settings(bookUUID: book.uuid) }
    }

    /// Replaces a book's settings.
    public func saveSettings(_ settings: BookSettings) throws(ReaderError) {
        try store.write { (transaction) throws(ReaderError) in try transaction.saveSettings(settings) }
    }

    /// Sets a book's status by hand (`finished` also sets progress to 1).
    public func setStatus(_ status: ReadingStatus, of book: LibraryBook) throws(ReaderError) {
        try store.write { (transaction) throws(ReaderError) in
            guard var stored = try transaction.book(uuid: book.uuid) else { return }
            stored.status = status
            if status == .finished { stored.progress = 1 }
            if status == .unread { stored.progress = nil }
            stored.modifiedAt = .now()
            try transaction.saveBook(stored)
        }
    }

    /// The file to open a book from: its first present file.
    /// - Throws: ``ReaderError`` of kind `fileNotFound` when every file of the book is missing.
    public func presentPath(of book: LibraryBook) throws(ReaderError) -> String {
        for file in book.files where FileStatus.of(file.path) != nil { return file.path }
        throw ReaderError(.fileNotFound, file: book.files.first?.path,
                          reason: "every file of \"\(book.displayTitle)\" is missing (`reader library scan` looks again)")
    }
}

extension Library {
    /// The settings of the book held by the file at `path`, when the library knows that file as it
    /// is now (same size and modification time); nil otherwise. Never fingerprints the file, so
    /// asking costs a lookup, not a read of the book.
    public func settings(forFileAt path: String) throws(ReaderError) -> BookSettings? {
        let canonical = FileStatus.canonicalPath(path)
        guard let status = FileStatus.of(canonical), status.isRegularFile else { return nil }
        return try store.read { (transaction) throws(ReaderError) -> BookSettings? in
            guard let file = try transaction.file(path: canonical), let uuid = file.bookUUID,
                  status.size == file.size, status.modifiedAt == file.modifiedAt
            else { return nil }
            return try transaction.settings(bookUUID: uuid)
        }
    }
}
