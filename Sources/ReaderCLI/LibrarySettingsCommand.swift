import ArgumentParser
import ReaderCore
import ReaderLibrary
import ReaderTransforms

/// `reader library settings BOOK`: shows or changes how a book is shown.
struct LibrarySettingsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "settings",
        abstract: "Show or set a book's viewport (for `open --resume`), encoding and text transforms (for open, text and search).",
        discussion: "Passwords are never stored. With no option, prints the settings.")

    @Argument(help: "The book: a path, a fingerprint, a UUID or words of the title.")
    var book: String

    @Option(help: "Columns per line.") var width: Int?
    @Option(help: "Lines per page.") var height: Int?
    @Option(help: "A text encoding to decode the book with (e.g. GB18030).") var encoding: String?
    @Option(help: ArgumentHelp("A text transform, applied in the order given (s2t, t2s, rules:FILE, …); repeatable.",
                               valueName: "name"))
    var transform: [String] = []
    @Flag(help: "Clear every setting (before applying the options given).") var clear = false
    @Flag(help: "Print as JSON.") var json = false

    func validate() throws {
        if (width == nil) != (height == nil) { throw ValidationError("give both --width and --height") }
    }

    func run() throws {
        try reportingErrors { () throws(ReaderError) in
            let library = try Library.forCommand()
            let found = try library.book(matching: book)
            var settings = try library.settings(of: found) ?? BookSettings(bookUUID: found.uuid, modifiedAt: .now())
            let changing = clear || width != nil || encoding != nil || !transform.isEmpty
            if changing {
                if clear { settings = BookSettings(bookUUID: found.uuid, modifiedAt: .now()) }
                if let width, let height { settings.viewport = try Viewport(columns: width, rows: height) }
                if let encoding { settings.encoding = encoding }
                if !transform.isEmpty {
                    _ = try TextTransformChain(names: transform)  // refuses an unknown name or a bad rules file now
                    settings.transforms = transform
                }
                settings.modifiedAt = .now()
                try library.saveSettings(settings)
            }
            var output = OutputBuffer()
            if json {
                output.line(StandardStreams.json(settings))
            } else {
                output.line("viewport: \(settings.viewport?.description ?? "(the terminal's)")")
                output.line("encoding: \(settings.encoding.map(ListingField.oneLine) ?? "(detected)")")
                output.line("transforms: \(settings.transforms.isEmpty ? "(none)" : settings.transforms.map(ListingField.oneLine).joined(separator: ", "))")
            }
            output.flush()
        }
    }
}
