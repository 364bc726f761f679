import ArgumentParser
import ReaderCore
import ReaderLibrary

/// `reader library remove BOOK`: forgets a book (its files stay on disk).
struct LibraryRemoveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove",
        abstract: "Remove a book and everything kept about it from the library (its files are not touched).")

    @Argument(help: "The book: a path, a fingerprint, a UUID or words of the title.")
    var book: String

    func run() throws {
        try reportingErrors { () throws(ReaderError) in
            let library = try Library.forCommand()
            let found = try library.book(matching: book)
            try library.remove(found)
            StandardStreams.error("reader: removed \(ListingField.oneLine(found.displayTitle)); scans pass its files by until `reader library add FILE`")
        }
    }
}
