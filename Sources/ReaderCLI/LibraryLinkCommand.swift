import ArgumentParser
import ReaderCore
import ReaderLibrary

/// `reader library link BOOK FILE`: makes another edition or format the book's file.
struct LibraryLinkCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "link",
        abstract: "Make FILE (another edition or format of the same book) the book's file; its items are re-anchored.",
        discussion: "Items that cannot be placed in the new edition are kept and marked orphaned.")

    @Argument(help: "The book: a path, a fingerprint, a UUID or words of the title.")
    var book: String

    @Argument(help: "The other edition's file.")
    var file: String

    @Flag(help: "Print the report as JSON.")
    var json = false

    func run() throws {
        try reportingErrors { () throws(ReaderError) in
            let library = try Library.forCommand()
            let report = try library.link(try library.book(matching: book), toEditionAt: file)
            var output = OutputBuffer()
            if json { output.line(StandardStreams.json(report)) } else { report.lines.forEach { output.line($0) } }
            output.flush()
        }
    }
}
