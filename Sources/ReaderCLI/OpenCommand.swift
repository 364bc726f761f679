import ArgumentParser
import Foundation
import ReaderCore
import ReaderEngine

/// `reader open FILE`: one page and a status line.
struct OpenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "open", abstract: "Print one page of a document with a status line.")

    @OptionGroup var document: DocumentOptions
    @OptionGroup var view: ViewportOptions
    @OptionGroup var transform: TransformOptions

    @Option(parsing: .unconditional, help: "The 1-based page to show (default: the first).")
    var page: Int?

    @Option(help: ArgumentHelp(
        "Show the page where a chapter starts: its number among the top-level table of contents entries, or its title (or a part of it).",
        valueName: "n|title"))
    var chapter: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("Show the page at this percentage of the book, 0...100.", valueName: "p"))
    var percent: Double?

    @Option(help: "A Locator as JSON, or @FILE holding one: show the page that contains it.")
    var locator: String?

    @Option(parsing: .unconditional, help: ArgumentHelp(
        "PDF only: show the PDF's own page N (or the page labelled N, such as iv or A-1), reflowed to the width and shown whole, instead of a screen page.",
        valueName: "n"))
    var pdfPage: String?

    @Flag(help: "Print the page, its Locators and the page count as JSON.")
    var json = false

    @Flag(help: ArgumentHelp(
        "Continue where the book was last read; FILE may then name any book of the library (a path, a fingerprint, title words).",
        discussion: "Without --resume the page shown is always the one asked for (page 1 by default)."))
    var resume = false

    func validate() throws {
        if [page != nil, locator != nil, pdfPage != nil, chapter != nil, percent != nil, resume].filter({ $0 }).count > 1 {
            throw ValidationError("give one of --page, --locator, --chapter, --percent, --pdf-page and --resume")
        }
        if let page, page < 1 { throw ValidationError("--page must be 1 or more, not \(page)") }
        if let pdfPage, let number = Int(pdfPage), number < 1 { throw ValidationError("--pdf-page must be 1 or more, not \(number)") }
        if let percent, !(0...100).contains(percent) { throw ValidationError("--percent must be within 0...100, not \(percent)") }
    }

    func run() throws {
        try reportingErrors { () throws(ReaderError) in
            let resumed = try resume ? resumption() : nil
            let (opened, options) = if let resumed {
                try transform.open(path: resumed.path, options: resumed.options, storedNames: resumed.transforms)
            } else {
                try transform.open(document)
            }
            document.warnAboutIgnoredOptions(for: opened)
            let viewportAsked = try view.viewport()
            let session = try ReadingSession(
                document: opened, options: options,
                viewport: view.width == nil && view.height == nil ? resumed?.viewport ?? viewportAsked : viewportAsked,
                cache: view.cache)
            let viewport = session.viewport
            if let pdfPage {
                try showPDFPage(try PDFPageOption.number(pdfPage, in: opened), session: session)
                return
            }
            let number: Int
            if let locator {
                number = try session.pageNumber(containing: try LocatorArgument.parse(locator))
            } else if let chapter {
                number = try session.pageNumber(containing: try ChapterArgument.start(of: chapter, in: opened))
            } else if let percent {
                number = try session.pageNumber(containing: Locator(href: "", type: "", locations: .init(totalProgression: percent / 100)))
            } else if let resumedAt = resumed?.locator {
                number = resumedPage(of: resumedAt, in: session)
            } else {
                number = page ?? 1
            }
            let shown = try session.page(number)
            let count = try session.pageCount()
            try session.saveIndex()
            // The fingerprint (a hash of the whole file) is taken only where it is shown or kept:
            // in JSON and in the library, not for a page printed as text.
            let start = try opened.locator(at: shown.start)
            let title = opened.metadata.title ?? (resumed?.path ?? document.file)
            recordPosition(start: start, of: opened, page: number, of: count)

            var output = OutputBuffer()
            if json {
                let fingerprint = try opened.fingerprint().description
                var stampedStart = start
                stampedStart.locations.fingerprint = fingerprint
                var end: Locator?
                if let position = shown.end { end = try opened.fingerprintedLocator(at: position) }
                let report = PageReport(file: resumed?.path ?? document.file, format: opened.format.rawValue,
                                        fingerprint: fingerprint, title: title,
                                        page: number, pageCount: count.value, pageCountIsExact: count.isExact,
                                        viewport: viewport,
                                        lines: shown.lines, start: stampedStart, end: end)
                output.line(StandardStreams.json(report))
            } else {
                shown.lines.forEach { output.line($0) }
                if TerminalSize.isStandardOutputTerminal {
                    for _ in shown.lines.count..<viewport.rows { output.line("") }
                }
                output.line(StatusLine.text(title: title, page: number, of: count, columns: viewport.columns,
                                            label: start.locations.pageLabel))
            }
            output.flush()
            if let notice = WarningNotice.line(file: document.file, warnings: opened.warnings) {
                StandardStreams.error(notice)
            }
        }
    }
}

/// What `reader open --json` prints.
struct PageReport: Encodable {
    var file: String
    var format: String
    var fingerprint: String
    var title: String
    var page: Int
    var pageCount: Int
    var pageCountIsExact: Bool
    var viewport: Viewport
    var lines: [String]
    var start: Locator
    var end: Locator?
}

/// The line under a page: `title · page N of M · P%` (`of ~M` while M is an estimate).
enum StatusLine {
    /// `label`: the document's own label of the page the screen page starts on (a PDF's `iv`).
    static func text(title: String, page: Int, of count: PageCount, columns: Int, label: String? = nil) -> String {
        let percent = count.value > 0 ? min(100, Int((Double(page) * 100 / Double(count.value)).rounded())) : 100
        let labelled = label.map { " · p. \($0)" } ?? ""
        return fitted(title: title, tail: " · page \(page) of \(count)\(labelled) · \(percent)%", columns: columns)
    }

    /// `title` + `tail`, the title shortened with "…" so the line fits in `columns` where it can.
    static func fitted(title: String, tail: String, columns: Int) -> String {
        let room = max(8, columns - tail.count)
        return (title.count > room ? String(title.prefix(room - 1)) + "…" : title) + tail
    }
}

/// Reads `--locator` values: JSON text, or `@path` to a file holding it.
enum LocatorArgument {
    static func parse(_ argument: String) throws(ReaderError) -> Locator {
        let (text, file) = try JSONArgument.text(of: argument, what: "Locator")
        do {
            return try Locator(jsonString: text)
        } catch {
            throw file.map { error.locating(file: $0, format: nil) } ?? error
        }
    }
}

/// Reads JSON arguments: the text itself, or `@path` to a file holding it.
enum JSONArgument {
    /// The JSON text of an argument, and the file it came from, if any.
    static func text(of argument: String, what: String) throws(ReaderError) -> (text: String, file: String?) {
        guard argument.hasPrefix("@") else { return (argument, nil) }
        let path = String(argument.dropFirst())
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ReaderError(.invalidArgument, file: path, reason: "cannot read the \(what) file")
        }
        return (String(decoding: data, as: UTF8.self), path)
    }

    /// Decodes an argument's JSON.
    /// - Throws: ``ReaderError`` of kind `invalidLocator` when it is not a `what` object.
    static func decode<Value: Decodable>(_ argument: String, as type: Value.Type, what: String) throws(ReaderError) -> Value {
        let (text, file) = try text(of: argument, what: what)
        do {
            return try JSONDecoder().decode(Value.self, from: Data(text.utf8))
        } catch {
            throw ReaderError(.invalidLocator, file: file, reason: "not a \(what) JSON object")
        }
    }
}
