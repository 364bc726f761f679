import Foundation
import ReaderCore
import ReaderEngine

extension Library {
    /// Adds files and folders (recursively) to the library; folders are remembered for ``scan(buildingIndexes:)``.
    /// A file named here is read even when its book was removed before; a removed book's file found
    /// by walking a folder stays out.
    /// - Parameter buildingIndexes: also build the full-text index of every new or changed book.
    /// - Throws: ``ReaderError`` of kind `fileNotFound` for a path that does not exist (nothing is
    ///   added then), or when the store fails.
    public func add(paths: [String], buildingIndexes: Bool = false) throws(ReaderError) -> ScanReport {
        var folders: [String] = [], files: [String] = []
        for path in paths {
            let canonical = FileStatus.canonicalPath(path)
            guard let status = FileStatus.of(canonical) else {
                throw ReaderError(.fileNotFound, file: path, reason: "no such file or folder")
            }
            if status.isDirectory {
                folders.append(canonical)
            } else if status.isRegularFile {
                files.append(canonical)
            } else {
                throw ReaderError(.invalidArgument, file: path, reason: "not a regular file or folder")
            }
        }
        let now = Timestamp.now()
        try store.write { (transaction) throws(ReaderError) in
            for folder in folders { try transaction.addFolder(folder, at: now) }
            for file in files {
                if try transaction.file(path: file)?.removed == true { try transaction.deleteFile(path: file) }
            }
        }
        return try scan(folders: folders, files: files, buildingIndexes: buildingIndexes)
    }

    /// Re-checks every remembered folder and every known file: new files are added, changed ones
    /// read again, moved ones recognised by fingerprint, vanished ones marked missing. A file whose
    /// size and modification time did not change is not read.
    /// - Throws: ``ReaderError`` when the store fails (a bad file never stops a scan).
    public func scan(buildingIndexes: Bool = false) throws(ReaderError) -> ScanReport {
        let (folders, known) = try store.read { (transaction) throws(ReaderError) in
            (try transaction.folders(), try transaction.files())
        }
        let outside = known.map(\.path).filter { path in !folders.contains { Self.path(path, isInside: $0) } }
        return try scan(folders: folders, files: outside, buildingIndexes: buildingIndexes)
    }

    /// Scans `files` and every book file under `folders`; known files in that scope that are gone
    /// are marked missing.
    private func scan(folders: [String], files: [String], buildingIndexes: Bool) throws(ReaderError) -> ScanReport {
        var candidates: [String] = []
        var seen = Set<String>()
        for folder in folders {
            for path in bookFiles(under: folder) where seen.insert(path).inserted { candidates.append(path) }
        }
        for path in files where seen.insert(path).inserted { candidates.append(path) }

        var state = try ScanState(store: store)
        var report = ScanReport()
        var changedBooks: [String] = []
        for path in candidates {
            guard let status = FileStatus.of(path), status.isRegularFile, state.files[path]?.removed != true else { continue }
            if let known = state.files[path], known.size == status.size, known.modifiedAt == status.modifiedAt,
               known.bookUUID != nil || known.error != nil {
                report.unchanged += 1
                if known.missing {
                    var present = known
                    present.missing = false
                    state.pending.append(.file(present))
                    state.files[path] = present
                }
                try state.flushIfDue()
                continue
            }
            if let book = try ingest(path: path, status: status, state: &state, report: &report) {
                changedBooks.append(book)
            }
            try state.flushIfDue()
        }
        for (path, file) in state.files where !file.missing && !file.removed && !seen.contains(path) {
            let inScope = files.contains(path) || folders.contains { Self.path(path, isInside: $0) }
            guard inScope, FileStatus.of(path) == nil else { continue }
            var missing = file
            missing.missing = true
            state.pending.append(.file(missing))
            report.missing.append(path)
        }
        try state.flush()

        for (bookUUID, path) in state.newEditions {
            let counts = try reanchorItems(ofBook: bookUUID, path: path)
            report.reanchored += counts.reanchored
            report.orphaned += counts.orphaned
        }
        if buildingIndexes {
            for uuid in changedBooks { buildSearchIndex(bookUUID: uuid) }
        }
        report.added.sort()
        report.linked.sort()
        report.missing.sort()
        report.failed.sort { $0.path < $1.path }
        return report
    }

    /// Reads a new or changed file and decides which book it holds. Returns the book's UUID when
    /// its content is new to the library (a new book or a new edition).
    private func ingest(path: String, status: FileStatus, state: inout ScanState,
                        report: inout ScanReport) throws(ReaderError) -> String? {
        let previous = state.files[path]
        let fingerprint: DocumentFingerprint
        do {
            fingerprint = try engine.fingerprint(path: path)
        } catch {
            let file = StoredFile(path: path, bookUUID: nil, size: status.size, modifiedAt: status.modifiedAt, error: error.description)
            state.pending.append(.file(file))
            state.files[path] = file
            report.failed.append(UnreadableFile(path: path, error: error.description))
            return nil
        }
        let key = fingerprint.description
        var file = StoredFile(path: path, bookUUID: nil, size: status.size, modifiedAt: status.modifiedAt)
        if let existing = state.bookByFingerprint[key] {
            file.bookUUID = existing
            state.record(file)
            if previous?.bookUUID != existing { report.linked.append(path) }
            return nil
        }
        let description = BookDescription.read(path: path, engine: engine)
        let now = Timestamp.now()
        var book: LibraryBook
        var isNewEdition = false
        if let previousUUID = previous?.bookUUID, let previousBook = state.books[previousUUID],
           !state.hasOtherPresentFile(book: previousUUID, than: path) {
            // The same path now holds other bytes and no other copy of the old edition is known:
            // a corrected edition of the same book, which keeps its history.
            book = previousBook
            state.bookByFingerprint[previousBook.fingerprint] = nil
            book.fingerprint = key
            isNewEdition = true
        } else {
            book = LibraryBook(uuid: Self.newUUID(), fingerprint: key, format: fingerprint.format.rawValue, addedAt: now,
                               modifiedAt: now)
        }
        book.format = fingerprint.format.rawValue
        book.partialMD5 = try? KOReaderPartialMD5.compute(path: path)
        book.title = description.title
        book.authors = description.authors
        book.language = description.language
        book.tocCount = description.tocCount
        book.pageCount = description.pageCount?.value
        book.pageCountIsExact = description.pageCount?.isExact ?? false
        book.error = description.error
        book.modifiedAt = now
        state.books[book.uuid] = book
        state.bookByFingerprint[key] = book.uuid
        state.pending.append(.book(book))
        if let cover = description.cover {
            state.pending.append(.cover(book.uuid, cover.mediaType, cover.data))
        }
        file.bookUUID = book.uuid
        state.record(file)
        if let error = description.error { report.failed.append(UnreadableFile(path: path, error: error)) }
        if isNewEdition {
            report.newEditions.append(path)
            state.newEditions.append((book.uuid, path))
        } else {
            report.added.append(path)
        }
        return book.uuid
    }

    /// The files under `folder` (recursively) whose extension names a registered format; hidden
    /// files and folders are skipped.
    func bookFiles(under folder: String) -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: folder) else { return [] }
        var paths: [String] = []
        while let relative = enumerator.nextObject() as? String {
            let name = (relative as NSString).lastPathComponent
            if name.hasPrefix(".") {
                enumerator.skipDescendants()
                continue
            }
            let fileExtension = (name as NSString).pathExtension
            guard !fileExtension.isEmpty, engine.registry.format(forFileExtension: fileExtension) != nil else { continue }
            paths.append(folder + "/" + relative)
        }
        return paths.sorted()
    }

    static func path(_ path: String, isInside folder: String) -> Bool {
        path.hasPrefix(folder.hasSuffix("/") ? folder : folder + "/")
    }
}

/// What a scan knows while it runs, and the writes it has not committed yet (committed in
/// batches, so a scan of thousands of files is not thousands of transactions).
private struct ScanState {
    enum Write {
        case file(StoredFile)
        case book(LibraryBook)
        case cover(String, String, [UInt8])
    }

    static let batchSize = 64
    static let batchInterval: TimeInterval = 1

    let store: any LibraryStore
    var files: [String: StoredFile]
    var books: [String: LibraryBook]
    var bookByFingerprint: [String: String]
    var pending: [Write] = []
    var newEditions: [(String, String)] = []
    var lastFlush = Date()

    init(store: any LibraryStore) throws(ReaderError) {
        self.store = store
        let (files, books) = try store.read { (transaction) throws(ReaderError) in
            (try transaction.files(), try transaction.books())
        }
        self.files = Dictionary(files.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        self.books = Dictionary(books.map { ($0.uuid, $0) }, uniquingKeysWith: { first, _ in first })
        bookByFingerprint = Dictionary(books.map { ($0.fingerprint, $0.uuid) }, uniquingKeysWith: { first, _ in first })
    }

    mutating func record(_ file: StoredFile) {
        files[file.path] = file
        pending.append(.file(file))
    }

    func hasOtherPresentFile(book uuid: String, than path: String) -> Bool {
        files.values.contains { $0.bookUUID == uuid && $0.path != path && !$0.missing && FileStatus.of($0.path) != nil }
    }

    mutating func flushIfDue() throws(ReaderError) {
        if pending.count >= Self.batchSize || (!pending.isEmpty && Date().timeIntervalSince(lastFlush) > Self.batchInterval) {
            try flush()
        }
    }

    /// Commits the pending writes in one transaction. A book another process added meanwhile with
    /// the same fingerprint is used instead of a second entry.
    mutating func flush() throws(ReaderError) {
        guard !pending.isEmpty else { return }
        let writes = pending
        let replaced = try store.write { (transaction) throws(ReaderError) -> [String: String] in
            var replaced: [String: String] = [:]
            for write in writes {
                switch write {
                case .book(let book):
                    if let other = try transaction.bookUUID(fingerprint: book.fingerprint), other != book.uuid {
                        replaced[book.uuid] = other
                    } else {
                        var saved = book
                        if let stored = try transaction.book(uuid: book.uuid) { saved.tags = stored.tags }
                        try transaction.saveBook(saved)
                    }
                case .cover(let uuid, let mediaType, let data):
                    if replaced[uuid] == nil { try transaction.saveCover(bookUUID: uuid, mediaType: mediaType, data: data) }
                case .file(var file):
                    if let uuid = file.bookUUID, let other = replaced[uuid] { file.bookUUID = other }
                    try transaction.saveFile(file)
                }
            }
            return replaced
        }
        for (mine, theirs) in replaced {
            books[mine] = nil
            for (fingerprint, uuid) in bookByFingerprint where uuid == mine { bookByFingerprint[fingerprint] = theirs }
            for (path, file) in files where file.bookUUID == mine { files[path]?.bookUUID = theirs }
        }
        pending.removeAll()
        lastFlush = Date()
    }
}
