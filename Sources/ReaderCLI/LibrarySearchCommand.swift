import ArgumentParser
import ReaderCore
import ReaderLibrary
import ReaderSearch

/// `reader library search QUERY`: full-text search over every book, grouped by book.
struct LibrarySearchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search", abstract: "Search every book in the library; hits are grouped by book.",
        discussion: """
            Each book's full-text index narrows the search; a book without one gets it built first (unless --no-build). \
            Exit status 0 when something was found, 1 when nothing was.
            """)

    @Argument(help: "The text to find.")
    var query: String

    @Option(help: "The most hits shown per book.")
    var limit = 10

    @Option(help: "Only the books that pass this filter (as `library list --filter`).")
    var filter: String?

    @Flag(help: "Match case exactly.") var caseSensitive = false
    @Flag(help: "Match whole words only.") var wholeWord = false
    @Flag(help: "Ignore diacritics.") var ignoreDiacritics = false
    @Flag(help: "Do not build missing indexes (those books are scanned in full).") var noBuild = false
    @Flag(help: "Print one JSON object per book and line: the book and its hits with Locators.") var json = false

    func validate() throws {
        if limit < 1 { throw ValidationError("--limit must be 1 or more") }
    }

    func run() throws {
        var found = 0
        try reportingErrors { () throws(ReaderError) in
            let library = try Library.forCommand()
            let searchQuery = SearchQuery(query, caseSensitive: caseSensitive, wholeWords: wholeWord,
                                          ignoringDiacritics: ignoreDiacritics)
            let results = try library.search(searchQuery, perBook: limit, buildingIndexes: !noBuild,
                                             filter: filter.map(BookFilter.init)) { book, error in
                StandardStreams.error("reader: skipped \(ListingField.oneLine(book.displayTitle)): \(ListingField.oneLine(error.description))")
            }
            var output = OutputBuffer()
            for result in results {
                found += result.hits.count
                if json {
                    output.line(StandardStreams.jsonLine(BookHits(
                        uuid: result.book.uuid, title: result.book.displayTitle, fingerprint: result.book.fingerprint,
                        hits: result.hits.map { BookHits.Hit(tocTitle: $0.tocTitle, locator: $0.locator) })))
                } else {
                    output.line("\(ListingField.oneLine(result.book.displayTitle)) · \(result.hits.count) hit\(result.hits.count == 1 ? "" : "s")")
                    for hit in result.hits { output.line("  " + ListingField.oneLine(SearchHitLine.text(hit))) }
                }
            }
            output.flush()
        }
        if found == 0 { throw ExitCode(1) }
    }

    /// One book's hits in `--json` output.
    struct BookHits: Encodable {
        struct Hit: Encodable {
            var tocTitle: String?
            var locator: Locator
        }
        var uuid: String
        var title: String
        var fingerprint: String
        var hits: [Hit]
    }
}
