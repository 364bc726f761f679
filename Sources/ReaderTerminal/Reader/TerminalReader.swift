import Dispatch
import Foundation
import ReaderCore
import ReaderEngine
import ReaderLibrary
import Synchronization

/// The reader's state machine: the page shown and everything around it (panels, prompts,
/// search, selection, hints), changed by keys, by a resize and by the reports of work on other
/// threads (the page count, the table of contents, search), and drawn by ``screen()`` as a pure
/// function of that state (``ScreenRenderer``). It knows no terminal: ``TerminalSession`` feeds it.
///
/// Everything here runs on one thread; other threads only post to the ``EventInbox``.
public final class TerminalReader {
    /// The book.
    public let book: ReaderBook
    /// Terminal columns.
    public private(set) var columns: Int
    /// Terminal rows (the page gets all but the status line).
    public private(set) var rows: Int
    /// What the terminal can show.
    public let capabilities: TerminalCapabilities
    /// The session pages come from (replaced on resize, and once the cached page index is read).
    public internal(set) var session: ReadingSession
    /// The page shown.
    public internal(set) var page: Page
    /// Its number.
    public var pageNumber: Int { page.number }
    /// The page count once known (an estimate first for most formats).
    public internal(set) var pageCount: PageCount?
    /// What the reader is doing.
    public internal(set) var mode: ReaderMode = .reading
    /// The status line's message, until the next key.
    public internal(set) var message: String?
    /// Whether ``message`` is an error.
    public internal(set) var messageIsError = false
    /// The search, when one was made.
    public internal(set) var search: SearchState?
    /// The table of contents once read.
    public internal(set) var contents: [ContentsEntry]?
    /// The book's highlights placed in this edition.
    public internal(set) var highlights: [PlacedHighlight] = []
    /// Pages left by following links, for Backspace.
    public internal(set) var history: [TextPosition] = []
    /// The size of a character cell in pixels (from the terminal, else a guess), for pictures.
    public var cellPixels: (width: Int, height: Int) = (10, 20)
    /// The picture shown in ``ReaderMode/image(href:)``.
    var shownImage: KittyImage?

    let inbox: EventInbox
    let clock: () -> String?
    /// Counts sessions, so reports about an older one are ignored.
    var generation = 0
    var sessionIsCached: Bool
    var sectionCache: [Int: SectionContent] = [:]
    var sectionOrder: [Int] = []
    var words: [PageWord] = []
    var pageLinks: [PageLink] = []
    var bookmarkList: [BookmarkEntry] = []
    let searchID = SearchGeneration()
    let saver = DispatchQueue(label: "reader.read.position")
    let pageTurned: ((Int) -> Void)?

    /// The viewport for a terminal: its columns, and its rows less the status line.
    public static func viewport(columns: Int, rows: Int) throws(ReaderError) -> Viewport {
        try Viewport(columns: min(max(columns, Viewport.minimum.columns), Viewport.maximum.columns),
                     rows: min(max(rows - 1, Viewport.minimum.rows), Viewport.maximum.rows))
    }

    /// Opens the book at its saved position (or the first page) for a terminal of this size, and
    /// starts the work done on other threads: the page count, the table of contents, the highlights.
    /// - Parameters:
    ///   - clock: the time shown in the status line (nil for none).
    ///   - pageTurned: told the number of each page shown (for timing).
    /// - Throws: ``ReaderError`` when the first page cannot be laid out.
    public init(book: ReaderBook, columns: Int, rows: Int, capabilities: TerminalCapabilities, inbox: EventInbox,
                clock: @escaping () -> String? = TerminalReader.timeOfDay, pageTurned: ((Int) -> Void)? = nil) throws(ReaderError) {
        self.book = book
        self.columns = columns
        self.rows = rows
        self.capabilities = capabilities
        self.inbox = inbox
        self.clock = clock
        self.pageTurned = pageTurned
        let viewport = try Self.viewport(columns: columns, rows: rows)
        // Reading the cached page index needs the fingerprint, a hash of the whole file: at the
        // first page it is read on another thread, so the page shows at once.
        let cached = book.savedPosition != nil || book.cache == nil
        let session = try book.session(at: viewport, cached: cached)
        var number = 1
        if let saved = book.savedTextPosition(in: session) {
            number = (try? session.pageNumber(containing: saved)) ?? 1
        }
        sessionIsCached = cached
        self.session = session
        page = try session.page(number)
        startBackgroundWork()
    }

    /// The time of day as `HH:MM`.
    public static func timeOfDay() -> String? {
        var now = time(nil)
        var parts = tm()
        guard localtime_r(&now, &parts) != nil else { return nil }
        return String(format: "%02d:%02d", parts.tm_hour, parts.tm_min)
    }

    // MARK: Pages

    /// Shows page `number`; a page past the end shows the last page and says so.
    func show(_ number: Int) {
        do {
            let target = max(1, number)
            page = try session.page(target)
            pageShown()
        } catch {
            fail(error.reason)
        }
    }

    /// Shows the page holding `position`.
    func show(position: TextPosition) {
        do {
            page = try session.page(try session.pageNumber(containing: position))
            pageShown()
        } catch {
            fail(error.reason)
        }
    }

    func nextPage() {
        guard page.end != nil else {
            say("the last page")
            return
        }
        show(page.number + 1)
    }

    func previousPage() {
        guard page.number > 1 else {
            say("the first page")
            return
        }
        show(page.number - 1)
    }

    func lastPage() {
        do {
            let count = try session.exactPageCount()
            pageCount = PageCount(value: count, isExact: true)
            show(count)
        } catch {
            fail(error.reason)
        }
    }

    /// Records the page in the library (on another thread, so the page turn does not wait).
    func pageShown() {
        if let count = pageCount, count.isExact == false, page.end == nil {
            pageCount = PageCount(value: page.number, isExact: true)
        }
        pageTurned?(page.number)
        guard let library = book.library, book.libraryBook != nil else { return }
        let document = book.document, start = page.start, number = page.number, count = pageCount
        let isLast = page.end == nil
        let inbox = self.inbox
        saver.async {
            do {
                let locator = try document.fingerprintedLocator(at: start)
                guard let fingerprint = locator.locations.fingerprint else { return }
                let progress = count.map { $0.value > 0 ? min(1, Double(number) / Double($0.value)) : 1 }
                try library.recordPageShown(fingerprint: fingerprint, locator: locator, progress: isLast ? 1 : progress,
                                            isLastPage: isLast)
            } catch {
                inbox.post(.message("the position was not saved: \(reason(of: error))", isError: true))
            }
        }
    }

    /// Waits for the positions being saved, keeps what was learnt about the pages, and stops the search.
    public func finish() {
        searchID.next()
        saver.sync {}
        try? session.saveIndex()
    }

    // MARK: Size

    /// Lays the book out again for a terminal of this size, keeping the first word of the page on screen.
    public func resize(columns: Int, rows: Int) {
        guard columns != self.columns || rows != self.rows else { return }
        self.columns = columns
        self.rows = rows
        let keep = page.start
        do {
            let viewport = try Self.viewport(columns: columns, rows: rows)
            guard viewport != session.viewport else { return }
            try? session.saveIndex()
            session = try book.session(at: viewport, cached: true)
            sessionIsCached = true
            generation += 1
            pageCount = nil
            sectionCache.removeAll()
            sectionOrder.removeAll()
            if case .selecting = mode { mode = .reading }
            if case .hints = mode { mode = .reading }
            if case .image = mode { closeImage() }
            page = try session.page(try session.pageNumber(containing: keep))
            startPageCount()
        } catch {
            fail(error.reason)
        }
    }

    // MARK: Messages

    func say(_ text: String) {
        message = text
        messageIsError = false
    }

    func fail(_ text: String) {
        message = text
        messageIsError = true
    }

    // MARK: Blocks

    /// A block of the document, from the few sections kept at hand.
    func block(section: Int, index: Int) -> Block? {
        if let content = sectionCache[section] { return content.blocks.indices.contains(index) ? content.blocks[index] : nil }
        guard let content = try? book.document.content(ofSection: section) else { return nil }
        sectionCache[section] = content
        sectionOrder.append(section)
        if sectionOrder.count > 6 { sectionCache[sectionOrder.removeFirst()] = nil }
        return content.blocks.indices.contains(index) ? content.blocks[index] : nil
    }

    /// The chapter the page is in: the last entry of the table of contents starting on it or before.
    var chapterIndex: Int? {
        guard let contents else { return nil }
        let limit = page.end
        var found: Int?
        for (index, entry) in contents.enumerated() {
            guard let position = entry.position else { continue }
            if let limit, position >= limit { continue }
            if found == nil || position >= contents[found!].position! { found = index }
        }
        return found
    }
}
