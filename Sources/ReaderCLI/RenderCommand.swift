import ArgumentParser
import ReaderCore
import ReaderEngine

/// `reader render book.pdf --pdf-page 3 -o page3.png`: a PDF page as a picture.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render", abstract: "Render one page of a PDF to a PNG picture.")

    @OptionGroup var document: DocumentOptions

    @Option(parsing: .unconditional, help: ArgumentHelp("The PDF's own 1-based page to render.", valueName: "n"))
    var pdfPage = 1

    @Option(parsing: .unconditional, help: "Pixels per point: 1 is 72 dpi, 2 is 144 dpi.")
    var scale = 2.0

    @Option(name: .shortAndLong, help: ArgumentHelp("The PNG file to write.", valueName: "path"))
    var output: String

    func validate() throws {
        if pdfPage < 1 { throw ValidationError("--pdf-page must be 1 or more") }
        if !(scale > 0 && scale <= 16) { throw ValidationError("--scale must be more than 0 and at most 16") }
    }

    func run() throws {
        try reportingErrors { () throws(ReaderError) in
            let opened = try ReaderEngine.standard.open(path: document.file, options: document.openOptions)
            let pdf = try PDFPageOption.renderer(opened, for: "render")
            try pdf.renderPage(pdfPage, scale: scale, to: output)
            var out = OutputBuffer()
            out.line("\(output): page \(pdfPage) of \(pdf.pageCount) at scale \(scale)")
            out.flush()
        }
    }
}

/// What `--pdf-page` needs: a document with fixed pages of its own (a PDF).
enum PDFPageOption {
    /// The document's fixed pages, or an error saying the operation is for PDF pages.
    static func pages(_ document: any Document, for operation: String) throws(ReaderError) -> any FixedPageProviding {
        guard let pages = document as? any FixedPageProviding else { throw refusal(document, for: operation) }
        return pages
    }

    /// The document's fixed pages as pictures, or an error saying the operation is for PDF pages.
    static func renderer(_ document: any Document, for operation: String) throws(ReaderError) -> any PageRendering {
        guard let pages = document as? any PageRendering else { throw refusal(document, for: operation) }
        return pages
    }

    /// The page `--pdf-page` names: a number, else a page label of the document.
    /// - Throws: ``ReaderError`` of kind `invalidArgument` for a document without fixed pages or
    ///   a label no page has.
    static func number(_ argument: String, in document: any Document) throws(ReaderError) -> Int {
        let pdf = try pages(document, for: "--pdf-page")
        if let number = Int(argument) { return number }
        guard let number = pdf.pageNumber(forLabel: argument) else {
            throw ReaderError(.invalidArgument, file: document.path, format: document.format,
                              reason: "--pdf-page \(argument): no page has that number or label")
        }
        return number
    }

    private static func refusal(_ document: any Document, for operation: String) -> ReaderError {
        ReaderError(.invalidArgument, file: document.path, format: document.format,
                    reason: "\(operation) works on PDF pages; this is \(ReaderEngine.standard.registry.displayName(of: document.format))")
    }
}
