import ReaderCore

/// The table of contents as positions in reading order, to name the entry that encloses a match:
/// the last entry at or before it. Entries whose Locator does not resolve are left out.
struct TOCTitles {
    private let entries: [(position: TextPosition, title: String)]

    init(document: any Document) throws(ReaderError) {
        var resolved: [(position: TextPosition, title: String)] = []
        func walk(_ entries: [TOCEntry]) {
            for entry in entries {
                if let position = try? document.textPosition(for: entry.locator) {
                    resolved.append((position, entry.title))
                }
                walk(entry.children)
            }
        }
        walk(try document.tableOfContents())
        // Stable: among entries at the same position, the deepest (walked last) wins.
        self.entries = resolved.enumerated().sorted { ($0.element.position, $0.offset) < ($1.element.position, $1.offset) }
            .map(\.element)
    }

    /// The title of the last entry at or before `position`, or nil when the first entry comes later.
    func title(at position: TextPosition) -> String? {
        var low = 0, high = entries.count
        while low < high {
            let middle = (low + high) / 2
            if entries[middle].position <= position { low = middle + 1 } else { high = middle }
        }
        return low == 0 ? nil : entries[low - 1].title
    }
}
