import Foundation
import NIOCore
import PostgresNIO
import ReaderCore
import ReaderLibrary

/// The library store on PostgreSQL (postgres-nio), so several `reader serve` instances share one
/// state. Each `write` is one transaction that first takes an advisory lock of the library's
/// schema, so writers take turns as they do on SQLite (a read-modify-write never loses another
/// instance's update); each `read` is a read-only snapshot (`REPEATABLE READ`). The protocol is
/// synchronous: see ``PostgresConnectionPool`` for how it waits on postgres-nio safely.
public final class PostgresLibraryStore: LibraryStore {
    /// The address, without its password.
    public let location: String
    private let address: PostgresDatabaseURL
    private let pool: PostgresConnectionPool

    /// Connects to the library at `url` (`postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE[?schema=NAME]`),
    /// creating its tables or upgrading an older schema.
    /// - Throws: ``ReaderError`` of kind `invalidArgument` for a malformed address, `unreadable`
    ///   when the server cannot be reached or refuses, `unsupportedFormat` when the database was
    ///   written by a newer version (it is left untouched).
    public convenience init(url: String) throws(ReaderError) {
        try self.init(address: try PostgresDatabaseURL(url))
    }

    /// Connects to the library at `address`, as ``init(url:)``.
    public init(address: PostgresDatabaseURL) throws(ReaderError) {
        self.address = address
        location = address.redacted
        let configuration = PostgresConnection.Configuration(
            host: address.host, port: address.port, username: address.username, password: address.password,
            database: address.database, tls: .disable)
        pool = PostgresConnectionPool(
            configuration: configuration,
            setup: ["SET search_path TO \"\(address.schema)\"", "SET TIME ZONE 'UTC'"])
        try migrate()
    }

    deinit {
        pool.close()
    }

    /// Runs `body` in a read-only snapshot transaction.
    public func read<T>(_ body: (any LibraryStoreTransaction) throws(ReaderError) -> T) throws(ReaderError) -> T {
        try transaction(begin: "BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY", lock: false, body)
    }

    /// Runs `body` in one transaction, writers taking turns; committed when it returns, rolled back when it throws.
    public func write<T>(_ body: (any LibraryStoreTransaction) throws(ReaderError) -> T) throws(ReaderError) -> T {
        try transaction(begin: "BEGIN", lock: true, body)
    }

    /// Missing tables or migrations; empty when the schema is complete.
    public func integrityProblems() throws(ReaderError) -> [String] {
        try read { (transaction) throws(ReaderError) -> [String] in
            guard let session = transaction as? PostgresLibraryTransaction else { return [] }
            var problems: [String] = []
            let applied = Set(try session.rows("SELECT name FROM reader_migrations").map { try? PostgresColumns($0).string(0) })
            for migration in PostgresLibrarySchema.migrations where !applied.contains(migration.name) {
                problems.append("migration \(migration.name) is not applied")
            }
            for table in PostgresLibrarySchema.tables {
                let found = try session.rows("SELECT to_regclass($1) IS NOT NULL", [.text("\"\(address.schema)\".\(table)")])
                if (try? found.first.map { try PostgresColumns($0).bool(0) }) != true { problems.append("table \(table) is missing") }
            }
            return problems
        }
    }

    /// Closes the idle connections (a later call opens new ones).
    public func close() {
        pool.close()
    }

    private func transaction<T>(begin: String, lock: Bool,
                                _ body: (any LibraryStoreTransaction) throws(ReaderError) -> T) throws(ReaderError) -> T {
        let connection: PostgresConnection
        do {
            connection = try pool.take()
        } catch {
            throw converted(error, doing: "cannot connect")
        }
        let session = PostgresLibraryTransaction(connection: connection, location: location, logger: pool.queryLogger)
        do {
            try session.execute(begin)
            if lock { try session.execute("SELECT pg_advisory_xact_lock(hashtext($1))", [.text(Self.lockName(address))]) }
            let result = try body(session)
            try session.execute("COMMIT")
            pool.giveBack(connection)
            return result
        } catch {
            if (try? session.execute("ROLLBACK")) != nil {
                pool.giveBack(connection)
            } else {
                pool.discard(connection)
            }
            throw error
        }
    }

    /// Creates the schema and applies the migrations it lacks, under the writers' lock; refuses a
    /// database that records a migration this build does not know.
    private func migrate() throws(ReaderError) {
        if address.schema != "public" {
            _ = try transaction(begin: "BEGIN", lock: true) { (transaction) throws(ReaderError) in
                try (transaction as? PostgresLibraryTransaction)?.execute("CREATE SCHEMA IF NOT EXISTS \"\(address.schema)\"")
            }
        }
        try write { (transaction) throws(ReaderError) in
            guard let session = transaction as? PostgresLibraryTransaction else { return }
            try session.execute("CREATE TABLE IF NOT EXISTS reader_migrations (name TEXT PRIMARY KEY, applied_at BIGINT NOT NULL)")
            let applied = try session.map(try session.rows("SELECT name FROM reader_migrations")) { try $0.string(0) }
            let known = PostgresLibrarySchema.migrations.map(\.name)
            if let unknown = applied.first(where: { !known.contains($0) }) {
                throw ReaderError(.unsupportedFormat, file: location,
                                  reason: "the library was written by a newer version of reader (migration \(unknown); this build knows up to \(known.last ?? "none")); it was left untouched")
            }
            for migration in PostgresLibrarySchema.migrations where !applied.contains(migration.name) {
                for statement in migration.statements { try session.execute(statement) }
                try session.execute("INSERT INTO reader_migrations (name, applied_at) VALUES ($1, $2)",
                                    [.text(migration.name), .integer(Timestamp.now().milliseconds)])
            }
        }
    }

    /// Drops the store's schema and everything in it (tests give each store a schema of its own);
    /// never `public`.
    func dropSchema() throws(ReaderError) {
        guard address.schema != "public" else { return }
        try write { (transaction) throws(ReaderError) in
            try (transaction as? PostgresLibraryTransaction)?.execute("DROP SCHEMA IF EXISTS \"\(address.schema)\" CASCADE")
        }
        pool.close()
    }

    private static func lockName(_ address: PostgresDatabaseURL) -> String { "reader-library:\(address.schema)" }

    private func converted(_ error: any Error, doing what: String) -> ReaderError {
        if let error = error as? ReaderError { return error }
        return ReaderError(.unreadable, file: location, reason: "library database: \(what): \(PostgresLibraryTransaction.message(of: error))",
                           cause: error)
    }
}
