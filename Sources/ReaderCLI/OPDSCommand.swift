import ArgumentParser
import ReaderCore
import ReaderOPDS

/// `reader opds FILE`: lists a catalog page (OPDS 1.2 or 2.0): navigation entries, publications
/// with their acquisitions, facets, pagination and search.
struct OPDSCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "opds", abstract: "List an OPDS catalog page (a local file in this build).")

    @Argument(help: "The catalog page: a file path or a file: URL.")
    var catalog: String

    @Option(help: ArgumentHelp("The page's address, which server-relative links resolve against.", valueName: "url"))
    var base: String?

    @Option(help: ArgumentHelp("Search the catalog for these words (its search must lead to a local file).", valueName: "words"))
    var search: String?

    @Flag(help: "Print the page as JSON.")
    var json = false

    func run() throws {
        try reportingErrors { () throws(ReaderError) in
            let client = OPDSClient()
            var page = try client.page(at: catalog, baseURL: base)
            if let search { page = try client.search(search, in: page) }
            var output = OutputBuffer()
            if json {
                output.line(StandardStreams.json(page))
            } else {
                OPDSListing.write(page, to: &output)
            }
            output.flush()
        }
    }
}

/// The human listing of a catalog page.
enum OPDSListing {
    static func write(_ page: OPDSCatalog, to output: inout OutputBuffer) {
        output.line(printable(page.title ?? "(untitled catalog)") + "  (OPDS \(page.version.rawValue))")
        if let total = page.totalResults { output.line("results: \(total)") }
        for entry in page.navigation {
            let count = entry.count.map { " (\($0))" } ?? ""
            output.line("→ " + printable(entry.title) + count + "  " + printable(entry.href))
        }
        for publication in page.publications + page.groups.flatMap(\.publications) {
            let authors = publication.authors.isEmpty ? "" : " — " + printable(publication.authors.joined(separator: ", "))
            output.line("• " + printable(publication.title) + authors)
            for acquisition in publication.acquisitions {
                let type = acquisition.finalType.map { " " + printable($0) } ?? ""
                let price = acquisition.link.price.map { " \($0.value) \($0.currency ?? "")" } ?? ""
                output.line("    \(acquisition.kind.rawValue)\(type)\(price)  " + printable(acquisition.link.href))
            }
            if let cover = publication.cover { output.line("    cover  " + printable(cover)) }
        }
        for group in page.groups {
            output.line("group: " + printable(group.title))
            for entry in group.navigation { output.line("  → " + printable(entry.title) + "  " + printable(entry.href)) }
        }
        for group in page.facets {
            let facets = group.facets.map { ($0.isActive ? "*" : "") + printable($0.title) }.joined(separator: ", ")
            output.line("facets " + printable(group.title) + ": " + facets)
        }
        let pages: [(String, String?)] = [("first", page.pagination.first), ("previous", page.pagination.previous),
                                          ("next", page.pagination.next), ("last", page.pagination.last)]
        for (name, href) in pages { if let href { output.line("\(name): " + printable(href)) } }
        switch page.search {
        case .template(let template)?: output.line("search: " + printable(template))
        case .openSearchDescription(let description)?: output.line("search: OpenSearch description at " + printable(description))
        case nil: break
        }
    }

    /// Text with control characters (escape sequences included) replaced, so nothing a catalog
    /// holds can drive the terminal.
    static func printable(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { scalar in
            scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) ? " " : scalar
        }))
    }
}
