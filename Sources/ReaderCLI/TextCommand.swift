import ArgumentParser
import ReaderCore
import ReaderEngine

/// `reader text FILE`: the whole document reflowed, streamed page by page.
struct TextCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "text", abstract: "Print the whole document reflowed to a width.")

    @OptionGroup var document: DocumentOptions

    @Option(help: "Columns per line (default 80).")
    var width: Int = Viewport.standard.columns

    func run() throws {
        try reportingErrors { () throws(ReaderError) in
            let opened = try ReaderEngine.standard.open(path: document.file, options: document.openOptions)
            // Tall pages: the text is one continuous flow, with no page-top adjustments in practice.
            let paginator = Paginator(document: opened, viewport: try Viewport(columns: width, rows: 10_000))
            var output = OutputBuffer()
            var pages = paginator.pages()
            while let page = pages.next() {
                page.lines.forEach { output.line($0) }
            }
            output.flush()
            if let error = pages.error { throw error }
        }
    }
}
