import ArgumentParser
import Foundation
import ReaderCore
import ReaderLibrary
import ReaderLibraryPostgres

/// `reader library …`: the personal library of books, their state, tags and collections.
struct LibraryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "library", abstract: "Keep a library of books: add, scan, list, show, tag, search.",
        discussion: """
            The library is one SQLite file: $READER_LIBRARY, else $XDG_DATA_HOME/reader/library.sqlite, else \
            ~/.local/share/reader/library.sqlite. BOOK may be a path, a fingerprint (or 8+ leading hex digits of its \
            SHA-256, or its KOReader partial MD5), a UUID, or words of the title or authors. $READER_DATABASE set to \
            postgres://USER@HOST[:PORT]/DATABASE keeps the library on a PostgreSQL server instead.
            """,
        subcommands: [LibraryAddCommand.self, LibraryScanCommand.self, LibraryListCommand.self, LibraryShowCommand.self,
                      LibraryRemoveCommand.self, LibraryTagCommand.self, LibraryCollectionCommand.self,
                      LibraryStatusCommand.self, LibrarySettingsCommand.self, LibraryLinkCommand.self,
                      LibrarySearchCommand.self, LibraryStatsCommand.self, LibraryStressWritesCommand.self])
}

extension Library {
    /// The user's library (created on first use), as every library command opens it: `database`
    /// when given, else `$READER_DATABASE` (a SQLite path or a PostgreSQL address), else the
    /// default SQLite file.
    static func forCommand(database: String? = nil) throws(ReaderError) -> Library {
        let environment = ProcessInfo.processInfo.environment["READER_DATABASE"].flatMap { $0.isEmpty ? nil : $0 }
        guard let chosen = database ?? environment else { return try Library.open() }
        return try Library.open(database: chosen)
    }
}
