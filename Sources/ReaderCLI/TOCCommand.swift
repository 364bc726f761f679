import ArgumentParser
import ReaderCore
import ReaderEngine

/// `reader toc FILE`: the table of contents, nested, with page numbers at the viewport.
struct TOCCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "toc", abstract: "Print the table of contents with page numbers.")

    @OptionGroup var document: DocumentOptions
    @OptionGroup var view: ViewportOptions

    @Flag(help: "Print the entries with their Locators as JSON.")
    var json = false

    func run() throws {
        try reportingErrors { () throws(ReaderError) in
            let engine = ReaderEngine.standard
            let opened = try engine.open(path: document.file, options: document.openOptions)
            try engine.require(.tableOfContents, of: opened, for: "toc")
            let entries = try opened.tableOfContents()
            var output = OutputBuffer()
            if json {
                output.line(StandardStreams.json(entries))
            } else {
                let paginator = try engine.paginator(for: opened, viewport: try view.viewport(),
                                                     options: document.openOptions, cache: view.cache)
                try printEntries(entries, depth: 0, document: opened, paginator: paginator, into: &output)
                if let cache = view.cache { try engine.store(paginator, options: document.openOptions, cache: cache) }
            }
            output.flush()
        }
    }

    private func printEntries(_ entries: [TOCEntry], depth: Int, document: any Document, paginator: Paginator,
                              into output: inout OutputBuffer) throws(ReaderError) {
        for entry in entries {
            let page = try paginator.pageNumber(containing: document.textPosition(for: entry.locator))
            output.line(String(repeating: "  ", count: depth) + entry.title + "  ·  p. \(page)")
            try printEntries(entry.children, depth: depth + 1, document: document, paginator: paginator, into: &output)
        }
    }
}
