import Foundation
import ReaderCore
import ReaderLibrary
import ReaderLibraryPostgres

/// The library at the default location, opened at most once per run (nil when there is none), so a
/// command that reads a book's settings and then records its position opens the database once.
/// Never creates a library.
enum ExistingLibrary {
    private static let opened = Result { () throws(ReaderError) -> Library? in
        guard let database = ProcessInfo.processInfo.environment["READER_DATABASE"], !database.isEmpty else {
            return try Library.openIfExists()
        }
        if PostgresDatabaseURL.isPostgres(database) { return try Library.open(database: database) }
        return try Library.openIfExists(path: database)
    }

    /// The library, or nil when none exists.
    /// - Throws: ``ReaderError`` when the library exists but cannot be opened.
    static func get() throws(ReaderError) -> Library? { try opened.get() }
}
