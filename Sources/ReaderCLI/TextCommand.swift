import ArgumentParser
import ReaderCore
import ReaderEngine
import ReaderRendering

/// What `reader text` writes.
enum TextMarkup: String, ExpressibleByArgument, CaseIterable {
    /// The reflowed lines, as `reader open` shows them.
    case plain
    /// CommonMark + GFM.
    case markdown
    /// One sanitized HTML5 page.
    case html
}

/// `reader text FILE`: the whole document reflowed, streamed page by page.
struct TextCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "text", abstract: "Print the whole document reflowed to a width.")

    @OptionGroup var document: DocumentOptions
    @OptionGroup var transform: TransformOptions

    @Option(parsing: .unconditional, help: "Columns per line.")
    var width: Int = Viewport.standard.columns

    @Option(name: .customLong("as"), help: "plain (reflowed lines), markdown (CommonMark + GFM) or html (one sanitized page).")
    var markup: TextMarkup = .plain

    func validate() throws {
        try ViewportOptions.check(width: width, height: nil)
    }

    func run() throws {
        try reportingErrors { () throws(ReaderError) in
            let (opened, _) = try transform.open(document)
            document.warnAboutIgnoredOptions(for: opened)
            switch markup {
            case .plain: break
            case .markdown, .html:
                var output = OutputBuffer()
                try DocumentRendering.render(opened, as: markup == .html ? .html : .markdown) { output.text($0) }
                output.flush()
                return
            }
            // Tall pages: the text is one continuous flow, with no page-top adjustments in practice.
            let paginator = Paginator(document: opened, viewport: try Viewport(columns: width, rows: 10_000))
            var output = OutputBuffer()
            do throws(ReaderError) {
                try paginator.writeText { output.lines($0) }
            } catch {
                output.flush()
                throw error
            }
            output.flush()
        }
    }
}
