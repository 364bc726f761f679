import ArgumentParser
import Foundation
import ReaderCore
import ReaderEngine
import ReaderSearch
import ReaderSearchIndex

/// `reader search FILE QUERY`: every hit in reading order, printed as it is found.
struct SearchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search", abstract: "Find text in a document, printing each hit as it is found.",
        discussion: """
            A space in the query matches any run of whitespace, line, paragraph and page breaks included. \
            Case is folded unless --case-sensitive. Each hit is one line: the page at the viewport, the \
            enclosing table-of-contents entry and the text around the match, the match in [brackets]; \
            --json prints one JSON object per line instead. When `reader index` has built an index of \
            the document, only the sections it names are scanned (the hits are the same); --verbose \
            says so on standard error. Exit status: 0 when something was found, 1 \
            when nothing was (with nothing on standard output), as grep does; errors are reported on \
            standard error with status 1 (2 for a bad argument).
            """)

    @OptionGroup var document: DocumentOptions

    @Argument(help: "The text to find (an ICU regular expression with --regex).")
    var query: String

    @OptionGroup var view: ViewportOptions
    @OptionGroup var transform: TransformOptions

    @Flag(help: "Print one JSON object per hit and line (JSON Lines): page, tocTitle, start, end and the Locator.")
    var json = false

    @Option(parsing: .unconditional, help: "Stop after this many hits.")
    var limit: Int?

    @Flag(help: "Match case exactly.")
    var caseSensitive = false

    @Flag(help: "Report only matches that begin and end at word boundaries (each CJK character is a word of its own).")
    var wholeWord = false

    @Flag(help: "Treat the query as an ICU regular expression.")
    var regex = false

    @Flag(help: "Ignore diacritics: é matches e, ё matches е.")
    var ignoreDiacritics = false

    @Flag(help: "Print only the number of hits.")
    var count = false

    @Flag(help: "Leave out page numbers, so nothing is laid out and hits come sooner (no \"page\" in --json).")
    var noPages = false

    @Flag(help: "Scan every section even when a search index exists.")
    var noIndex = false

    @Flag(help: "Say on standard error whether the search index was used.")
    var verbose = false

    func validate() throws {
        if let limit, limit < 1 { throw ValidationError("--limit must be 1 or more, not \(limit)") }
        if count, json { throw ValidationError("give one of --count and --json") }
    }

    var searchQuery: SearchQuery {
        SearchQuery(query, caseSensitive: caseSensitive, wholeWords: wholeWord, regularExpression: regex,
                    ignoringDiacritics: ignoreDiacritics, limit: limit)
    }

    func run() throws {
        var found = 0
        try reportingErrors { () throws(ReaderError) in
            // A count, or hits without pages or Locators, in place of a text file's bytes decode
            // nothing, so they need no index (whose lookup hashes the whole file) and no first
            // section built ahead.
            let needsNoLocators = count || (noPages && !json)
            let (opened, options) = try transform.open(document, buildsFirstSectionAhead: !needsNoLocators)
            document.warnAboutIgnoredOptions(for: opened)
            var output = OutputBuffer()
            let probe = needsNoLocators ? try DocumentSearch(document: opened, query: searchQuery) : nil
            // That search, every section scanned, is the one to run.
            let inPlace = probe.flatMap { $0.searchesInPlace ? $0 : nil }
            if inPlace != nil {
                report("\(count ? "counting" : "summarising hits") in the file's bytes in place; the search index is not needed")
            }
            let sections = inPlace != nil ? nil : sectionsToScan(opened, variant: options.textVariant)
            if count {
                let search: DocumentSearch
                if let inPlace {
                    search = inPlace
                } else {
                    search = try DocumentSearch(document: opened, query: searchQuery, sections: sections)
                }
                found = try search.count()
                if found > 0 { output.line(String(found)) }
                output.flush()
                return
            }
            // JSON Locators carry the fingerprint, hashed before the first line anyway; otherwise
            // the first hits do not wait for the hash that finds the cached page index.
            let session = noPages ? nil
                : json ? try ReadingSession.paging(opened, options: options, view: view)
                : try ReadingSession.pagingLoadingIndexInBackground(opened, options: options, view: view)
            let search: DocumentSearch
            if let inPlace {
                search = inPlace
            } else {
                search = try DocumentSearch(document: opened, query: searchQuery, paginator: session?.paginator, sections: sections)
            }
            if session == nil, !json {
                // Without pages or Locators, a text file's hits are summarised from its bytes, and
                // stream out as they are found: a section's at a time, not line by line.
                while let summaries = try search.nextSummaries() {
                    found += summaries.hits.count
                    for index in summaries.hits.indices { SearchHitLine.write(summaries, index, to: &output) }
                    output.flush()
                }
                output.flush()
                return
            }
            let fingerprint = json ? try opened.fingerprint().description : nil
            while let hit = try search.next() {
                found += 1
                output.line(fingerprint.map { SearchHitLine.json(hit, fingerprint: $0) } ?? SearchHitLine.text(hit))
                output.flush()
            }
            try session?.saveIndex()
        }
        if found == 0 { throw ExitCode(1) }
    }

    /// The sections the search index says can match, or nil (scan them all) when there is no usable
    /// index or it cannot serve the query.
    private func sectionsToScan(_ opened: any Document, variant: String) -> [Int]? {
        guard !noIndex else {
            report("--no-index: scanning every section")
            return nil
        }
        let cache = SearchIndexCache(directory: SearchIndexCache.defaultDirectory)
        guard let index = cache.open(for: opened, variant: variant) else {
            report("no usable search index (`reader index` builds one): scanning every section")
            return nil
        }
        guard let sections = index.candidateSections(for: searchQuery) else {
            report("the search index cannot serve \(SearchIndex.limitation(of: searchQuery) ?? "this query"): scanning every section")
            return nil
        }
        report("search index \(index.path): scanning \(sections.count) of \(opened.readingOrder.count) sections")
        return sections
    }

    private func report(_ message: String) {
        if verbose { StandardStreams.error("reader: \(message)") }
    }
}

/// How one hit is printed.
enum SearchHitLine {
    /// `p.12 · Chapter 3 · …before [highlight] after…`
    static func text(_ hit: SearchHit) -> String {
        text(page: hit.pageNumber, summary: hit.summary)
    }

    /// `Chapter 3 · …before [highlight] after…` for hit `index` of `summaries`, written to `output`
    /// from their text as it is, without making a string (a list of every hit in a large file is
    /// many thousand lines).
    static func write(_ summaries: SearchHitSummaries, _ index: Int, to output: inout OutputBuffer) {
        let hit = summaries.hits[index], text = summaries.text
        output.line { bytes in
            appendLine(page: nil, title: hit.tocTitle, before: text[hit.before], highlight: text[hit.highlight],
                       after: text[hit.after], to: &bytes)
        }
    }

    private static func text(page: Int?, summary: SearchHitSummary) -> String {
        var line: [UInt8] = []
        line.reserveCapacity(256)
        let context = summary.context
        appendLine(page: page, title: summary.tocTitle, before: (context.before ?? "").utf8,
                   highlight: (context.highlight ?? "").utf8, after: (context.after ?? "").utf8, to: &line)
        return String(decoding: line, as: UTF8.self)
    }

    /// Appends a hit's line, `p.12 · Chapter 3 · …before [highlight] after…`, its pieces given as
    /// UTF-8 (a summary's strings, or ranges of a batch's text): the one place its format is spelt.
    private static func appendLine<Piece: Collection<UInt8>>(page: Int?, title: String?, before: Piece, highlight: Piece,
                                                             after: Piece, to bytes: inout [UInt8]) {
        if let page { bytes.append(contentsOf: "p.\(page) · ".utf8) }
        if let title, !title.isEmpty {
            bytes.append(contentsOf: title.utf8)
            bytes.append(contentsOf: titleSeparator)
        }
        bytes.append(contentsOf: ellipsis)
        bytes.append(contentsOf: before)
        bytes.append(UInt8(ascii: "["))
        bytes.append(contentsOf: highlight)
        bytes.append(UInt8(ascii: "]"))
        bytes.append(contentsOf: after)
        bytes.append(contentsOf: ellipsis)
    }

    private static let titleSeparator = Array(" · ".utf8)
    private static let ellipsis = Array("…".utf8)

    /// One line of JSON with sorted keys; the Locator carries the document's fingerprint.
    static func json(_ hit: SearchHit, fingerprint: String) -> String {
        var locator = hit.locator
        locator.locations.fingerprint = fingerprint
        return StandardStreams.jsonLine(Record(page: hit.pageNumber, tocTitle: hit.tocTitle, start: hit.start, end: hit.end,
                                               locator: locator))
    }

    private struct Record: Encodable {
        var page: Int?
        var tocTitle: String?
        var start: TextPosition
        var end: TextPosition
        var locator: Locator
    }
}
