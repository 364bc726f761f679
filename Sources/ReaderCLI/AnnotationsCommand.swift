import ArgumentParser
import ReaderCore
import ReaderLibrary

/// `reader annotations BOOK --format markdown|json`: a book's items, for reading or other tools.
struct AnnotationsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "annotations",
        abstract: "Export a book's bookmarks, highlights and notes: Markdown grouped by chapter, or JSON.")

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case markdown, json
    }

    @Argument(help: "The book: a path, a fingerprint, a UUID or words of the title.")
    var book: String

    @Option(help: "markdown or json.")
    var format: Format = .markdown

    @Option(help: "Columns per line for page numbers (default: the book's setting, else 80).") var width: Int?
    @Option(help: "Lines per page for page numbers (default: the book's setting, else 24).") var height: Int?

    func run() throws {
        try reportingErrors { () throws(ReaderError) in
            let library = try Library.forCommand()
            let found = try library.book(matching: book)
            let stored = try library.settings(of: found)?.viewport ?? .standard
            let viewport = try Viewport(columns: width ?? stored.columns, rows: height ?? stored.rows)
            let export = try AnnotationExport(book: found, library: library, viewport: viewport)
            var output = OutputBuffer()
            output.text(format == .json ? StandardStreams.json(export) + "\n" : export.markdown)
            output.flush()
        }
    }
}
