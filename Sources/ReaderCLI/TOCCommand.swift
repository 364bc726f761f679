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
            document.warnAboutIgnoredOptions(for: opened)
            try engine.require(.tableOfContents, of: opened, for: "toc")
            var entries = try opened.tableOfContents()
            if entries.isEmpty, let pdfPageRanges {
                entries = try PDFPageOption.pages(opened, for: "--pdf-page-ranges")
                    .pageRangeTableOfContents(pagesPerEntry: pdfPageRanges)
            }
            if entries.isEmpty, !json {
                StandardStreams.error("reader: \(TOCCommand.emptyReason(opened))")
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

    /// Why a table of contents is empty, and what to try instead.
    static func emptyReason(_ document: any Document) -> String {
        switch document.format {
        case .pdf:
            "no table of contents: the PDF has no outline; --pdf-page-ranges N lists one entry per N pages, and open --pdf-page N goes to a page"
        case .txt:
            "no table of contents: no line of the text looks like a chapter heading; open --percent P goes to a place by percentage"
        case .markdown:
            "no table of contents: the document has no headings; open --percent P goes to a place by percentage"
        default:
            "no table of contents: the book declares none; open --percent P goes to a place by percentage"
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
