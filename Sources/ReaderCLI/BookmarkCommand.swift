import ArgumentParser
import ReaderCore
import ReaderLibrary

/// `reader bookmark add|list|remove`.
struct BookmarkCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bookmark", abstract: "Bookmarks of library books.", subcommands: [Add.self, List.self, Remove.self])

    /// `bookmark add BOOK [--locator …|--page N] [--note TEXT]`
    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "add",
            abstract: "Bookmark a place (default: where the book was last read, else its first page); prints its UUID.")
        @Argument(help: "The book: a path, a fingerprint, a UUID or words of the title.") var book: String
        @OptionGroup var place: AnnotationPlaceOptions
        @Option(help: "A note to keep with the bookmark.") var note: String?
        @Flag(help: "Print the bookmark as JSON.") var json = false

        func run() throws {
            try reportingErrors { () throws(ReaderError) in
                let library = try Library.forCommand()
                let item = try library.addAnnotation(.bookmark, to: try library.book(matching: book), at: try place.place(), note: note)
                AnnotationCommandSupport.printAdded(item, json: json)
            }
        }
    }

    /// `bookmark list [BOOK]`
    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "List bookmarks, of one book or all.")
        @Argument(help: "The book.") var book: String?
        @Flag(help: "Print as JSON.") var json = false

        func run() throws {
            try reportingErrors { () throws(ReaderError) in try AnnotationCommandSupport.list(.bookmark, book: book, json: json) }
        }
    }

    /// `bookmark remove UUID`
    struct Remove: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "remove", abstract: "Remove a bookmark by UUID (or its first 8+ characters).")
        @Argument(help: "The bookmark's UUID.") var uuid: String

        func run() throws {
            try reportingErrors { () throws(ReaderError) in try AnnotationCommandSupport.remove(.bookmark, reference: uuid) }
        }
    }
}
