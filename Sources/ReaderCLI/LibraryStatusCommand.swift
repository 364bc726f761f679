import ArgumentParser
import ReaderCore
import ReaderLibrary

extension ReadingStatus: ExpressibleByArgument {}

/// `reader library status BOOK STATUS`: marks a book unread, reading or finished.
struct LibraryStatusCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "status", abstract: "Mark a book unread, reading or finished.")

    @Argument(help: "The book: a path, a fingerprint, a UUID or words of the title.")
    var book: String

    @Argument(help: "unread, reading or finished.")
    var status: ReadingStatus

    func run() throws {
        try reportingErrors { () throws(ReaderError) in
            let library = try Library.forCommand()
            try library.setStatus(status, of: try library.book(matching: book))
        }
    }
}
