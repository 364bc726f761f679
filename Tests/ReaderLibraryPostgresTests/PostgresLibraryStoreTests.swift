import Foundation
import ReaderCore
import ReaderLibrary
@testable import ReaderLibraryPostgres
import ReaderTestSupport
import Testing

@Suite("PostgreSQL store: addresses, migrations, failures")
struct PostgresLibraryStoreTests {
    @Test("addresses are parsed, and malformed ones refused with the reason")
    func addresses() throws {
        let address = try PostgresDatabaseURL("postgres://reader:s%40cret@db.example:6543/books?schema=lib_2")
        #expect(address.host == "db.example" && address.port == 6543 && address.username == "reader")
        #expect(address.password == "s@cret" && address.database == "books" && address.schema == "lib_2")
        #expect(address.redacted == "postgres://reader@db.example:6543/books?schema=lib_2")
        #expect(try PostgresDatabaseURL("postgresql://me@127.0.0.1/db").port == 5432)
        for bad in ["postgres://127.0.0.1/db", "postgres://me@127.0.0.1/", "postgres://me@127.0.0.1/db?schema=x;drop", "mysql://me@h/db"] {
            #expect(throws: ReaderError.self, "\(bad)") { _ = try PostgresDatabaseURL(bad) }
        }
    }

    @Test("a server that is not there is one clear error, quickly")
    func unreachable() throws {
        let started = Date()
        do {
            _ = try PostgresLibraryStore(url: "postgres://reader@127.0.0.1:1/none")
            Issue.record("opened a store on a closed port")
        } catch {
            #expect(error.code == .unreadable)
            #expect(error.reason.contains("cannot connect"), "\(error.reason)")
        }
        #expect(Date().timeIntervalSince(started) < 10)
    }

    @Test("a new store records its migrations; one written by a newer version is refused and left untouched",
          .enabled(if: TestPostgres.stores.contains(.postgres)))
    func migrations() throws {
        let url = try TestPostgres.freshSchemaURL()
        let store = try PostgresLibraryStore(url: url)
        defer { try? store.dropSchema() }
        #expect(try store.integrityProblems().isEmpty)
        _ = try store.write { (transaction) throws(ReaderError) in
            try postgres(transaction).execute("INSERT INTO reader_migrations (name, applied_at) VALUES ('v99-future', 0)")
        }
        do {
            _ = try PostgresLibraryStore(url: url)
            Issue.record("opened a store of a newer schema")
        } catch {
            #expect(error.code == .unsupportedFormat)
            #expect(error.reason.contains("newer version") && error.reason.contains("v99-future"), "\(error.reason)")
        }
        let names = try store.read { (transaction) throws(ReaderError) in
            let session = try postgres(transaction)
            return try session.map(try session.rows("SELECT name FROM reader_migrations ORDER BY name")) { try $0.string(0) }
        }
        #expect(names == ["v1-library", "v2-editions-kosync", "v3-viewer-annotations-removals", "v99-future"])
    }

    @Test("a write that throws is rolled back: nothing of it is kept", .enabled(if: TestPostgres.stores.contains(.postgres)))
    func rollback() throws {
        let store = try PostgresLibraryStore(url: try TestPostgres.freshSchemaURL())
        defer { try? store.dropSchema() }
        let user = KOSyncUser(username: "u", keyHash: [1], salt: [2], iterations: 1, createdAt: .now())
        #expect(throws: ReaderError.self) {
            try store.write { (transaction) throws(ReaderError) in
                _ = try transaction.insertKOSyncUser(user)
                throw ReaderError(.invalidArgument, reason: "stop")
            }
        }
        #expect(try store.read { (transaction) throws(ReaderError) in try transaction.kosyncUser(username: "u") } == nil)
    }
}

/// The PostgreSQL transaction behind a store's transaction.
private func postgres(_ transaction: any LibraryStoreTransaction) throws(ReaderError) -> PostgresLibraryTransaction {
    guard let session = transaction as? PostgresLibraryTransaction else {
        throw ReaderError(.invalidArgument, reason: "not a PostgreSQL transaction")
    }
    return session
}
