import Foundation
import ReaderCore

extension Library {
    /// Everything the library holds, as a backup envelope (lists in a fixed order, so two exports
    /// of the same library differ only in ``LibraryBackup/createdAt``).
    public func backup(at time: Timestamp = .now()) throws(ReaderError) -> LibraryBackup {
        try store.read { (transaction) throws(ReaderError) in
            let items = try transaction.annotations(bookUUID: nil, includingDeleted: true).sorted { $0.uuid < $1.uuid }
            var books = try transaction.books().sorted { $0.uuid < $1.uuid }
            for index in books.indices { books[index].collections = [] }
            return LibraryBackup(
                format: LibraryBackup.formatName, schemaVersion: LibraryBackup.currentSchemaVersion, createdAt: time,
                books: books, positions: try transaction.positions(),
                bookmarks: items.filter { $0.kind == .bookmark }, highlights: items.filter { $0.kind == .highlight },
                notes: items.filter { $0.kind == .note }, collections: try transaction.collections().sorted { $0.uuid < $1.uuid },
                settings: try transaction.allSettings(),
                readingSessions: try transaction.sessions(bookUUID: nil).sorted { $0.uuid < $1.uuid },
                articleAnnotations: try transaction.allViewerAnnotations().sorted { ($0.kind, $0.name) < ($1.kind, $1.name) })
        }
    }

    /// Writes a backup to `path` through a temporary file renamed into place, so the file is the
    /// old one or the whole new one.
    /// - Throws: ``ReaderError`` of kind `unreadable` when it cannot be written.
    public func exportBackup(to path: String) throws(ReaderError) {
        try AtomicFile.write(try backup().encoded(), to: path)
    }

    /// Reads a backup file and merges it (see ``merge(_:)``).
    /// - Throws: ``ReaderError`` when the file cannot be read or is not a valid backup; nothing is
    ///   written then.
    public func importBackup(from path: String) throws(ReaderError) -> BackupImportSummary {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ReaderError(FileManager.default.fileExists(atPath: path) ? .unreadable : .fileNotFound, file: path,
                              reason: "cannot read the backup file")
        }
        return try merge(try LibraryBackup.decode(data, file: path))
    }

    /// Merges a backup in one transaction. Books are matched by UUID, else fingerprint; items,
    /// collections and sessions by UUID; the article viewer's saves by kind and article name. Of two copies the one modified later wins (a removal is
    /// a modification), and equal copies change nothing, so merging twice is the same as once.
    /// - Throws: ``ReaderError`` when the store fails (then nothing was written).
    public func merge(_ backup: LibraryBackup) throws(ReaderError) -> BackupImportSummary {
        try store.write { (transaction) throws(ReaderError) -> BackupImportSummary in
            var summary = BackupImportSummary()
            var local: [String: String] = [:]
            for var book in backup.books {
                var existingUUID = try transaction.bookUUID(fingerprint: book.fingerprint)
                if try transaction.book(uuid: book.uuid) != nil { existingUUID = book.uuid }
                if let existingUUID, let existing = try transaction.book(uuid: existingUUID) {
                    local[book.uuid] = existingUUID
                    guard book.modifiedAt > existing.modifiedAt else { continue }
                    var updated = existing
                    updated.status = book.status
                    updated.progress = book.progress
                    updated.lastReadAt = book.lastReadAt
                    updated.tags = book.tags.sorted()
                    updated.title = existing.title ?? book.title
                    updated.modifiedAt = book.modifiedAt
                    try transaction.saveBook(updated)
                    summary.booksUpdated += 1
                } else {
                    local[book.uuid] = book.uuid
                    book.tags.sort()
                    try transaction.saveBook(book)
                    for file in book.files {
                        guard try transaction.file(path: file.path) == nil else { continue }
                        let status = FileStatus.of(file.path)
                        try transaction.saveFile(StoredFile(path: file.path, bookUUID: book.uuid, size: file.size,
                                                            modifiedAt: file.modifiedAt, missing: status == nil))
                    }
                    summary.booksAdded += 1
                }
            }
            func mapped(_ uuid: String) -> String { local[uuid] ?? uuid }

            for var position in backup.positions {
                position.bookUUID = mapped(position.bookUUID)
                if let existing = try transaction.position(bookUUID: position.bookUUID), existing.updatedAt >= position.updatedAt {
                    continue
                }
                try transaction.savePosition(position)
                summary.positions += 1
            }
            for var item in backup.bookmarks + backup.highlights + backup.notes {
                item.bookUUID = mapped(item.bookUUID)
                if let existing = try transaction.annotation(uuid: item.uuid), existing.modifiedAt >= item.modifiedAt { continue }
                try transaction.saveAnnotation(item)
                summary.annotations += 1
            }
            let existingCollections = try transaction.collections()
            for var collection in backup.collections {
                collection.bookUUIDs = collection.bookUUIDs.map(mapped).sorted()
                let existing = existingCollections.first { $0.uuid == collection.uuid }
                    ?? existingCollections.first { $0.name == collection.name }
                if let existing {
                    guard collection.modifiedAt > existing.modifiedAt else { continue }
                    collection.uuid = existing.uuid
                }
                try transaction.saveCollection(collection)
                summary.collections += 1
            }
            for var settings in backup.settings {
                settings.bookUUID = mapped(settings.bookUUID)
                if let existing = try transaction.settings(bookUUID: settings.bookUUID), existing.modifiedAt >= settings.modifiedAt {
                    continue
                }
                try transaction.saveSettings(settings)
                summary.settings += 1
            }
            let knownSessions = Set(try transaction.sessions(bookUUID: nil).map(\.uuid))
            for var session in backup.readingSessions where !knownSessions.contains(session.uuid) {
                session.bookUUID = mapped(session.bookUUID)
                try transaction.saveSession(session)
                summary.readingSessions += 1
            }
            let knownArticles = Dictionary(try transaction.allViewerAnnotations().map { ("\($0.kind)/\($0.name)", $0) },
                                           uniquingKeysWith: { _, last in last })
            for record in backup.articleAnnotations ?? [] {
                if let existing = knownArticles["\(record.kind)/\(record.name)"], existing.updatedAt >= record.updatedAt { continue }
                try transaction.saveViewerAnnotation(kind: record.kind, name: record.name, json: record.value, at: record.updatedAt)
                summary.articleAnnotations += 1
            }
            return summary
        }
    }
}

extension Library {
    /// Uploads a backup to a WebDAV server, replacing the file there only once the upload is whole.
    /// - Throws: ``ReaderError`` when the upload or the move fails (the remote file is unchanged).
    public func pushBackup(to client: WebDAVClient) throws(ReaderError) {
        try client.upload(try backup().encoded())
    }

    /// Downloads a backup from a WebDAV server and merges it (see ``merge(_:)``).
    /// - Throws: ``ReaderError`` when it cannot be downloaded or is not a valid backup (nothing is written).
    public func pullBackup(from client: WebDAVClient) throws(ReaderError) -> BackupImportSummary {
        try merge(try LibraryBackup.decode(try client.download(), file: client.url.absoluteString))
    }
}
