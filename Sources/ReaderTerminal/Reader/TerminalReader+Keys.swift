import Foundation
import ReaderCore

extension TerminalReader {
    /// Acts on a key. Returns false when the reader should quit.
    @discardableResult
    public func handle(_ key: Key) -> Bool {
        if mode == .reading || mode == .help { message = nil }
        switch mode {
        case .reading: return reading(key)
        case .help:
            mode = .reading
        case .contents(let selected, let first): contentsKey(key, selected: selected, first: first)
        case .bookmarks(let selected, let first): bookmarksKey(key, selected: selected, first: first)
        case .prompt(let purpose, let text): promptKey(key, purpose: purpose, text: text)
        case .hints(let purpose): hintKey(key, purpose: purpose)
        case .selecting(let anchor, let cursor): selectionKey(key, anchor: anchor, cursor: cursor)
        case .image(let href): imageKey(key, href: href)
        }
        return true
    }

    private func reading(_ key: Key) -> Bool {
        switch key {
        case .character(" "), .pageDown, .down, .right, .wheelDown, .character("j"), .character("l"), .control("f"):
            nextPage()
        case .pageUp, .up, .left, .wheelUp, .character("k"), .character("h"), .control("b"):
            previousPage()
        case .home, .character("<"):
            show(1)
        case .end, .character(">"), .character("G"):
            lastPage()
        case .character("g"):
            mode = .prompt(.goTo, text: "")
        case .character("]"):
            nextChapter()
        case .character("["):
            previousChapter()
        case .character("t"), .tab:
            openContents()
        case .character("/"):
            mode = .prompt(.search, text: "")
        case .character("n"):
            nextHit(forward: true)
        case .character("N"):
            nextHit(forward: false)
        case .character("b"):
            addBookmark()
        case .character("B"):
            openBookmarks()
        case .character("v"):
            startSelection()
        case .character("f"):
            showHints(.links)
        case .character("i"):
            showHints(.images)
        case .backspace:
            goBack()
        case .character("?"):
            mode = .help
        case .escape:
            search = nil
            message = nil
            searchID.next()
        case .character("q"), .character("Q"), .control("c"), .control("d"):
            return false
        default:
            break
        }
        return true
    }

    // MARK: Prompts

    private func promptKey(_ key: Key, purpose: PromptPurpose, text: String) {
        switch key {
        case .character(let character):
            mode = .prompt(purpose, text: String((text + String(character)).prefix(1000)))
        case .backspace:
            if text.isEmpty {
                if case .note = purpose {} else { mode = .reading }
            } else {
                mode = .prompt(purpose, text: String(text.dropLast()))
            }
        case .control("u"):
            mode = .prompt(purpose, text: "")
        case .escape, .control("c"), .control("g"):
            mode = .reading
        case .enter:
            mode = .reading
            submit(purpose, text: text)
        default:
            break
        }
    }

    private func submit(_ purpose: PromptPurpose, text: String) {
        switch purpose {
        case .search:
            let query = text.trimmingCharacters(in: .whitespaces)
            if !query.isEmpty { startSearch(query) }
        case .goTo:
            goTo(text.trimmingCharacters(in: .whitespaces))
        case .note(let range):
            saveHighlight(range, note: text.trimmingCharacters(in: .whitespaces))
        }
    }

    /// `g` then a page number, or a percentage (`40%`).
    func goTo(_ text: String) {
        if text.hasSuffix("%"), let percent = Double(text.dropLast()), (0...100).contains(percent) {
            do {
                let locator = Locator(href: "", type: "", locations: .init(totalProgression: percent / 100))
                show(try session.pageNumber(containing: locator))
            } catch {
                fail(error.reason)
            }
        } else if let number = Int(text), number >= 1 {
            do {
                page = try session.page(number)
                pageShown()
            } catch {
                fail("there is no page \(number)")
            }
        } else if !text.isEmpty {
            fail("\"\(text.prefix(20))\" is not a page number or a percentage")
        }
    }

    // MARK: Panels

    /// Moves a panel's choice by a key; nil for keys that do not move it.
    func moved(_ key: Key, selected: Int, count: Int) -> Int? {
        let pageRows = max(1, rows - 2)
        switch key {
        case .down, .character("j"), .wheelDown: return min(max(0, count - 1), selected + 1)
        case .up, .character("k"), .wheelUp: return max(0, selected - 1)
        case .pageDown, .character(" "): return min(max(0, count - 1), selected + pageRows)
        case .pageUp: return max(0, selected - pageRows)
        case .home, .character("<"): return 0
        case .end, .character(">"), .character("G"): return max(0, count - 1)
        default: return nil
        }
    }

    private func contentsKey(_ key: Key, selected: Int, first: Int) {
        let count = contents?.count ?? 0
        if let next = moved(key, selected: selected, count: count) {
            mode = .contents(selected: next, first: ScreenRenderer.scrolled(current: first, selected: next, rows: rows))
            return
        }
        switch key {
        case .enter:
            mode = .reading
            guard let contents, contents.indices.contains(selected) else { return }
            guard let position = contents[selected].position else {
                fail("\"\(contents[selected].title)\" does not lead anywhere in this book")
                return
            }
            show(position: position)
        case .escape, .character("q"), .character("t"), .tab, .backspace:
            mode = .reading
        default:
            break
        }
    }

    func openContents() {
        let current = chapterIndex ?? 0
        mode = .contents(selected: current, first: ScreenRenderer.scrolled(current: 0, selected: current, rows: rows))
        if contents == nil { say("reading the table of contents…") }
    }

    // MARK: Chapters

    /// The distinct chapter starts in reading order.
    private var chapterStarts: [TextPosition]? {
        contents.map { Array(Set($0.compactMap(\.position))).sorted() }
    }

    func nextChapter() {
        guard let starts = chapterStarts else { return say("reading the table of contents…") }
        guard let end = page.end, let next = starts.first(where: { $0 >= end }) else { return say("no chapter after this one") }
        show(position: next)
    }

    func previousChapter() {
        guard let starts = chapterStarts else { return say("reading the table of contents…") }
        guard let previous = starts.last(where: { $0 < page.start }) else { return say("no chapter before this one") }
        show(position: previous)
    }
}
