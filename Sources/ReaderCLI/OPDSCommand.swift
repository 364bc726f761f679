import ArgumentParser
import Foundation
import ReaderCore
import ReaderFetch
import ReaderLibrary
import ReaderOPDS
import ReaderSync

/// `reader opds FILE|URL`: lists a catalog page (OPDS 1.2 or 2.0): navigation entries, publications
/// with their acquisitions, facets, pagination and search; `--download` fetches a publication
/// and, when the library exists, adds it there.
struct OPDSCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "opds", abstract: "List an OPDS catalog page (a URL or a local file), search it, or download a publication.")

    @Argument(help: "The catalog page: an http(s) address, a file path or a file: URL.")
    var catalog: String

    @Option(help: ArgumentHelp("The page's address, which server-relative links resolve against (for a saved page).", valueName: "url"))
    var base: String?

    @Option(help: ArgumentHelp("Search the catalog for these words (its OpenSearch description or URL template).", valueName: "words"))
    var search: String?

    @Option(help: ArgumentHelp("Download this publication of the page (after --search, of the results): its number in the listing, its id or its title.",
                               valueName: "entry"))
    var download: String?

    @Option(help: ArgumentHelp("The folder a download goes into (default: the current folder).", valueName: "dir"))
    var to: String?

    @Flag(help: "Print the page as JSON.")
    var json = false

    @OptionGroup var fetching: FetchArguments

    func validate() throws {
        if to != nil, download == nil { throw ValidationError("--to goes with --download") }
    }

    func run() throws {
        try reportingErrors { () throws(ReaderError) in
            try fetching.withFetcher { (fetcher) throws(ReaderError) in
                let client = OPDSClient(transport: OPDSHTTPTransport(fetcher: fetcher))
                var page = try client.page(at: catalog, baseURL: base)
                if let search { page = try client.search(search, in: page) }
                var output = OutputBuffer()
                if let download {
                    let publication = try OPDSDownload.publication(download, in: page)
                    let acquisition = try OPDSDownload.acquisition(of: publication)
                    let folder = to ?? FileManager.default.currentDirectoryPath
                    let path = try BlockingTask.run {
                        try await OPDSDownload.download(acquisition, of: publication, into: folder, using: fetcher)
                    }
                    output.line(OPDSListing.printable(path))
                    if let library = try ExistingLibrary.get() {
                        let report = try library.add(paths: [path])
                        if let failure = report.failed.first {
                            output.line("not added to the library: " + OPDSListing.printable(failure.error))
                        } else {
                            output.line(report.added.isEmpty && report.linked.isEmpty && report.newEditions.isEmpty ? "already in the library" : "added to the library")
                        }
                    }
                } else if json {
                    output.line(StandardStreams.json(page))
                } else {
                    OPDSListing.write(page, to: &output)
                }
                output.flush()
            }
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
