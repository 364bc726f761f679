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

    @Option(help: ArgumentHelp(
        "PDF only: when the PDF has no outline, list one entry per N pages instead of nothing.", valueName: "n"))
    var pdfPageRanges: Int?

    func validate() throws {
        if let pdfPageRanges, pdfPageRanges < 1 { throw ValidationError("--pdf-page-ranges must be 1 or more") }
    }

    func run() throws {
        try reportingErrors { () throws(ReaderError) in
            let engine = ReaderEngine.standard
            let opened = try engine.open(path: document.file, options: document.openOptions)
            try engine.require(.tableOfContents, of: opened, for: "toc")
            var entries = try opened.tableOfContents()
            if entries.isEmpty, let pdfPageRanges {
                entries = try PDFPageOption.pages(opened, for: "--pdf-page-ranges")
                    .pageRangeTableOfContents(pagesPerEntry: pdfPageRanges)
            }
            var output = OutputBuffer()
            if json {
                output.line(StandardStreams.json(entries))
            } else {
                let session = try ReadingSession.paging(opened, documentOptions: document, view: view)
                try printEntries(entries, depth: 0, session: session, into: &output)
                try session.saveIndex()
            }
            output.flush()
        }
    }

    private func printEntries(_ entries: [TOCEntry], depth: Int, session: ReadingSession,
                              into output: inout OutputBuffer) throws(ReaderError) {
        for entry in entries {
            let page = try session.pageNumber(containing: session.document.textPosition(for: entry.locator))
            output.line(String(repeating: "  ", count: depth) + entry.title + "  ·  p. \(page)")
            try printEntries(entry.children, depth: depth + 1, session: session, into: &output)
        }
    }
}
