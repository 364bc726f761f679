import ArgumentParser
import ReaderCore

/// Options that say how to open the file.
struct DocumentOptions: ParsableArguments {
    @Argument(help: "The document to open.")
    var file: String

    @Option(help: "Decode text files in this encoding instead of detecting it (e.g. GB18030, windows-1251).")
    var encoding: String?

    @Option(help: "The password of an encrypted PDF (the user or the owner password).")
    var password: String?

    @Flag(help: "Show a web page whole instead of its extracted article.")
    var noExtract = false

    var openOptions: OpenOptions { OpenOptions(encoding: encoding, password: password, extractsArticle: !noExtract) }

}

/// The viewport: cells per line and lines per page.
struct ViewportOptions: ParsableArguments {
    @Option(help: "Columns per line (default: the terminal's width, or 80).")
    var width: Int?

    @Option(help: "Lines per page (default: the terminal's height less the status line, or 24).")
    var height: Int?

    @Flag(help: "Do not read or write the page-index cache.")
    var noCache = false

    func validate() throws {
        if let width, width < Viewport.minimum.columns { throw ValidationError("--width must be at least \(Viewport.minimum.columns)") }
        if let height, height < Viewport.minimum.rows { throw ValidationError("--height must be at least \(Viewport.minimum.rows)") }
    }

    /// The viewport asked for, else the terminal's, else 80×24.
    func viewport() throws(ReaderError) -> Viewport {
        let terminal = TerminalSize.current()
        let columns = width ?? terminal?.columns ?? Viewport.standard.columns
        let rows = height ?? terminal.map { max(Viewport.minimum.rows, $0.rows - 1) } ?? Viewport.standard.rows
        return try Viewport(columns: columns, rows: rows)
    }

    var cache: PageIndexCache? { noCache ? nil : PageIndexCache(directory: PageIndexCache.defaultDirectory) }
}
