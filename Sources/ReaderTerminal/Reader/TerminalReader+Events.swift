import Dispatch
import ReaderCore
import ReaderEngine
import ReaderLibrary

extension TerminalReader {
    /// Starts what is read on other threads: the cached page index (then the page count), the
    /// table of contents and the highlights.
    func startBackgroundWork() {
        let inbox = self.inbox, document = book.document
        if sessionIsCached {
            startPageCount()
        } else {
            let book = self.book, viewport = session.viewport, generation = self.generation
            DispatchQueue.global(qos: .userInitiated).async {
                guard let cached = try? book.session(at: viewport, cached: true) else { return }
                inbox.post(.cachedSession(generation: generation, cached))
            }
        }
        DispatchQueue.global(qos: .utility).async {
            do {
                inbox.post(.contents(ContentsEntry.flattened(try document.tableOfContents(), in: document)))
            } catch {
                inbox.post(.contents([]))
                inbox.post(.message("the table of contents could not be read: \(reason(of: error))", isError: true))
            }
        }
        if let library = book.library, let libraryBook = book.libraryBook {
            DispatchQueue.global(qos: .utility).async {
                do {
                    let placed = try library.annotations(of: libraryBook, kind: .highlight).compactMap { item -> PlacedHighlight? in
                        guard let range = item.range, let positions = try? document.textRange(of: range) else { return nil }
                        return PlacedHighlight(range: positions, color: HighlightColor(named: item.color))
                    }
                    inbox.post(.highlights(placed))
                } catch {
                    inbox.post(.message("the highlights could not be read: \(reason(of: error))", isError: true))
                }
            }
        }
    }

    /// Counts the pages of the present session on another thread: an estimate first where the
    /// exact count needs the whole book laid out, then the exact count, then the index is kept.
    func startPageCount() {
        let session = self.session, inbox = self.inbox, generation = self.generation
        DispatchQueue.global(qos: .utility).async {
            do {
                let first = try session.pageCount()
                inbox.post(.pageCount(generation: generation, first))
                if !first.isExact {
                    inbox.post(.pageCount(generation: generation, PageCount(value: try session.exactPageCount(), isExact: true)))
                }
                try session.saveIndex()
            } catch {
                inbox.post(.message("the pages could not be counted: \(reason(of: error))", isError: true))
            }
        }
    }

    /// Applies what other threads reported. Returns true when something changed.
    @discardableResult
    public func applyEvents() -> Bool {
        let events = inbox.take()
        for event in events { apply(event) }
        return !events.isEmpty
    }

    private func apply(_ event: ReaderEvent) {
        switch event {
        case .pageCount(let generation, let count):
            guard generation == self.generation else { return }
            if pageCount?.isExact != true { pageCount = count }
        case .cachedSession(let generation, let cached):
            guard generation == self.generation, cached.viewport == session.viewport else { return }
            cached.paginator.learn(from: session.paginator)
            session = cached
            sessionIsCached = true
            startPageCount()
        case .contents(let entries):
            contents = entries
            if case .contents(_, _) = mode {
                let current = chapterIndex ?? 0
                mode = .contents(selected: current, first: ScreenRenderer.scrolled(current: 0, selected: current, rows: rows))
                if message == "reading the table of contents…" { message = nil }
            }
        case .search(let id, let matches, let scanned, let total, let finished, let error):
            applySearch(id: id, matches: matches, scanned: scanned, total: total, finished: finished, error: error)
        case .highlights(let placed):
            highlights = placed + highlights
        case .message(let text, let isError):
            message = text
            messageIsError = isError
        }
    }
}

extension ContentsEntry {
    /// The entries of a table of contents in order, each with its depth and where it starts:
    /// from the document's own list of positions when it keeps one, else by resolving each Locator.
    static func flattened(_ entries: [TOCEntry], in document: any Document) -> [ContentsEntry] {
        var flat: [(entry: TOCEntry, depth: Int)] = []
        func walk(_ entries: [TOCEntry], depth: Int) {
            for entry in entries {
                flat.append((entry, depth))
                walk(entry.children, depth: depth + 1)
            }
        }
        walk(entries, depth: 0)
        let known = (document as? any ContentsPositionProviding).flatMap { try? $0.tableOfContentsPositions() }
        if let known, known.count == flat.count {
            return zip(flat, known).map { ContentsEntry(title: $0.entry.title, depth: $0.depth, position: $1) }
        }
        return flat.map { ContentsEntry(title: $0.entry.title, depth: $0.depth, position: try? document.textPosition(for: $0.entry.locator)) }
    }
}
