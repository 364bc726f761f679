import ArgumentParser
import ReaderCore
import ReaderLibrary

/// `reader library tag BOOK TAG…`: adds (or with --remove, removes) tags.
struct LibraryTagCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tag", abstract: "Add tags to a book, or remove them; prints its tags afterwards.")

    @Argument(help: "The book: a path, a fingerprint, a UUID or words of the title.")
    var book: String

    @Argument(help: "Tags.")
    var tags: [String] = []

    @Flag(help: "Remove the tags instead of adding them.")
    var remove = false

    func run() throws {
        try reportingErrors { () throws(ReaderError) in
            let library = try Library.forCommand()
            let found = try library.book(matching: book)
            let result = try library.tag(found, adding: remove ? [] : tags, removing: remove ? tags : [])
            var output = OutputBuffer()
            output.line(result.map(ListingField.oneLine).joined(separator: ", "))
            output.flush()
        }
    }
}
