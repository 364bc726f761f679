import ReaderCore
import ReaderLibrary

/// The library at the default location, opened at most once per run (nil when there is none), so a
/// command that reads a book's settings and then records its position opens the database once.
/// Never creates a library.
enum ExistingLibrary {
    private static let opened = Result { () throws(ReaderError) -> Library? in try Library.openIfExists() }

    /// The library, or nil when none exists.
    /// - Throws: ``ReaderError`` when the library exists but cannot be opened.
    static func get() throws(ReaderError) -> Library? { try opened.get() }
}
