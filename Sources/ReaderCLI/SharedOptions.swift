import ArgumentParser
import ReaderCore
import ReaderWeb

/// Options that say how to open the file.
struct DocumentOptions: ParsableArguments {
    @Argument(help: "The document to open; - reads it from standard input.")
    var file: String

    @Option(help: "Decode text files in this encoding instead of detecting it (e.g. GB18030, windows-1251).")
    var encoding: String?

    @Option(help: "The password of an encrypted PDF (the user or the owner password).")
    var password: String?

    @Flag(help: "Show a web page whole instead of its extracted article.")
    var noExtract = false

    var openOptions: OpenOptions { OpenOptions(encoding: encoding, password: password, extractsArticle: !noExtract) }

    /// `-` becomes a temporary copy of standard input, so every command can read a document
    /// piped to it (the formats need random access; the copy is removed at exit).
    mutating func validate() throws {
        if file == "-" { file = try StandardInputCopy.path() }
    }

    /// Warns on standard error about options given that this document's format ignores.
    func warnAboutIgnoredOptions(for document: any Document) {
        if encoding != nil, ![.txt, .markdown, .html].contains(document.format) {
            StandardStreams.error("reader: warning: --encoding applies to text files; ignored for \(document.format.rawValue)")
        }
        if password != nil, document.format != .pdf {
            StandardStreams.error("reader: warning: --password applies to PDF; ignored for \(document.format.rawValue)")
        }
    }
}

/// The viewport: cells per line and lines per page.
struct ViewportOptions: ParsableArguments {
    @Option(parsing: .unconditional, help: "Columns per line (default: the terminal's width, or 80).")
    var width: Int?

    @Option(parsing: .unconditional,
            help: "Lines of the whole output of open: the page, then one status line (default: the terminal's height less one line for the prompt, or 25).")
    var height: Int?

    @Flag(help: "Do not read or write the page-index cache.")
    var noCache = false

    func validate() throws {
        try Self.check(width: width, height: height)
    }

    /// The one message for a width or height out of range, naming the range allowed.
    static func check(width: Int?, height: Int?) throws {
        let columns = Viewport.minimum.columns...Viewport.maximum.columns
        if let width, !columns.contains(width) {
            throw ValidationError("--width must be within \(columns.lowerBound)...\(columns.upperBound), not \(width)")
        }
        let rows = (Viewport.minimum.rows + 1)...(Viewport.maximum.rows + 1)
        if let height, !rows.contains(height) {
            throw ValidationError("--height must be within \(rows.lowerBound)...\(rows.upperBound), not \(height)")
        }
    }

    /// The page's viewport: the width asked for, else the terminal's, else 80; the height asked
    /// for (or the terminal's, less the prompt's line), less the status line, else 24 rows.
    func viewport() throws(ReaderError) -> Viewport {
        let terminal = TerminalSize.current()
        let columns = width ?? terminal?.columns ?? Viewport.standard.columns
        let rows: Int
        if let height {
            rows = height - 1
        } else if let terminal {
            rows = max(Viewport.minimum.rows, terminal.rows - 2)
        } else {
            rows = Viewport.standard.rows
        }
        return try Viewport(columns: min(columns, Viewport.maximum.columns), rows: min(rows, Viewport.maximum.rows))
    }

    var cache: PageIndexCache? { noCache ? nil : PageIndexCache(directory: PageIndexCache.defaultDirectory) }
}
