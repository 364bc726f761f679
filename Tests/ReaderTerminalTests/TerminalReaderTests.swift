import Foundation
import ReaderCore
import ReaderEngine
import ReaderLibrary
import ReaderTerminal
import ReaderTestSupport
import ReaderTransforms
import Testing

@Suite("TerminalReader")
struct TerminalReaderTests {
    static let lighthouse = TestLocation.testBooks.appendingPathComponent("txt/lighthouse-keeper.txt").path

    private func reader(_ path: String = Self.lighthouse, columns: Int = 80, rows: Int = 24, library: String? = nil) throws -> TerminalReader {
        let book = try ReaderBook.open(path, cache: nil, libraryPath: library ?? Self.noLibrary())
        return try TerminalReader(book: book, columns: columns, rows: rows, capabilities: .full, inbox: EventInbox(), clock: { nil })
    }

    private static func noLibrary() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("no-library-\(UUID().uuidString)/library.sqlite").path
    }

    /// Applies what other threads report until `condition` holds (at most 20 s).
    private func wait(_ reader: TerminalReader, until condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline {
            reader.applyEvents()
            if condition() { return true }
            usleep(2000)
        }
        return false
    }

    /// A library in a new temporary folder holding the lighthouse TestBook: the folder, the
    /// library, and its database's path (for a reader to open it by).
    private static func libraryHoldingLighthouse() throws -> (folder: URL, library: Library, path: String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("read-library-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("library.sqlite").path
        let library = try Library.open(path: path)
        _ = try library.add(paths: [lighthouse])
        return (folder, library, path)
    }

    private func paginator(columns: Int = 80, rows: Int = 23) throws -> Paginator {
        Paginator(document: try ReaderEngine.standard.open(path: Self.lighthouse), viewport: try Viewport(columns: columns, rows: rows))
    }

    @Test("pages turn forward and back with the keys, as the paginator lays them out at the terminal's size less the status line")
    func paging() throws {
        let reader = try reader()
        let pages = try paginator()
        #expect(reader.screen().text.prefix(23) == ArraySlice(try pages.page(1).lines + Array(repeating: "", count: 23 - pages.page(1).lines.count)))
        for key in [Key.character(" "), .pageDown, .down, .character("j"), .wheelDown] { reader.handle(key) }
        #expect(reader.pageNumber == 6)
        #expect(reader.page.lines == (try pages.page(6)).lines)
        for key in [Key.pageUp, .character("k"), .wheelUp] { reader.handle(key) }
        #expect(reader.pageNumber == 3)
        reader.handle(.home)
        #expect(reader.pageNumber == 1)
        reader.handle(.up)
        #expect(reader.message == "the first page")
        reader.handle(.end)
        #expect(reader.pageNumber == (try pages.pageCount()))
        #expect(reader.page.end == nil)
        #expect(reader.handle(.character("q")) == false)
    }

    @Test("the status line: title, page N of M once counted (exact for TXT), percent")
    func status() throws {
        let reader = try reader()
        let count = try paginator().pageCount()
        #expect(wait(reader) { reader.pageCount != nil && reader.contents != nil })
        reader.handle(.character(" "))
        let status = try #require(reader.screen().text.last)
        #expect(status.uppercased().hasPrefix("THE LIGHTHOUSE KEEPER"))
        #expect(status.hasSuffix("page 2 of \(count) · \(Int((200.0 / Double(count)).rounded()))%"))
        #expect(status.contains("CHAPTER I"))
    }

    @Test("g goes to a page number or a percentage; a bad entry is an error in the status line")
    func goTo() throws {
        let reader = try reader()
        for key in [Key.character("g"), .character("1"), .character("2"), .enter] { reader.handle(key) }
        #expect(reader.pageNumber == 12)
        for key in [Key.character("g"), .character("5"), .character("0"), .character("%"), .enter] { reader.handle(key) }
        let half = reader.pageNumber
        #expect(abs(half - (try paginator().pageCount()) / 2) <= 2)
        for key in [Key.character("g"), .character("x"), .enter] { reader.handle(key) }
        #expect(reader.pageNumber == half)
        #expect(reader.message?.contains("not a page number") == true)
        #expect(reader.screen().text.last?.contains("not a page number") == true)
        for key in [Key.character("g"), .character("9"), .character("9"), .character("9"), .character("9"), .enter] { reader.handle(key) }
        #expect(reader.message == "there is no page 9999")
    }

    @Test("the table of contents panel marks the current chapter; Enter jumps; ] and [ go by chapter")
    func contents() throws {
        let reader = try reader()
        #expect(wait(reader) { reader.contents != nil })
        let contents = try #require(reader.contents)
        #expect(contents.map(\.title).contains("CHAPTER III. THE LETTER"))
        reader.handle(.character("t"))
        var screen = reader.screen().text
        #expect(screen[0].hasPrefix("Contents"))
        #expect(screen.contains { $0.hasPrefix("▸ CHAPTER I. THE NEW KEEPER") })
        let third = try #require(contents.firstIndex { $0.title == "CHAPTER III. THE LETTER" })
        guard case .contents(let selected, _) = reader.mode else { Issue.record("no panel"); return }
        for _ in selected..<third { reader.handle(.down) }
        reader.handle(.enter)
        #expect(reader.mode == .reading)
        let start = try #require(contents[third].position)
        #expect(reader.page.contains(start))
        screen = reader.screen().text
        #expect(screen.contains("CHAPTER III. THE LETTER"))
        reader.handle(.character("]"))
        #expect(reader.screen().text.contains("CHAPTER IV. THE GLASS FALLS"))
        reader.handle(.character("["))
        reader.handle(.character("["))
        #expect(reader.screen().text.contains("CHAPTER II. THE KEEPER’S RULES"))
    }

    @Test("search runs on another thread, goes to the first hit, marks hits on the page; n and N move through them")
    func search() throws {
        let reader = try reader()
        for key in [Key.character("/")] + "keeper".map({ Key.character($0) }) + [.enter] { reader.handle(key) }
        #expect(wait(reader) { reader.search?.finished == true })
        let state = try #require(reader.search)
        #expect(state.matches.count >= 10)
        #expect(state.current == 0)
        let marked = reader.model().page.flatMap(\.runs).filter { $0.attributes.reverse }
        #expect(marked.contains { $0.text.lowercased() == "keeper" })
        for _ in 0..<5 { reader.handle(.character("n")) }
        #expect(reader.search?.current == 5)
        #expect(reader.page.contains(state.matches[5].start))
        reader.handle(.character("N"))
        #expect(reader.search?.current == 4)
        #expect(reader.screen().text.last?.contains("\"keeper\": hit 5 of \(state.matches.count)") == true)
        reader.handle(.escape)
        #expect(reader.search == nil)
    }

    @Test("a resize lays the book out again and keeps the first word of the page on screen")
    func resize() throws {
        let reader = try reader()
        for key in [Key.character("g"), .character("7"), .enter] { reader.handle(key) }
        let start = reader.page.start
        reader.resize(columns: 50, rows: 15)
        #expect(reader.session.viewport == (try Viewport(columns: 50, rows: 14)))
        #expect(reader.page.contains(start))
        #expect(reader.screen().lines.count == 15)
        #expect(reader.screen().text.allSatisfy { DisplayText.width($0) <= 50 })
        #expect(reader.page.lines == (try paginator(columns: 50, rows: 14).page(reader.pageNumber)).lines)
    }

    @Test("bookmarks, highlights and the position are kept in the library and found again by the next reader")
    func library() throws {
        let (folder, library, path) = try Self.libraryHoldingLighthouse()
        defer { try? FileManager.default.removeItem(at: folder) }
        var first: TerminalReader? = try reader("lighthouse keeper", library: path)
        #expect(first?.book.libraryBook != nil)
        for key in [Key.character("g"), .character("4"), .enter, .character("b")] { first?.handle(key) }
        #expect(first?.message == "bookmarked page 4")
        first?.handle(.character(" "))
        for key in [Key.character("v"), .right, .enter, .right, .right, .enter] { first?.handle(key) }
        guard case .prompt(.note, _) = first?.mode else { Issue.record("no note prompt: \(String(describing: first?.mode))"); return }
        for key in "mine".map({ Key.character($0) }) + [.enter] { first?.handle(key) }
        #expect(first?.message == "highlighted, with a note")
        first?.finish()
        first = nil

        let second = try reader("lighthouse keeper", library: path)
        #expect(second.pageNumber == 5)
        second.handle(.character("B"))
        #expect(second.screen().text.contains { $0.contains("page 4") })
        second.handle(.enter)
        #expect(second.pageNumber == 4)
        let book = try library.book(matching: "lighthouse keeper")
        let highlights = try library.annotations(of: book, kind: .highlight)
        #expect(highlights.count == 1)
        #expect(highlights.first?.note == "mine")
        #expect(highlights.first?.range?.text?.split(whereSeparator: \.isWhitespace).count == 3)
    }

    @Test("a highlight can run over a page break: the cursor turns the page and the start stays where it was fixed")
    func selectionOverPages() throws {
        let (folder, library, path) = try Self.libraryHoldingLighthouse()
        defer { try? FileManager.default.removeItem(at: folder) }
        let reader = try reader(library: path)
        for key in [Key.character("g"), .character("4"), .enter, .character("v"), .left] { reader.handle(key) }
        #expect(reader.pageNumber == 3, "moving left of the first word turns back a page")
        let lastOfThree = try #require(reader.page.lines.last { !$0.isEmpty }?.split(separator: " ").last.map(String.init))
        reader.handle(.enter)
        for key in [Key.right, .right] { reader.handle(key) }
        #expect(reader.pageNumber == 4, "moving right of the last word turns the page")
        let firstOfFour = try #require(reader.page.lines.first { !$0.isEmpty }?.split(separator: " ").prefix(2).map(String.init))
        reader.handle(.enter)
        guard case .prompt(.note(let range), _) = reader.mode else { Issue.record("no note prompt: \(reader.mode)"); return }
        #expect(try reader.session.pageNumber(containing: range.lowerBound) == 3)
        #expect(try reader.session.pageNumber(containing: range.upperBound) == 4)
        reader.handle(.enter)
        #expect(reader.message == "highlighted")
        let stored = try library.annotations(of: try library.book(matching: "lighthouse keeper"), kind: .highlight)
        let words = try #require(stored.first?.range?.text).split(whereSeparator: \.isWhitespace).map(String.init)
        #expect(words == [lastOfThree] + firstOfFour)
    }

    @Test("a library book is read through its stored transforms; transforms given when opening replace them")
    func storedTransforms() throws {
        let (folder, library, path) = try Self.libraryHoldingLighthouse()
        defer { try? FileManager.default.removeItem(at: folder) }
        let upper = folder.appendingPathComponent("upper.tsv"), lower = folder.appendingPathComponent("lower.tsv")
        try "literal\tkeeper\tWARDEN\n".write(to: upper, atomically: true, encoding: .utf8)
        try "literal\tthe\tTHE\n".write(to: lower, atomically: true, encoding: .utf8)
        let book = try library.book(matching: "lighthouse keeper")
        try library.saveSettings(BookSettings(bookUUID: book.uuid, transforms: ["rules:" + upper.path], modifiedAt: .now()))

        func expectedLines(_ rules: URL, page: Int) throws -> [String] {
            let source = try ReaderEngine.standard.open(path: Self.lighthouse)
            let document = TransformedDocument(source, chain: try TextTransformChain(names: ["rules:" + rules.path]))
            return try Paginator(document: document, viewport: try Viewport(columns: 80, rows: 23)).page(page).lines
        }
        let stored = try reader("lighthouse keeper", library: path)
        stored.handle(.character(" "))
        #expect(stored.page.lines == (try expectedLines(upper, page: 2)))
        #expect(stored.page.lines.joined().contains("WARDEN"))
        #expect(stored.book.options.transformVariant != nil, "transformed pages are cached apart")

        let given = try TerminalReader(book: try ReaderBook.open(Self.lighthouse, transforms: ["rules:" + lower.path], cache: nil,
                                                                 libraryPath: path),
                                       columns: 80, rows: 24, capabilities: .full, inbox: EventInbox(), clock: { nil })
        #expect(given.page.lines == (try expectedLines(lower, page: given.pageNumber)))
        #expect(!given.page.lines.joined().contains("WARDEN"))
    }

    @Test("a bookmark of a book outside the library is an error in the status line, not a crash")
    func outsideLibrary() throws {
        let reader = try reader()
        reader.handle(.character("b"))
        #expect(reader.messageIsError)
        #expect(reader.screen().text.last?.contains("library") == true)
    }
}
