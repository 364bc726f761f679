import Foundation
import ReaderCore
import ReaderEngine

/// A personal library: books keyed by fingerprint, where their files are, reading positions,
/// bookmarks, highlights and notes, tags and collections, settings, reading sessions, backups.
/// The policy lives here; a ``LibraryStore`` keeps the data, so front ends (the CLI, a server,
/// a terminal reader) share one behaviour whatever the store.
public final class Library: Sendable {
    /// Where the data is kept.
    public let store: any LibraryStore
    /// The engine books are opened with.
    public let engine: ReaderEngine

    /// A library on `store`, opening books with `engine`.
    public init(store: any LibraryStore, engine: ReaderEngine = .standard) {
        self.store = store
        self.engine = engine
    }

    /// The SQLite library at `path` (default: ``LibraryLocation/defaultPath(environment:)``),
    /// created when missing.
    /// - Throws: ``ReaderError`` when it cannot be opened or was made by a newer version.
    public static func open(path: String = LibraryLocation.defaultPath()) throws(ReaderError) -> Library {
        Library(store: try SQLiteLibraryStore(path: path, create: true))
    }

    /// The SQLite library at `path` when one exists there, else nil: for recording what a command
    /// did without ever creating a library as a side effect.
    /// - Throws: ``ReaderError`` when one exists but cannot be opened.
    public static func openIfExists(path: String = LibraryLocation.defaultPath()) throws(ReaderError) -> Library? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        return Library(store: try SQLiteLibraryStore(path: path, create: false))
    }

    /// A new random identity for a book, an item, a collection or a session.
    static func newUUID() -> String { UUID().uuidString.lowercased() }
}
