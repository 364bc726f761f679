import ReaderCore
import ReaderLibrary

extension Library {
    /// The library a `--database` value (or `READER_DATABASE`) names: a PostgreSQL address
    /// (`postgres://USER@HOST/DATABASE`) runs the store on that server, anything else is the path
    /// of a SQLite library file (created when missing).
    /// - Throws: ``ReaderError`` when the address is malformed, the server cannot be reached, or
    ///   the file cannot be opened.
    public static func open(database: String) throws(ReaderError) -> Library {
        if PostgresDatabaseURL.isPostgres(database) {
            return Library(store: try PostgresLibraryStore(url: database))
        }
        return try Library.open(path: database)
    }
}
