import ArgumentParser
import ReaderCore
import ReaderEngine

/// `reader resources FILE [--json]`: the document's resources, one line each (href, media type, size).
struct ResourcesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "resources", abstract: "List a document's resources (images, stylesheets, fonts, pages).")

    @OptionGroup var document: DocumentOptions

    @Flag(help: "Print the resources as JSON: href, mediaType and byteCount (absent when unknown).")
    var json = false

    func run() throws {
        try reportingErrors { () throws(ReaderError) in
            let opened = try ReaderEngine.standard.open(path: document.file, options: document.openOptions)
            let resources = try (opened as? any ResourceProviding)?.resources() ?? []
            var out = OutputBuffer()
            if json {
                out.line(StandardStreams.json(resources))
            } else {
                let hrefWidth = max(4, resources.map(\.href.count).max() ?? 0)
                let typeWidth = max(10, resources.map(\.mediaType.count).max() ?? 0)
                out.line(Self.row("href", hrefWidth, "media type", typeWidth, "size"))
                for resource in resources {
                    out.line(Self.row(resource.href, hrefWidth, resource.mediaType, typeWidth,
                                      resource.byteCount.map(String.init) ?? "-"))
                }
            }
            out.flush()
        }
    }

    /// One table row: the href and media type padded to their columns, then the size.
    private static func row(_ href: String, _ hrefWidth: Int, _ type: String, _ typeWidth: Int, _ size: String) -> String {
        href.padding(toLength: hrefWidth, withPad: " ", startingAt: 0) + "  "
            + type.padding(toLength: typeWidth, withPad: " ", startingAt: 0) + "  " + size
    }
}
