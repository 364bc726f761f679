import ReaderCore
import ReaderSearch

typealias ReaderSearchMatch = SearchMatch

extension TerminalReader {
    /// The frame for the present state.
    public func screen() -> Screen {
        ScreenRenderer.render(model())
    }

    /// The present state as the values one frame shows.
    public func model() -> ScreenModel {
        let lines = PageStyler.lines(of: page, blocks: { self.block(section: $0, index: $1) }, marks: marks(),
                                     hints: hints(), columns: columns, unicode: capabilities.unicode)
        var status = StatusInfo(title: book.title, chapter: chapterIndex.map { contents![$0].title }, page: page.number,
                                pageCount: pageCount, clock: clock())
        if let message {
            status.message = message
            status.isError = messageIsError
        } else if let search, mode == .reading {
            status.message = search.summary
        } else if case .selecting(let anchor, _) = mode {
            status.message = anchor == nil
                ? "select: move to the first word (arrows, h j k l), Enter to start, Esc to cancel"
                : "select: move to the last word (on any page), Enter to highlight, Esc to cancel"
        } else if case .image(let href) = mode {
            status.message = "\(href.split(separator: "/").last.map(String.init) ?? href): w writes it to a file, any other key returns"
        } else if case .hints(let purpose) = mode {
            status.message = purpose == .links ? "follow which link? (type its label, Esc to cancel)"
                : "write out which image? (type its label, Esc to cancel)"
        }
        return ScreenModel(columns: columns, rows: rows, capabilities: capabilities, page: lines, status: status,
                           panel: panel(), prompt: prompt(), image: shownImage)
    }

    /// Search hits, highlights and the selection on this page.
    func marks() -> [PageMark] {
        var marks: [PageMark] = []
        let pageRange = page.start..<(page.end ?? TextPosition(section: .max, block: 0, offset: 0))
        for highlight in highlights where highlight.range.overlaps(pageRange) || highlight.range.lowerBound == page.start {
            marks.append(PageMark(highlight.range, TextAttributes(highlight: highlight.color)))
        }
        if let search {
            for index in search.matches.matchIndices(overlapping: pageRange) {
                let match = search.matches[index]
                let current = index == search.current
                marks.append(PageMark(match.start..<match.end, TextAttributes(bold: current, underline: current, reverse: true)))
            }
        }
        if case .selecting(let anchor, let cursor) = mode, words.indices.contains(cursor) {
            if let anchor {
                let word = words[cursor].start..<words[cursor].end
                marks.append(PageMark(min(anchor.lowerBound, word.lowerBound)..<max(anchor.upperBound, word.upperBound),
                                      TextAttributes(reverse: true)))
            }
            marks.append(PageMark(words[cursor].start..<words[cursor].end, TextAttributes(underline: true, reverse: true)))
        }
        if case .prompt(.note(let range), _) = mode {
            marks.append(PageMark(range, TextAttributes(reverse: true)))
        }
        return marks
    }

    func hints() -> [PageHint] {
        guard case .hints = mode else { return [] }
        return pageLinks.map { PageHint(position: $0.position, label: $0.label) }
    }

    func prompt() -> Prompt? {
        guard case .prompt(let purpose, let text) = mode else { return nil }
        switch purpose {
        case .search: return Prompt(label: "/", text: text)
        case .goTo: return Prompt(label: "go to page (or N%): ", text: text)
        case .note: return Prompt(label: "note (Enter to save, Esc to cancel): ", text: text)
        }
    }

    func panel() -> Panel? {
        switch mode {
        case .help:
            return Panel(title: "Keys (any key closes)", items: HelpText.lines.map { Panel.Item($0) })
        case .contents(let selected, let first):
            guard let contents else { return Panel(title: "Contents", items: [Panel.Item("reading the table of contents…")]) }
            let current = chapterIndex
            let items = contents.enumerated().map { index, entry in
                Panel.Item(String(repeating: "  ", count: min(entry.depth, 8)) + entry.title, isMarked: index == current)
            }
            return Panel(title: "Contents (Enter goes there, Esc closes)", items: items.isEmpty ? [Panel.Item("no table of contents")] : items,
                         selected: items.isEmpty ? nil : selected, firstShown: first)
        case .bookmarks(let selected, let first):
            let items = bookmarkList.map { Panel.Item($0.text) }
            return Panel(title: "Bookmarks (Enter goes there, d removes, Esc closes)",
                         items: items.isEmpty ? [Panel.Item("no bookmarks yet (b bookmarks a page)")] : items,
                         selected: items.isEmpty ? nil : selected, firstShown: first)
        default:
            return nil
        }
    }
}

extension Array where Element == ReaderSearchMatch {
    /// The indices of the matches that touch `range` (the array is in reading order).
    func matchIndices(overlapping range: Range<TextPosition>) -> Range<Int> {
        var low = 0, high = count
        while low < high {
            let middle = (low + high) / 2
            if self[middle].end <= range.lowerBound { low = middle + 1 } else { high = middle }
        }
        var end = low
        while end < count, self[end].start < range.upperBound { end += 1 }
        return low..<end
    }
}
