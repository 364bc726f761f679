import ReaderCore

/// The table of contents as positions in reading order, to name the entry that encloses a match:
/// the last entry at or before it. Entries whose Locator does not resolve are left out.
///
/// Resolving an entry's Locator can be costly (a TXT book may have thousands of chapters), so when
/// every entry's Locator carries a `totalProgression` and these never decrease in table order,
/// entries are resolved lazily: for a hit at total progression `t`, only the entries up to the last
/// one whose progression is at most `t`. Progression never decreases along the text, so every entry
/// at or before the hit is among them and the answer is the same as resolving the whole table.
/// Otherwise the whole table is resolved at once.
final class TOCTitles {
    private struct Entry {
        var position: TextPosition
        var order: Int
        var title: String
    }

    private let document: any Document
    private let walk: [TOCEntry]
    private let progressions: [Double]?
    private var nextToResolve = 0
    /// Resolved entries sorted by position, then table order (the deepest of equal ones comes last).
    private var resolved: [Entry] = []

    init(document: any Document) throws(ReaderError) {
        self.document = document
        var flat: [TOCEntry] = []
        func flatten(_ entries: [TOCEntry]) {
            for entry in entries {
                flat.append(entry)
                flatten(entry.children)
            }
        }
        flatten(try document.tableOfContents())
        walk = flat
        let progressions = flat.compactMap(\.locator.locations.totalProgression)
        let ordered = progressions.count == flat.count && zip(progressions, progressions.dropFirst()).allSatisfy { $0 <= $1 }
        self.progressions = ordered ? progressions : nil
        if !ordered { resolve(upTo: flat.count) }
    }

    /// The title of the last entry at or before `position`, whose Locator's total progression is
    /// `progression`; nil when the first entry comes later.
    func title(at position: TextPosition, progression: Double?) -> String? {
        if let progressions {
            if let progression {
                var end = nextToResolve
                while end < progressions.count, progressions[end] <= progression { end += 1 }
                resolve(upTo: end)
            } else {
                resolve(upTo: walk.count)
            }
        }
        var low = 0, high = resolved.count
        while low < high {
            let middle = (low + high) / 2
            if resolved[middle].position <= position { low = middle + 1 } else { high = middle }
        }
        return low == 0 ? nil : resolved[low - 1].title
    }

    private func resolve(upTo end: Int) {
        guard end > nextToResolve else { return }
        for order in nextToResolve..<end {
            guard let position = try? document.textPosition(for: walk[order].locator) else { continue }
            let entry = Entry(position: position, order: order, title: walk[order].title)
            let slot = resolved.lastIndex { ($0.position, $0.order) < (position, order) }.map { $0 + 1 } ?? 0
            resolved.insert(entry, at: slot)
        }
        nextToResolve = end
    }
}
