import Foundation
import ReaderCore
import ReaderLibrary

extension TerminalReader {
    /// The library's record of the book, or a message saying why there is none.
    private func libraryRecord(for what: String) -> (Library, LibraryBook)? {
        guard let library = book.library, let record = book.libraryBook else {
            fail("\(what) are kept in the library, which does not hold this book (`reader library add` adds it)")
            return nil
        }
        return (library, record)
    }

    /// `b`: bookmarks the page's first word.
    func addBookmark() {
        guard let found = libraryRecord(for: "bookmarks") else { return }
        let (library, record) = found
        do {
            let locator = try book.document.fingerprintedLocator(at: page.start)
            let now = Timestamp.now()
            let chapter = chapterIndex.map { contents![$0].title }
            try library.insertAnnotation(Annotation(uuid: UUID().uuidString.lowercased(), bookUUID: record.uuid, kind: .bookmark,
                                                    locator: locator, note: chapter, createdAt: now, modifiedAt: now))
            say("bookmarked page \(page.number)")
        } catch {
            fail("the bookmark was not saved: \(error.reason)")
        }
    }

    /// `B`: the bookmarks, each with its page at this size.
    func openBookmarks() {
        guard let found = libraryRecord(for: "bookmarks") else { return }
        let (library, record) = found
        do {
            let items = try library.annotations(of: record, kind: .bookmark)
            bookmarkList = items.map { item in
                let position = try? session.resolve(item.locator).position
                let number = position.flatMap { try? session.pageNumber(containing: $0) }
                var text = number.map { "page \($0)" } ?? "(not in this edition)"
                if let note = item.note, !note.isEmpty { text += " · " + note }
                if let quote = item.quote?.split(whereSeparator: \.isNewline).joined(separator: " "), !quote.isEmpty {
                    text += " · " + String(quote.prefix(60))
                }
                return BookmarkEntry(uuid: item.uuid, position: position, text: text)
            }
            let here = bookmarkList.lastIndex { ($0.position.map { $0 <= page.start }) ?? false } ?? 0
            mode = .bookmarks(selected: here, first: ScreenRenderer.scrolled(current: 0, selected: here, rows: rows))
        } catch {
            fail("the bookmarks could not be read: \(error.reason)")
        }
    }

    func bookmarksKey(_ key: Key, selected: Int, first: Int) {
        if let next = moved(key, selected: selected, count: bookmarkList.count) {
            mode = .bookmarks(selected: next, first: ScreenRenderer.scrolled(current: first, selected: next, rows: rows))
            return
        }
        switch key {
        case .enter:
            mode = .reading
            guard bookmarkList.indices.contains(selected) else { return }
            guard let position = bookmarkList[selected].position else { return fail("that bookmark is not in this edition") }
            show(position: position)
        case .character("d"), .delete:
            guard bookmarkList.indices.contains(selected), let library = book.library else { return }
            do {
                try library.removeAnnotation(bookmarkList[selected].uuid, kind: .bookmark)
                bookmarkList.remove(at: selected)
                mode = .bookmarks(selected: max(0, min(selected, bookmarkList.count - 1)), first: first)
                say("bookmark removed")
            } catch {
                fail("the bookmark was not removed: \(error.reason)")
            }
        case .escape, .character("q"), .character("B"), .backspace:
            mode = .reading
        default:
            break
        }
    }

    // MARK: Highlights

    /// `v`: choose a passage word by word, starting on this page.
    func startSelection() {
        words = PageWord.words(of: page, blocks: { self.block(section: $0, index: $1) })
        guard !words.isEmpty else { return fail("no text on this page to highlight") }
        mode = .selecting(anchor: nil, cursor: 0)
    }

    func selectionKey(_ key: Key, anchor: Range<TextPosition>?, cursor: Int) {
        var next = cursor
        switch key {
        case .right, .character("l"), .character("w"):
            if cursor == words.count - 1 { return selectionTurn(forward: true, anchor: anchor, column: nil) }
            next = cursor + 1
        case .left, .character("h"), .character("b"):
            if cursor == 0 { return selectionTurn(forward: false, anchor: anchor, column: nil) }
            next = cursor - 1
        case .down, .character("j"):
            next = wordOnLine(after: cursor, step: 1)
            if next == cursor { return selectionTurn(forward: true, anchor: anchor, column: words[cursor].column) }
        case .up, .character("k"):
            next = wordOnLine(after: cursor, step: -1)
            if next == cursor { return selectionTurn(forward: false, anchor: anchor, column: words[cursor].column) }
        case .pageDown, .character(" "): return selectionTurn(forward: true, anchor: anchor, column: nil)
        case .pageUp: return selectionTurn(forward: false, anchor: anchor, column: nil)
        case .home, .character("0"): next = words.firstIndex { $0.line == words[cursor].line } ?? cursor
        case .end, .character("$"): next = words.lastIndex { $0.line == words[cursor].line } ?? cursor
        case .enter:
            let word = words[cursor].start..<words[cursor].end
            if let anchor {
                mode = .prompt(.note(min(anchor.lowerBound, word.lowerBound)..<max(anchor.upperBound, word.upperBound)), text: "")
            } else {
                mode = .selecting(anchor: word, cursor: cursor)
            }
            return
        case .escape, .character("q"), .character("v"):
            mode = .reading
            return
        default:
            return
        }
        mode = .selecting(anchor: anchor, cursor: next)
    }

    /// Moves a selection past the page's edge: turns the page and puts the cursor on its first
    /// word going forward (its last going back), on the line nearest the edge at `column` when
    /// moving by lines. The anchor stays where it was, so a passage can run over several pages.
    private func selectionTurn(forward: Bool, anchor: Range<TextPosition>?, column: Int?) {
        let number = page.number
        if forward { nextPage() } else { previousPage() }
        guard page.number != number else {
            mode = .selecting(anchor: anchor, cursor: forward ? words.count - 1 : 0)
            return
        }
        words = PageWord.words(of: page, blocks: { self.block(section: $0, index: $1) })
        guard !words.isEmpty else {
            mode = .reading
            return fail("no text on this page to highlight")
        }
        var cursor = forward ? 0 : words.count - 1
        if let column {
            let line = words[cursor].line
            let onLine = words.indices.filter { words[$0].line == line }
            cursor = onLine.min { abs(words[$0].column - column) < abs(words[$1].column - column) } ?? cursor
        }
        mode = .selecting(anchor: anchor, cursor: cursor)
    }

    /// The word on the next (or previous) line nearest the cursor's column.
    private func wordOnLine(after cursor: Int, step: Int) -> Int {
        let line = words[cursor].line, column = words[cursor].column
        let candidates = words.indices.filter { step > 0 ? words[$0].line > line : words[$0].line < line }
        guard let targetLine = step > 0 ? candidates.map({ words[$0].line }).min() : candidates.map({ words[$0].line }).max() else {
            return cursor
        }
        let onLine = candidates.filter { words[$0].line == targetLine }
        return onLine.min { abs(words[$0].column - column) < abs(words[$1].column - column) } ?? cursor
    }

    /// Stores a highlight over `range` with an optional note, and shows it.
    func saveHighlight(_ range: Range<TextPosition>, note: String) {
        guard let found = libraryRecord(for: "highlights") else { return }
        let (library, record) = found
        do {
            var stored = try book.document.range(from: range.lowerBound, to: range.upperBound)
            let fingerprint = try book.document.fingerprint().description
            stored.start.locations.fingerprint = fingerprint
            stored.end.locations.fingerprint = fingerprint
            let now = Timestamp.now()
            try library.insertAnnotation(Annotation(uuid: UUID().uuidString.lowercased(), bookUUID: record.uuid, kind: .highlight,
                                                    locator: stored.start, range: stored, note: note.isEmpty ? nil : note,
                                                    color: HighlightColor.yellow.rawValue, createdAt: now, modifiedAt: now))
            highlights.append(PlacedHighlight(range: range, color: .yellow))
            say(note.isEmpty ? "highlighted" : "highlighted, with a note")
        } catch {
            fail("the highlight was not saved: \(error.reason)")
        }
    }
}
