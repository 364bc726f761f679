import ArgumentParser
import ReaderCore
import ReaderLibrary

/// `reader library collection …`: named groups of books.
struct LibraryCollectionCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "collection", abstract: "Group books into named collections.",
        subcommands: [Add.self, Remove.self, List.self, Delete.self])

    /// `collection add NAME BOOK…`
    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "add", abstract: "Add books to a collection (made if new).")
        @Argument(help: "The collection.") var name: String
        @Argument(help: "Books: paths, fingerprints, UUIDs or title words.") var books: [String] = []

        func run() throws {
            try reportingErrors { () throws(ReaderError) in
                let library = try Library.forCommand()
                var found: [LibraryBook] = []
                for book in books { found.append(try library.book(matching: book)) }
                let collection = try library.updateCollection(named: name, adding: found)
                StandardStreams.error("reader: \(ListingField.oneLine(collection.name)): \(collection.bookUUIDs.count) books")
            }
        }
    }

    /// `collection remove NAME BOOK…`
    struct Remove: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "remove", abstract: "Take books out of a collection.")
        @Argument(help: "The collection.") var name: String
        @Argument(help: "Books: paths, fingerprints, UUIDs or title words.") var books: [String]

        func run() throws {
            try reportingErrors { () throws(ReaderError) in
                let library = try Library.forCommand()
                guard try library.collections().contains(where: { $0.name == name }) else {
                    throw ReaderError(.fileNotFound, reason: "no collection named \"\(name.prefix(80))\"")
                }
                var found: [LibraryBook] = []
                for book in books { found.append(try library.book(matching: book)) }
                let collection = try library.updateCollection(named: name, adding: [], removing: found)
                StandardStreams.error("reader: \(ListingField.oneLine(collection.name)): \(collection.bookUUIDs.count) books")
            }
        }
    }

    /// `collection list [NAME]`
    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "List collections, or the books of one.")
        @Argument(help: "A collection whose books to list.") var name: String?
        @Flag(help: "Print as JSON.") var json = false

        func run() throws {
            try reportingErrors { () throws(ReaderError) in
                let library = try Library.forCommand()
                var output = OutputBuffer()
                if let name {
                    let shown = try library.books().filter { $0.collections.contains(name) }
                    if json { output.line(StandardStreams.json(shown)) } else { shown.forEach { output.line(BookLine.text($0)) } }
                } else {
                    let collections = try library.collections()
                    if json {
                        output.line(StandardStreams.json(collections))
                    } else {
                        collections.forEach { output.line("\(ListingField.oneLine($0.name)) · \($0.bookUUIDs.count) books") }
                    }
                }
                output.flush()
            }
        }
    }

    /// `collection delete NAME`
    struct Delete: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "delete", abstract: "Delete a collection (not its books).")
        @Argument(help: "The collection.") var name: String

        func run() throws {
            try reportingErrors { () throws(ReaderError) in try Library.forCommand().deleteCollection(named: name) }
        }
    }
}
