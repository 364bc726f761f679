import ReaderCore
import ReaderEngine

extension OpenCommand {
    /// `--pdf-page N`: the reflowed text of the PDF's page N, all of it, wrapped at the viewport
    /// width, then a status line naming the screen page (at this viewport) where that text starts.
    func showPDFPage(_ number: Int, session: ReadingSession) throws(ReaderError) {
        let opened = session.document, viewport = session.viewport
        let pdf = try PDFPageOption.pages(opened, for: "--pdf-page")
        let blocks = try pdf.blocks(onPage: number)
        let lines = BlockLayout.lines(of: blocks, columns: viewport.columns)
        let start = try pdf.textPosition(ofPage: number)
        let screenPage = try session.pageNumber(containing: start)
        let count = try session.pageCount()
        try session.saveIndex()
        let startLocator = try opened.locator(at: start)
        let title = opened.metadata.title ?? document.file

        var output = OutputBuffer()
        if json {
            let report = PDFPageReport(file: document.file, fingerprint: try opened.fingerprint().description, title: title,
                                       pdfPage: number, pdfPageCount: pdf.pageCount, page: screenPage,
                                       pageCount: count.value, pageCountIsExact: count.isExact, viewport: viewport,
                                       lines: lines, start: startLocator)
            output.line(StandardStreams.json(report))
        } else {
            lines.forEach { output.line($0) }
            if blocks.isEmpty { output.line("(no text on this page)") }
            output.line(StatusLine.fitted(
                title: title, tail: " · PDF page \(number)\(pdf.pageLabel(ofPage: number).map { " (\($0))" } ?? "") of \(pdf.pageCount) · starts on page \(screenPage) of \(count)",
                columns: viewport.columns))
        }
        output.flush()
    }
}

/// What `reader open --pdf-page N --json` prints.
struct PDFPageReport: Encodable {
    var file: String
    var format = "pdf"
    var fingerprint: String
    var title: String
    var pdfPage: Int
    var pdfPageCount: Int
    /// The screen page, at the viewport, where the PDF page's text starts.
    var page: Int
    var pageCount: Int
    var pageCountIsExact: Bool
    var viewport: Viewport
    var lines: [String]
    var start: Locator
}
