import ArgumentParser
import ReaderCore
import ReaderLibrary

/// `reader library stats`: counts of books, items and reading.
struct LibraryStatsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "stats", abstract: "Show simple figures about the library and reading.")

    @Flag(help: "Print as JSON.")
    var json = false

    func run() throws {
        try reportingErrors { () throws(ReaderError) in
            let statistics = try Library.forCommand().statistics()
            var output = OutputBuffer()
            if json {
                output.line(StandardStreams.json(statistics))
            } else {
                func counts(_ values: [String: Int]) -> String {
                    values.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
                }
                output.line("books: \(statistics.books) (\(counts(statistics.byStatus)))")
                output.line("formats: \(counts(statistics.byFormat))")
                output.line("problems: \(statistics.withMissingFiles) with missing files, \(statistics.withErrors) that cannot be opened, "
                    + "\(statistics.unreadableFiles) unreadable files")
                output.line("items: \(statistics.bookmarks) bookmarks, \(statistics.highlights) highlights, \(statistics.notes) notes"
                    + (statistics.orphaned > 0 ? " (\(statistics.orphaned) orphaned)" : ""))
                let minutes = statistics.readingSeconds / 60
                output.line("reading: \(statistics.sessions) sessions, \(statistics.pagesTurned) pages, \(minutes / 60) h \(minutes % 60) min"
                    + (statistics.lastReadAt.map { ", last \($0)" } ?? ""))
            }
            output.flush()
        }
    }
}
