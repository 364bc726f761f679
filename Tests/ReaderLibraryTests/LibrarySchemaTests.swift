import Foundation
import GRDB
import ReaderCore
import ReaderLibrary
import ReaderTestSupport
import Testing

@Suite("Library store: schema, versions, WAL")
struct LibrarySchemaTests {
    @Test("a new library is a WAL database with the application id and the current schema version")
    func newLibrary() throws {
        try withLibrary { fixture throws in
            let queue = try DatabaseQueue(path: fixture.databasePath)
            let (journal, applicationID, version, tables) = try queue.read { db in
                (try String.fetchOne(db, sql: "PRAGMA journal_mode"), try Int32.fetchOne(db, sql: "PRAGMA application_id"),
                 try Int.fetchOne(db, sql: "PRAGMA user_version"),
                 try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name"))
            }
            #expect(journal == "wal")
            #expect(applicationID == 0x5264_4C62)
            #expect(version == 3)
            #expect(tables.contains("books") && tables.contains("annotations") && tables.contains("positions"))
            #expect(try fixture.library.store.integrityProblems().isEmpty)
        }
    }

    @Test("opening again keeps the data and changes nothing")
    func reopen() throws {
        try withLibrary { fixture throws in
            try fixture.write(SampleText.text, as: "keeper.txt")
            _ = try fixture.library.add(paths: [fixture.books.path])
            let again = try Library.open(path: fixture.databasePath)
            #expect(try again.books().count == 1)
        }
    }

    @Test("a library of the previous schema (v2) opens, upgrades to v3 and keeps its books")
    func upgradeFromVersion2() throws {
        try withLibrary { fixture throws in
            try fixture.write(SampleText.text, as: "keeper.txt")
            _ = try fixture.library.add(paths: [fixture.books.path])
            // Take the file back to what the previous build wrote: no v3 table or column, no v3 record, user_version 2.
            let queue = try DatabaseQueue(path: fixture.databasePath)
            try queue.write { db in
                try db.execute(sql: "DROP TABLE viewer_annotations")
                try db.execute(sql: "ALTER TABLE files DROP COLUMN removed")
                try db.execute(sql: "DELETE FROM grdb_migrations WHERE identifier = 'v3-viewer-annotations-removals'")
                try db.execute(sql: "PRAGMA user_version = 2")
            }
            try queue.close()
            let upgraded = try Library.open(path: fixture.databasePath)
            #expect(try upgraded.books().count == 1)
            try upgraded.store.write { (transaction) throws(ReaderError) in
                try transaction.saveViewerAnnotation(kind: "notes", name: "a.md", json: "{}", at: .now())
            }
            let version = try DatabaseQueue(path: fixture.databasePath).read { db in try Int.fetchOne(db, sql: "PRAGMA user_version") }
            #expect(version == 3)
        }
    }

    @Test("a library of a newer schema is refused with a clear error and left byte for byte as it was")
    func newerSchemaRefused() throws {
        try withLibrary { fixture throws in
            try fixture.write(SampleText.text, as: "keeper.txt")
            _ = try fixture.library.add(paths: [fixture.books.path])
            let queue = try DatabaseQueue(path: fixture.databasePath)
            try queue.write { db in
                try db.execute(sql: "PRAGMA user_version = 7")
                try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v7-from-the-future')")
            }
            try queue.close()
            try checkpointAndClose(fixture.databasePath)
            let before = try Data(contentsOf: URL(fileURLWithPath: fixture.databasePath))
            let error = readerError { _ = try Library.open(path: fixture.databasePath) }
            #expect(error?.code == .unsupportedFormat)
            #expect(error?.reason.contains("newer version") == true, "\(String(describing: error))")
            #expect(error?.reason.contains("7") == true)
            #expect(try Data(contentsOf: URL(fileURLWithPath: fixture.databasePath)) == before)
            #expect(readerError { _ = try Library.openIfExists(path: fixture.databasePath) }?.code == .unsupportedFormat)
        }
    }

    @Test("another program's SQLite database is not taken for a library")
    func foreignDatabase() throws {
        try withTemporaryDirectory(prefix: "reader-library-foreign") { directory throws in
            let path = directory.appendingPathComponent("other.sqlite").path
            let queue = try DatabaseQueue(path: path)
            try queue.write { db in try db.execute(sql: "CREATE TABLE notes (text TEXT)") }
            try queue.close()
            let error = readerError { _ = try Library.open(path: path) }
            #expect(error?.code == .unsupportedFormat)
            #expect(error?.reason.contains("not a reader library") == true)
        }
    }

    @Test("openIfExists never creates a library")
    func openIfExistsCreatesNothing() throws {
        try withTemporaryDirectory(prefix: "reader-library-none") { directory throws in
            let path = directory.appendingPathComponent("sub/library.sqlite").path
            #expect(try Library.openIfExists(path: path) == nil)
            #expect(!FileManager.default.fileExists(atPath: path))
            #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("sub").path))
        }
    }

    @Test("the location comes from READER_LIBRARY, else XDG_DATA_HOME, else ~/.local/share")
    func location() {
        #expect(LibraryLocation.defaultPath(environment: ["READER_LIBRARY": "/tmp/x.sqlite", "XDG_DATA_HOME": "/d"]) == "/tmp/x.sqlite")
        #expect(LibraryLocation.defaultPath(environment: ["XDG_DATA_HOME": "/d"]) == "/d/reader/library.sqlite")
        #expect(LibraryLocation.defaultPath(environment: [:]).hasSuffix("/.local/share/reader/library.sqlite"))
    }

    /// Folds the WAL into the main file so its bytes hold everything.
    private func checkpointAndClose(_ path: String) throws {
        let queue = try DatabaseQueue(path: path)
        try queue.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)") }
        try queue.close()
    }
}
