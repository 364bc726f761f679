import Foundation
import ReaderCore
import ReaderEngine
import ReaderLibrary
@testable import ReaderLibraryPostgres
import ReaderTestSupport
import Testing

/// The same library behaviour on both stores: SQLite, and PostgreSQL when a test server is set
/// (see ``TestPostgres``).
@Suite("Library stores: books, positions, items, backups, editions and KOSync on SQLite and PostgreSQL")
struct LibraryStoreContractTests {
    @Test("books: add, find by fingerprint and partial MD5, files, tags, collections, cover, remove", arguments: TestPostgres.stores)
    func books(store: TestPostgres.Store) throws {
        try withStore(store) { fixture throws in
            let path = try fixture.write(SampleText.text, as: "keeper.txt")
            try fixture.copy("epub/lighthouse-keeper.epub")
            let report = try fixture.library.add(paths: [fixture.books.path])
            #expect(report.added.count == 2, "\(report)")
            let books = try fixture.library.books(sortedBy: .title)
            #expect(books.count == 2)
            let text = try #require(books.first { $0.format == "txt" })
            #expect(text.files.map(\.path) == [canonical(path)])
            #expect(text.partialMD5 == (try KOReaderPartialMD5.compute(path: path)))
            let epub = try #require(books.first { $0.format == "epub" })
            #expect(try fixture.library.cover(of: epub) != nil)

            try fixture.library.tag(text, adding: ["sea", "light"])
            try fixture.library.updateCollection(named: "Shelf", adding: [text, epub])
            let again = try fixture.reopen()
            let stored = try again.store.read { (transaction) throws(ReaderError) in
                (try transaction.bookUUID(fingerprint: text.fingerprint), try transaction.book(uuid: text.uuid),
                 try transaction.bookUUIDs(partialMD5: text.partialMD5 ?? ""), try transaction.folders())
            }
            #expect(stored.0 == text.uuid)
            #expect(stored.1?.tags == ["light", "sea"])
            #expect(stored.1?.collections == ["Shelf"])
            #expect(stored.2 == [text.uuid])
            #expect(stored.3 == [canonical(fixture.books.path)])
            #expect(try again.collections().map(\.bookUUIDs.count) == [2])

            // A second scan reads nothing again; a removed book takes its items with it.
            #expect(try fixture.library.scan().unchanged == 2)
            try fixture.library.remove(text)
            #expect(try again.books().map(\.uuid) == [epub.uuid])
            #expect(try again.store.integrityProblems().isEmpty)
        }
    }

    @Test("positions, status and reading sessions", arguments: TestPostgres.stores)
    func positions(store: TestPostgres.Store) throws {
        try withStore(store) { fixture throws in
            try fixture.write(SampleText.text, as: "keeper.txt")
            _ = try fixture.library.add(paths: [fixture.books.path])
            let book = try #require(try fixture.library.books().first)
            var locator = Locator(href: "", type: "text/plain")
            locator.locations.fingerprint = book.fingerprint
            locator.locations.offset = 120
            let start = Timestamp(milliseconds: 1_700_000_000_000)
            try fixture.library.recordPageShown(fingerprint: book.fingerprint, locator: locator, progress: 0.25, isLastPage: false, at: start)
            try fixture.library.recordPageShown(fingerprint: book.fingerprint, locator: locator, progress: 0.5, isLastPage: false,
                                                at: Timestamp(milliseconds: start.milliseconds + 60_000))
            let again = try fixture.reopen()
            let position = try #require(try again.position(of: book))
            #expect(position.locator == locator)
            #expect(position.progress == 0.5)
            let stored = try #require(try again.books().first)
            #expect(stored.status == .reading && stored.progress == 0.5)
            let sessions = try again.store.read { (transaction) throws(ReaderError) in try transaction.sessions(bookUUID: book.uuid) }
            #expect(sessions.count == 1 && sessions[0].pagesTurned == 2)
        }
    }

    @Test("bookmarks, highlights and notes; a backup exported from one store merges into the other kind, idempotently",
          arguments: TestPostgres.stores)
    func annotationsAndBackups(store: TestPostgres.Store) throws {
        try withStore(store) { fixture throws in
            try fixture.write(SampleText.text, as: "keeper.txt")
            _ = try fixture.library.add(paths: [fixture.books.path])
            let book = try #require(try fixture.library.books().first)
            let mark = try fixture.library.addAnnotation(.bookmark, to: book, at: .page(1, .standard))
            let note = try fixture.library.addAnnotation(.note, to: book, at: .page(1, .standard), note: "the keeper", color: "blue")
            try fixture.library.saveSettings(BookSettings(bookUUID: book.uuid, viewport: .standard, encoding: "utf-8",
                                                          transforms: ["s2t"], modifiedAt: .now()))
            _ = try fixture.library.removeAnnotation(mark.uuid)
            try fixture.library.store.write { (transaction) throws(ReaderError) in
                try transaction.saveViewerAnnotation(kind: "notes", name: "b.md", json: #"{"articleNote":"b"}"#, at: Timestamp(milliseconds: 7))
                try transaction.saveViewerAnnotation(kind: "highlights", name: "a.md", json: "[]", at: Timestamp(milliseconds: 9))
            }
            #expect(try fixture.library.store.read { (transaction) throws(ReaderError) in try transaction.allViewerAnnotations() }
                == [ArticleAnnotation(kind: "highlights", name: "a.md", value: "[]", updatedAt: Timestamp(milliseconds: 9)),
                    ArticleAnnotation(kind: "notes", name: "b.md", value: #"{"articleNote":"b"}"#, updatedAt: Timestamp(milliseconds: 7))])
            let items = try fixture.library.annotations(of: book)
            #expect(items.map(\.uuid) == [note.uuid])
            #expect(items.first?.note == "the keeper" && items.first?.color == "blue")
            #expect(items.first?.locator.locations.fingerprint == book.fingerprint)

            let backupPath = fixture.directory.appendingPathComponent("backup.json").path
            try fixture.library.exportBackup(to: backupPath)
            let other: TestPostgres.Store = store == .sqlite ? (TestPostgres.stores.contains(.postgres) ? .postgres : .sqlite) : .sqlite
            try withStore(other) { target throws in
                let first = try target.library.importBackup(from: backupPath)
                #expect(first.booksAdded == 1 && first.annotations == 2 && first.settings == 1 && first.articleAnnotations == 2, "\(first)")
                #expect(try target.library.importBackup(from: backupPath).isEmpty)
                let restored = try target.library.backup(at: Timestamp(milliseconds: 0))
                let original = try fixture.library.backup(at: Timestamp(milliseconds: 0))
                #expect(restored == original)
            }
        }
    }

    @Test("a linked edition is kept as a former edition of the book; linking back forgets it", arguments: TestPostgres.stores)
    func editions(store: TestPostgres.Store) throws {
        try withStore(store) { fixture throws in
            let epub = try fixture.copy("epub/lighthouse-keeper.epub")
            let text = try fixture.copy("conversions/lighthouse-keeper.txt")
            _ = try fixture.library.add(paths: [epub])
            let book = try #require(try fixture.library.books().first)
            _ = try fixture.library.link(book, toEditionAt: text)
            let epubKey = try KOReaderPartialMD5.compute(path: epub)
            let textKey = try KOReaderPartialMD5.compute(path: text)
            let former = try fixture.reopen().store.read { (transaction) throws(ReaderError) in
                (try transaction.editions(bookUUID: book.uuid), try transaction.edition(partialMD5: epubKey))
            }
            #expect(former.0.map(\.partialMD5) == [epubKey])
            #expect(former.1?.path == canonical(epub) && former.1?.fingerprint == book.fingerprint)
            #expect(try fixture.library.otherKOReaderKeys(ofSameBookAs: textKey) == [epubKey])
            #expect(try fixture.library.otherKOReaderKeys(ofSameBookAs: epubKey) == [textKey])

            let linked = try #require(try fixture.library.books().first)
            _ = try fixture.library.link(linked, toEditionAt: epub)
            let after = try fixture.library.store.read { (transaction) throws(ReaderError) in
                try transaction.editions(bookUUID: book.uuid).map(\.partialMD5)
            }
            #expect(after == [textKey])
        }
    }

    @Test("KOSync accounts are inserted once; progress is kept per account and document", arguments: TestPostgres.stores)
    func kosync(store: TestPostgres.Store) throws {
        try withStore(store) { fixture throws in
            let user = KOSyncUser(username: "reader one", keyHash: Array(0..<32), salt: [0, 255, 7, 128], iterations: 210_000,
                                  createdAt: Timestamp(milliseconds: 1_700_000_000_123))
            let inserted = try fixture.library.store.write { (transaction) throws(ReaderError) in
                (try transaction.insertKOSyncUser(user), try transaction.insertKOSyncUser(user))
            }
            #expect(inserted == (true, false))
            let progress = KOSyncProgress(document: "0123abcd", progress: "/body/DocFragment[3]/body/p[2]/text().5",
                                          percentage: 0.4231, device: "kobo", deviceID: "DEV1")
            try fixture.library.store.write { (transaction) throws(ReaderError) in
                try transaction.saveKOSyncRecord(KOSyncRecord(username: user.username, progress: progress, timestamp: 100))
                var later = progress
                later.percentage = 0.5
                later.deviceID = nil
                try transaction.saveKOSyncRecord(KOSyncRecord(username: user.username, progress: later, timestamp: 200))
            }
            let again = try fixture.reopen()
            let read = try again.store.read { (transaction) throws(ReaderError) in
                (try transaction.kosyncUser(username: user.username), try transaction.kosyncUser(username: "nobody"),
                 try transaction.kosyncRecord(username: user.username, document: "0123abcd"),
                 try transaction.kosyncRecord(username: user.username, document: "other"))
            }
            #expect(read.0 == user)
            #expect(read.1 == nil)
            #expect(read.2?.timestamp == 200 && read.2?.progress.percentage == 0.5 && read.2?.progress.deviceID == nil)
            #expect(read.2?.progress.progress == progress.progress)
            #expect(read.3 == nil)
            // Progress belongs to an account: it cannot be written for one that does not exist.
            #expect(throws: ReaderError.self) {
                try again.store.write { (transaction) throws(ReaderError) in
                    try transaction.saveKOSyncRecord(KOSyncRecord(username: "nobody", progress: progress, timestamp: 1))
                }
            }
        }
    }

    @Test("two library instances on one store writing at once lose nothing", arguments: TestPostgres.stores)
    func concurrentWriters(store: TestPostgres.Store) throws {
        try withStore(store) { fixture throws in
            try fixture.write(SampleText.text, as: "keeper.txt")
            _ = try fixture.library.add(paths: [fixture.books.path])
            let book = try #require(try fixture.library.books().first)
            let instances = [fixture.library, try fixture.reopen()]
            let failures = FailureCount()
            DispatchQueue.concurrentPerform(iterations: 40) { index in
                do {
                    try instances[index % 2].tag(book, adding: ["tag\(index)"])
                } catch {
                    failures.add()
                }
            }
            #expect(failures.value == 0)
            #expect(try fixture.reopen().books().first?.tags.count == 40)
        }
    }
}

/// A thread-safe count of failures in concurrent work.
final class FailureCount: @unchecked Sendable {
    // @unchecked: every access goes through the lock.
    private let lock = NSLock()
    private var count = 0
    func add() { lock.withLock { count += 1 } }
    var value: Int { lock.withLock { count } }
}

/// A path with every symlink resolved, as the library stores paths.
private func canonical(_ path: String) -> String {
    guard let resolved = realpath(path, nil) else { return path }
    defer { free(resolved) }
    return String(cString: resolved)
}
