import Foundation
import GRDB
import ReaderCore

/// The embedded library store: one SQLite file through GRDB, in WAL mode so readers never wait
/// for a writer, every write one immediate transaction, and a busy timeout so two processes
/// writing at once take turns instead of failing.
public final class SQLiteLibraryStore: LibraryStore {
    /// The database file.
    public let location: String
    private let pool: DatabasePool

    /// Opens the library at `path`, creating it (and its folder) when `create` is true and it does
    /// not exist, and upgrading an older schema.
    /// - Throws: ``ReaderError`` of kind `fileNotFound` when it does not exist and `create` is
    ///   false; `unsupportedFormat` when the file is not a library or was made by a newer version
    ///   (it is left untouched); `unreadable` when SQLite cannot open it.
    public init(path: String, create: Bool = true) throws(ReaderError) {
        location = path
        let exists = FileManager.default.fileExists(atPath: path)
        if !exists {
            guard create else { throw ReaderError(.fileNotFound, file: path, reason: "no library here") }
            let folder = (path as NSString).deletingLastPathComponent
            if !folder.isEmpty {
                try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            }
        } else {
            try Self.checkBeforeOpening(path: path)
        }
        var configuration = Configuration()
        configuration.busyMode = .timeout(30)
        configuration.foreignKeysEnabled = true
        do {
            pool = try DatabasePool(path: path, configuration: configuration)
            let migrator = LibrarySchema.migrator
            try pool.read { db in
                if try migrator.hasBeenSuperseded(db) { throw Self.newerSchema(path: path, found: nil) }
            }
            let upToDate = try pool.read { db in try migrator.hasCompletedMigrations(db) }
            if !upToDate {
                try migrator.migrate(pool)
                try pool.write { db in
                    try db.execute(sql: "PRAGMA application_id = \(LibrarySchema.applicationID)")
                    try db.execute(sql: "PRAGMA user_version = \(LibrarySchema.version)")
                }
            }
        } catch let error as ReaderError {
            throw error
        } catch {
            throw ReaderError(.unreadable, file: path, reason: "cannot open the library: \(Self.message(of: error))",
                              cause: error)
        }
    }

    /// Reads the file without changing it: refuses another program's database and a newer schema.
    private static func checkBeforeOpening(path: String) throws(ReaderError) {
        var configuration = Configuration()
        configuration.readonly = true
        configuration.busyMode = .timeout(30)
        do {
            let queue = try DatabaseQueue(path: path, configuration: configuration)
            defer { try? queue.close() }
            let (applicationID, userVersion, tableCount) = try queue.read { db in
                (try Int32.fetchOne(db, sql: "PRAGMA application_id") ?? 0,
                 try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0,
                 try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master WHERE type = 'table'") ?? 0)
            }
            if applicationID != LibrarySchema.applicationID, applicationID != 0 || tableCount > 0 {
                throw ReaderError(.unsupportedFormat, file: path, reason: "not a reader library (another program's SQLite database)")
            }
            if userVersion > LibrarySchema.version { throw newerSchema(path: path, found: userVersion) }
        } catch let error as ReaderError {
            throw error
        } catch {
            throw ReaderError(.unsupportedFormat, file: path, reason: "not a reader library: \(message(of: error))", cause: error)
        }
    }

    private static func newerSchema(path: String, found: Int?) -> ReaderError {
        let version = found.map { "schema version \($0)" } ?? "a newer schema"
        return ReaderError(.unsupportedFormat, file: path,
                           reason: "the library was written by a newer version of reader (\(version); this build knows up to \(LibrarySchema.version)); it was left untouched")
    }

    static func message(of error: any Error) -> String {
        if let error = error as? DatabaseError { return error.message ?? "\(error.resultCode)" }
        return "\(error)"
    }

    /// Runs `body` in a read transaction of its own (a snapshot; writers go on meanwhile).
    public func read<T>(_ body: (any LibraryStoreTransaction) throws(ReaderError) -> T) throws(ReaderError) -> T {
        do {
            return try pool.read { db in try body(SQLiteLibraryTransaction(db: db, path: location)) }
        } catch {
            throw converted(error)
        }
    }

    /// Runs `body` in one write transaction, committed when it returns and rolled back when it throws.
    public func write<T>(_ body: (any LibraryStoreTransaction) throws(ReaderError) -> T) throws(ReaderError) -> T {
        do {
            return try pool.write { db in try body(SQLiteLibraryTransaction(db: db, path: location)) }
        } catch {
            throw converted(error)
        }
    }

    /// What `PRAGMA integrity_check` reports; empty when the database is sound.
    public func integrityProblems() throws(ReaderError) -> [String] {
        do {
            let rows = try pool.read { db in try String.fetchAll(db, sql: "PRAGMA integrity_check") }
            return rows == ["ok"] ? [] : rows
        } catch {
            throw converted(error)
        }
    }

    private func converted(_ error: any Error) -> ReaderError {
        if let error = error as? ReaderError { return error }
        return ReaderError(.unreadable, file: location, reason: "library database: \(Self.message(of: error))", cause: error)
    }
}
