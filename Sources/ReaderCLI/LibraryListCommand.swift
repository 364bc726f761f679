import ArgumentParser
import ReaderCore
import ReaderLibrary

extension BookSort: ExpressibleByArgument {}

/// `reader library list`: the books, one a line.
struct LibraryListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List the books in the library.",
        discussion: """
            --filter takes space-separated terms that must all hold: tag:NAME, collection:NAME, \
            status:unread|reading|finished, format:FORMAT, author:WORDS, missing, error, or a word of the title or \
            authors; a leading - negates a term.
            """)

    @Option(help: "The order: title, author, added (newest first) or read (most recent first).")
    var sort: BookSort = .title

    @Option(help: "Only the books that pass this filter.")
    var filter: String?

    @Flag(help: "Print the books as JSON.")
    var json = false

    func run() throws {
        try reportingErrors { () throws(ReaderError) in
            let library = try Library.forCommand()
            let books = try library.books(sortedBy: sort, filter: filter.map(BookFilter.init))
            var output = OutputBuffer()
            if json {
                output.line(StandardStreams.json(books))
            } else {
                for book in books { output.line(BookLine.text(book)) }
                if filter == nil {
                    for file in try library.unreadableFiles() {
                        output.line("unreadable: \(ListingField.oneLine(file.path)): \(ListingField.oneLine(file.error))")
                    }
                }
            }
            output.flush()
        }
    }
}

/// One book on one line: `Title — Authors · format · status 42% · uuid` and its problems.
enum BookLine {
    static func text(_ book: LibraryBook) -> String {
        var parts = [ListingField.oneLine(book.displayTitle) + (book.authors.isEmpty ? "" : " — " + ListingField.oneLine(book.authors.joined(separator: ", ")))]
        parts.append(book.format)
        var status = book.status.rawValue
        if let progress = book.progress, book.status == .reading { status += " \(Int((progress * 100).rounded()))%" }
        parts.append(status)
        parts.append(String(book.uuid.prefix(8)))
        if book.files.contains(where: \.missing) { parts.append(book.files.allSatisfy(\.missing) ? "missing" : "a file missing") }
        if let error = book.error { parts.append("error: " + ListingField.oneLine(error)) }
        return parts.joined(separator: " · ")
    }
}
