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

    /// `v`: choose a passage on the page word by word.
    func startSelection() {
        words = PageWord.words(of: page, blocks: { self.block(section: $0, index: $1) })
        guard !words.isEmpty else { return fail("no text on this page to highlight") }
        mode = .selecting(anchor: nil, cursor: 0)
    }

    func selectionKey(_ key: Key, anchor: Int?, cursor: Int) {
        var next = cursor
        switch key {
        case .right, .character("l"), .character("w"): next = min(words.count - 1, cursor + 1)
        case .left, .character("h"), .character("b"): next = max(0, cursor - 1)
        case .down, .character("j"): next = wordOnLine(after: cursor, step: 1)
        case .up, .character("k"): next = wordOnLine(after: cursor, step: -1)
        case .home, .character("0"): next = words.firstIndex { $0.line == words[cursor].line } ?? cursor
        case .end, .character("$"): next = words.lastIndex { $0.line == words[cursor].line } ?? cursor
        case .enter:
            if let anchor {
                let low = min(anchor, cursor), high = max(anchor, cursor)
                mode = .prompt(.note(words[low].start..<words[high].end), text: "")
            } else {
                mode = .selecting(anchor: cursor, cursor: cursor)
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
