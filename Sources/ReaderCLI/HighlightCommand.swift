import ArgumentParser
import ReaderCore
import ReaderLibrary

/// `reader highlight add|list|remove`.
struct HighlightCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "highlight", abstract: "Highlights of library books.", subcommands: [Add.self, List.self, Remove.self])

    /// `highlight add BOOK --range JSON|@FILE [--color C] [--note TEXT]`
    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "add",
            abstract: "Highlight a range (a LocatorRange: start and end Locators; another edition's is re-anchored); prints its UUID.")
        @Argument(help: "The book: a path, a fingerprint, a UUID or words of the title.") var book: String
        @Option(help: "The range as JSON, or @FILE holding it.") var range: String
        @Option(help: "The colour (a name or #rrggbb).") var color: String?
        @Option(help: "A note to keep with the highlight.") var note: String?
        @Flag(help: "Print the highlight as JSON.") var json = false

        func run() throws {
            try reportingErrors { () throws(ReaderError) in
                let library = try Library.forCommand()
                let given = try JSONArgument.decode(range, as: LocatorRange.self, what: "range")
                let item = try library.addAnnotation(.highlight, to: try library.book(matching: book), at: .range(given),
                                                     note: note, color: color)
                AnnotationCommandSupport.printAdded(item, json: json)
            }
        }
    }

    /// `highlight list [BOOK]`
    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "List highlights, of one book or all.")
        @Argument(help: "The book.") var book: String?
        @Flag(help: "Print as JSON.") var json = false

        func run() throws {
            try reportingErrors { () throws(ReaderError) in try AnnotationCommandSupport.list(.highlight, book: book, json: json) }
        }
    }

    /// `highlight remove UUID`
    struct Remove: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "remove", abstract: "Remove a highlight by UUID (or its first 8+ characters).")
        @Argument(help: "The highlight's UUID.") var uuid: String

        func run() throws {
            try reportingErrors { () throws(ReaderError) in try AnnotationCommandSupport.remove(.highlight, reference: uuid) }
        }
    }
}
