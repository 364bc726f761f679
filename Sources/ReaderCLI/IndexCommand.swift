import ArgumentParser
import Foundation
import ReaderCore
import ReaderEngine
import ReaderSearchIndex

/// `reader index FILE`: builds the full-text index `reader search` uses when it is present.
struct IndexCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "index", abstract: "Build the full-text search index of a document.",
        discussion: """
            The index is an SQLite FTS5 database in $READER_CACHE_DIR/search, else \
            $XDG_CACHE_HOME/reader/search, else ~/.cache/reader/search, named by the document's \
            fingerprint. `reader search` uses it to skip sections that cannot match; results are the \
            same as without it. Running the command again rebuilds the index.
            """)

    @OptionGroup var document: DocumentOptions

    func run() throws {
        try reportingErrors { () throws(ReaderError) in
            let opened = try ReaderEngine.standard.open(path: document.file, options: document.openOptions)
            let cache = SearchIndexCache(directory: SearchIndexCache.defaultDirectory)
            let summary = try cache.build(for: opened, variant: document.openOptions.textVariant)
            var output = OutputBuffer()
            output.line("indexed \(summary.sections) sections (\(summary.sectionsWithText) with text, \(summary.seams) seams),"
                        + " \(Self.megabytes(summary.foldedBytes)) of folded text, database \(Self.megabytes(summary.databaseBytes)),"
                        + " in \(String(format: "%.2f", summary.seconds)) s")
            output.line(summary.path)
            output.flush()
        }
    }

    static func megabytes(_ bytes: Int) -> String {
        bytes < 1_000_000 ? String(format: "%.1f kB", Double(bytes) / 1000) : String(format: "%.1f MB", Double(bytes) / 1_000_000)
    }
}
