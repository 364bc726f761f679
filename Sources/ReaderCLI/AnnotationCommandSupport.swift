import ArgumentParser
import ReaderCore
import ReaderLibrary

/// Where `bookmark add` and `note add` put an item: a Locator, a page at a viewport, or the
/// book's last position.
struct AnnotationPlaceOptions: ParsableArguments {
    @Option(help: "A Locator as JSON, or @FILE holding one (another edition's is re-anchored by its text).")
    var locator: String?

    @Option(help: "The start of this page (at --width × --height, default 80×24).")
    var page: Int?

    @Option(help: "Columns per line for --page.") var width: Int?
    @Option(help: "Lines per page for --page.") var height: Int?

    func validate() throws {
        if locator != nil, page != nil { throw ValidationError("give one of --locator and --page") }
        if let page, page < 1 { throw ValidationError("--page must be 1 or more") }
    }

    /// The place asked for; the last position when neither --locator nor --page is given.
    func place() throws(ReaderError) -> AnnotationPlace {
        if let locator { return .locator(try LocatorArgument.parse(locator)) }
        if let page {
            return .page(page, try Viewport(columns: width ?? Viewport.standard.columns, rows: height ?? Viewport.standard.rows))
        }
        return .lastPosition
    }
}

/// What the `list` and `remove` subcommands of `bookmark`, `highlight` and `note` share.
enum AnnotationCommandSupport {
    /// Prints the items of one kind, of one book or all.
    static func list(_ kind: Annotation.Kind, book reference: String?, json: Bool) throws(ReaderError) {
        let library = try Library.forCommand()
        let book = try reference.map { (reference) throws(ReaderError) in try library.book(matching: reference) }
        let items = try library.annotations(of: book, kind: kind)
        var output = OutputBuffer()
        if json {
            output.line(StandardStreams.json(items))
        } else {
            let titles = Dictionary(try library.books().map { ($0.uuid, $0.displayTitle) }, uniquingKeysWith: { first, _ in first })
            for item in items { output.line(line(item, title: titles[item.bookUUID])) }
        }
        output.flush()
    }

    /// Prints an item added.
    static func printAdded(_ item: Annotation, json: Bool) {
        var output = OutputBuffer()
        output.line(json ? StandardStreams.json(item) : item.uuid)
        output.flush()
    }

    /// Removes an item by UUID (or 8+ leading characters).
    static func remove(_ kind: Annotation.Kind, reference: String) throws(ReaderError) {
        let item = try Library.forCommand().removeAnnotation(reference, kind: kind)
        StandardStreams.error("reader: removed \(kind.rawValue) \(item.uuid)")
    }

    /// `uuid · title · chapter · 42% · “quote” · note`.
    static func line(_ item: Annotation, title: String?) -> String {
        var parts = [item.uuid, ListingField.oneLine(title ?? item.bookUUID)]
        if let chapter = item.locator.title, !chapter.isEmpty { parts.append(ListingField.oneLine(chapter)) }
        if let progression = item.locator.locations.totalProgression { parts.append("\(Int((progression * 100).rounded()))%") }
        if let color = item.color { parts.append(ListingField.oneLine(color)) }
        if let quote = item.quote, !quote.isEmpty { parts.append("“" + ListingField.oneLine(String(quote.prefix(80))) + "”") }
        if let note = item.note, !note.isEmpty { parts.append(ListingField.oneLine(note)) }
        if item.orphaned { parts.append("orphaned") }
        return parts.joined(separator: " · ")
    }
}
