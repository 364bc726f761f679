import ReaderCore

/// Reads `open --chapter N|TITLE`: a top-level table of contents entry by its number, else by
/// its title (the whole title first, then a part of it, case ignored).
enum ChapterArgument {
    /// Where the chapter named by `argument` starts.
    /// - Throws: ``ReaderError`` of kind `invalidArgument` when the document has no such entry.
    static func start(of argument: String, in document: any Document) throws(ReaderError) -> TextPosition {
        let entries = try document.tableOfContents()
        guard !entries.isEmpty else {
            throw ReaderError(.invalidArgument, file: document.path, format: document.format,
                              reason: "--chapter: the document has no table of contents; try --percent or --page")
        }
        return try document.textPosition(for: try entry(argument, in: entries, document: document).locator)
    }

    static func entry(_ argument: String, in entries: [TOCEntry], document: any Document) throws(ReaderError) -> TOCEntry {
        if let number = Int(argument) {
            guard entries.indices.contains(number - 1) else {
                throw ReaderError(.invalidArgument, file: document.path, format: document.format,
                                  reason: "--chapter \(number): the table of contents has \(entries.count) top-level entries (1...\(entries.count))")
            }
            return entries[number - 1]
        }
        let all = flattened(entries)
        let wanted = argument.lowercased()
        if let exact = all.first(where: { $0.title.lowercased() == wanted }) ?? all.first(where: { $0.title.lowercased().contains(wanted) }) {
            return exact
        }
        throw ReaderError(.invalidArgument, file: document.path, format: document.format,
                          reason: "--chapter: no table of contents entry is titled \"\(argument)\" (see reader toc)")
    }

    private static func flattened(_ entries: [TOCEntry]) -> [TOCEntry] {
        entries.flatMap { [$0] + flattened($0.children) }
    }
}
