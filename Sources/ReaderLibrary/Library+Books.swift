import Foundation
import ReaderCore

extension Library {
    /// The books, filtered and sorted.
    public func books(sortedBy sort: BookSort = .title, filter: BookFilter? = nil) throws(ReaderError) -> [LibraryBook] {
        let books = try store.read { (transaction) throws(ReaderError) in try transaction.books() }
        return sort.sorted(filter.map { filter in books.filter(filter.matches) } ?? books)
    }

    /// Files found that could not even be fingerprinted, with their errors.
    public func unreadableFiles() throws(ReaderError) -> [UnreadableFile] {
        try store.read { (transaction) throws(ReaderError) in
            try transaction.unreadableFiles().compactMap { file in file.error.map { UnreadableFile(path: file.path, error: $0) } }
        }
    }

    /// A book's stored cover picture.
    public func cover(of book: LibraryBook) throws(ReaderError) -> (mediaType: String, data: [UInt8])? {
        try store.read { (transaction) throws(ReaderError) in try transaction.cover(bookUUID: book.uuid) }
    }

    /// Removes a book and everything kept about it (position, items, settings, sessions). The files
    /// on disk are not touched, and scans of their folders pass them by (as long as they keep their
    /// paths) until one is added again by name with ``add(paths:buildingIndexes:)``.
    public func remove(_ book: LibraryBook) throws(ReaderError) {
        try store.write { (transaction) throws(ReaderError) in
            let files = try transaction.book(uuid: book.uuid)?.files ?? []
            try transaction.deleteBook(uuid: book.uuid)
            for file in files {
                try transaction.saveFile(StoredFile(path: file.path, bookUUID: nil, size: file.size, modifiedAt: file.modifiedAt,
                                                    missing: file.missing, removed: true))
            }
        }
    }

    /// Adds and removes tags of a book; returns its tags afterwards.
    @discardableResult
    public func tag(_ book: LibraryBook, adding added: [String], removing removed: [String] = []) throws(ReaderError) -> [String] {
        try store.write { (transaction) throws(ReaderError) -> [String] in
            guard var stored = try transaction.book(uuid: book.uuid) else { return [] }
            var tags = Set(stored.tags)
            tags.formUnion(added.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty })
            tags.subtract(removed)
            stored.tags = tags.sorted()
            stored.modifiedAt = .now()
            try transaction.saveBook(stored)
            return stored.tags
        }
    }

    /// Every collection.
    public func collections() throws(ReaderError) -> [BookCollection] {
        try store.read { (transaction) throws(ReaderError) in try transaction.collections() }
    }

    /// Adds books to a collection (made when it does not exist) and removes others; returns it.
    @discardableResult
    public func updateCollection(named name: String, adding added: [LibraryBook],
                                 removing removed: [LibraryBook] = []) throws(ReaderError) -> BookCollection {
        let trimmed = name.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { throw ReaderError(.invalidArgument, reason: "a collection needs a name") }
        return try store.write { (transaction) throws(ReaderError) -> BookCollection in
            let now = Timestamp.now()
            var collection = try transaction.collections().first { $0.name == trimmed }
                ?? BookCollection(uuid: Self.newUUID(), name: trimmed, createdAt: now, modifiedAt: now)
            var members = Set(collection.bookUUIDs)
            members.formUnion(added.map(\.uuid))
            members.subtract(removed.map(\.uuid))
            collection.bookUUIDs = members.sorted()
            collection.modifiedAt = now
            try transaction.saveCollection(collection)
            return collection
        }
    }

    /// Deletes a collection (not its books).
    /// - Throws: ``ReaderError`` of kind `fileNotFound` when there is none of that name.
    public func deleteCollection(named name: String) throws(ReaderError) {
        try store.write { (transaction) throws(ReaderError) in
            guard let collection = try transaction.collections().first(where: { $0.name == name }) else {
                throw ReaderError(.fileNotFound, reason: "no collection named \"\(name.prefix(80))\"")
            }
            try transaction.deleteCollection(uuid: collection.uuid)
        }
    }

    /// Makes the file at `path` (another edition or format of the same book) the book's current
    /// edition: the book takes its fingerprint and metadata, and its items are re-anchored in it
    /// (those that cannot be placed are kept, marked orphaned). The files of the old edition are
    /// no longer the book's.
    /// - Throws: ``ReaderError`` when the file cannot be read, already is another book of the
    ///   library, or the store fails.
    public func link(_ book: LibraryBook, toEditionAt path: String) throws(ReaderError) -> ScanReport {
        let canonical = FileStatus.canonicalPath(path)
        guard let status = FileStatus.of(canonical), status.isRegularFile else {
            throw ReaderError(.fileNotFound, file: path, reason: "no such file")
        }
        let fingerprint = try engine.fingerprint(path: canonical).description
        var report = ScanReport()
        if fingerprint == book.fingerprint {
            return try add(paths: [canonical])
        }
        let description = BookDescription.read(path: canonical, engine: engine)
        try store.write { (transaction) throws(ReaderError) in
            if let other = try transaction.bookUUID(fingerprint: fingerprint), other != book.uuid {
                throw ReaderError(.invalidArgument, file: path, reason: "already in the library as another book; remove it first")
            }
            guard var stored = try transaction.book(uuid: book.uuid) else { return }
            try Self.recordFormerEdition(of: stored, in: transaction)
            for file in stored.files { try transaction.deleteFile(path: file.path) }
            stored.fingerprint = fingerprint
            stored.format = DocumentFingerprint(fingerprint)?.format.rawValue ?? stored.format
            stored.partialMD5 = try? KOReaderPartialMD5.compute(path: canonical)
            if let partialMD5 = stored.partialMD5 { try transaction.deleteEdition(partialMD5: partialMD5) }
            stored.title = description.title ?? stored.title
            if !description.authors.isEmpty { stored.authors = description.authors }
            stored.language = description.language ?? stored.language
            stored.tocCount = description.tocCount
            stored.pageCount = description.pageCount?.value
            stored.pageCountIsExact = description.pageCount?.isExact ?? false
            stored.error = description.error
            stored.modifiedAt = .now()
            try transaction.saveBook(stored)
            try transaction.saveFile(StoredFile(path: canonical, bookUUID: book.uuid, size: status.size,
                                                modifiedAt: status.modifiedAt))
            if let cover = description.cover {
                try transaction.saveCover(bookUUID: book.uuid, mediaType: cover.mediaType, data: cover.data)
            }
        }
        report.newEditions = [canonical]
        let counts = try reanchorItems(ofBook: book.uuid, path: canonical)
        report.reanchored = counts.reanchored
        report.orphaned = counts.orphaned
        return report
    }

    /// Keeps the book's current edition (its KOReader key and file) as a former one, so a KOReader
    /// device still reading that file can be given a position converted from the new edition.
    private static func recordFormerEdition(of book: LibraryBook, in transaction: any LibraryStoreTransaction)
        throws(ReaderError)
    {
        guard let partialMD5 = book.partialMD5, let path = book.presentPath ?? book.files.first?.path else { return }
        try transaction.saveEdition(BookEdition(partialMD5: partialMD5, bookUUID: book.uuid, fingerprint: book.fingerprint,
                                                path: path, recordedAt: .now()))
    }
}
