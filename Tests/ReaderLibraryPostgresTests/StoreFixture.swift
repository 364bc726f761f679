import Foundation
import ReaderCore
import ReaderLibrary
@testable import ReaderLibraryPostgres
import ReaderTestSupport

/// A library on one kind of store (a SQLite file in a temporary folder, or a schema of its own on
/// the test PostgreSQL server), with a folder of book files to add.
struct StoreFixture {
    let kind: TestPostgres.Store
    let directory: URL
    let library: Library
    /// Where the store is: the SQLite path or the PostgreSQL address (with its schema).
    let database: String

    var books: URL { directory.appendingPathComponent("books", isDirectory: true) }

    /// Another library on the same store (as a second `reader serve` instance would open it).
    func reopen() throws -> Library { try Library.open(database: database) }

    /// Copies a TestBooks file into the books folder; returns its path.
    @discardableResult
    func copy(_ testBook: String, as name: String? = nil) throws -> String {
        let source = TestLocation.testBooks.appendingPathComponent(testBook)
        let target = books.appendingPathComponent(name ?? source.lastPathComponent)
        try FileManager.default.copyItem(at: source, to: target)
        return target.path
    }

    /// Writes a text file into the books folder; returns its path.
    @discardableResult
    func write(_ text: String, as name: String) throws -> String {
        let target = books.appendingPathComponent(name)
        try Data(text.utf8).write(to: target)
        return target.path
    }
}

/// Runs `body` with a fresh library on `kind`, removed afterwards (the folder, and the schema on PostgreSQL).
func withStore<T>(_ kind: TestPostgres.Store, _ body: (StoreFixture) throws -> T) throws -> T {
    try withTemporaryDirectory(prefix: "reader-store-tests") { directory throws in
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("books"), withIntermediateDirectories: true)
        let database = switch kind {
        case .sqlite: directory.appendingPathComponent("library.sqlite").path
        case .postgres: try TestPostgres.freshSchemaURL()
        }
        let library = try Library.open(database: database)
        defer { try? (library.store as? PostgresLibraryStore)?.dropSchema() }
        return try body(StoreFixture(kind: kind, directory: directory, library: library, database: database))
    }
}

/// A few paragraphs of prose, so re-anchoring has context to work with.
enum SampleText {
    static let paragraphs = [
        "The lighthouse stood on a ledge of black rock, and every evening the keeper climbed its ninety steps.",
        "He trimmed the wick, polished the great lens and wrote the weather into a book bound in green cloth.",
        "Ships passed far out, their lights no bigger than sparks, and none of them ever knew his name.",
        "In the spring a girl rowed out from the village with letters, bread and news of the mainland.",
    ]

    static var text: String { paragraphs.joined(separator: "\n\n") + "\n" }
}
