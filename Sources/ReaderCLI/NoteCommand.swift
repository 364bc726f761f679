import ArgumentParser
import ReaderCore
import ReaderLibrary

/// `reader note add|list|remove`.
struct NoteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "note", abstract: "Notes on library books.", subcommands: [Add.self, List.self, Remove.self])

    /// `note add BOOK --text TEXT [--locator …|--page N]`
    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "add",
            abstract: "Write a note at a place (default: where the book was last read, else its first page); prints its UUID.")
        @Argument(help: "The book: a path, a fingerprint, a UUID or words of the title.") var book: String
        @Option(help: "The note.") var text: String
        @OptionGroup var place: AnnotationPlaceOptions
        @Flag(help: "Print the note as JSON.") var json = false

        func run() throws {
            try reportingErrors { () throws(ReaderError) in
                let library = try Library.forCommand()
                let item = try library.addAnnotation(.note, to: try library.book(matching: book), at: try place.place(), note: text)
                AnnotationCommandSupport.printAdded(item, json: json)
            }
        }
    }

    /// `note list [BOOK]`
    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "List notes, of one book or all.")
        @Argument(help: "The book.") var book: String?
        @Flag(help: "Print as JSON.") var json = false

        func run() throws {
            try reportingErrors { () throws(ReaderError) in try AnnotationCommandSupport.list(.note, book: book, json: json) }
        }
    }

    /// `note remove UUID`
    struct Remove: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "remove", abstract: "Remove a note by UUID (or its first 8+ characters).")
        @Argument(help: "The note's UUID.") var uuid: String

        func run() throws {
            try reportingErrors { () throws(ReaderError) in try AnnotationCommandSupport.remove(.note, reference: uuid) }
        }
    }
}
