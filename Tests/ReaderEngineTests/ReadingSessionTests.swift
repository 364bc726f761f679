import Foundation
import ReaderAnchoring
import ReaderCore
import ReaderEngine
import ReaderTestSupport
import Testing

/// ``ReadingSession``: pages, Locators, page counts and the page-index cache, as the CLI uses them.
@Suite struct ReadingSessionTests {
    static let books = [
        "txt/lighthouse-keeper.txt", "md/field-notes.md", "epub/lighthouse-keeper.epub", "pdf/harbour-lights.pdf",
        "mobi/lighthouse-keeper.azw3",
    ]
    static let viewport = try! Viewport(columns: 52, rows: 14)

    static func session(_ book: String, cache: PageIndexCache? = nil) throws -> ReadingSession {
        try ReadingSession(path: TestPaths.testBooks + "/" + book, viewport: viewport, cache: cache)
    }

    @Test("page N is the Paginator's page N", arguments: books)
    func pagesEqualThePaginators(book: String) throws {
        let session = try Self.session(book)
        let paginator = Paginator(document: try ReaderEngine.standard.open(path: TestPaths.testBooks + "/" + book),
                                  viewport: Self.viewport)
        let count = try paginator.pageCount()
        #expect(count > 2)
        for number in Set([1, 2, count / 2, count - 1, count]).sorted(by: >) {
            #expect(try session.page(number) == paginator.page(number), "\(book) page \(number)")
        }
        #expect(try session.exactPageCount() == count)
    }

    @Test("the page holding a Locator", arguments: books)
    func pageHoldingALocator(book: String) throws {
        let session = try Self.session(book)
        let page = try session.page(3)
        let locator = try session.document.fingerprintedLocator(at: page.start)
        #expect(try session.pageNumber(containing: locator) == 3)
        #expect(try session.page(containing: locator) == page)
        if let end = page.end {
            let last = try session.document.locator(at: end)
            #expect(try session.pageNumber(containing: last) == 4)
        }
    }

    @Test("a page out of range is refused")
    func outOfRange() throws {
        let session = try Self.session("epub/lighthouse-keeper.epub")
        let count = try session.exactPageCount()
        for number in [0, -1, count + 1] {
            let error = readerError { _ = try session.page(number) }
            #expect(error?.kind == .invalidArgument, "page \(number)")
        }
    }

    @Test("a Locator from an edited copy is refused as it is and re-anchored by its text")
    func reanchoringFromAnEditedCopy() throws {
        try withTemporaryDirectory(prefix: "session-reanchor") { directory in
            let original = TestPaths.testBooks + "/txt/lighthouse-keeper.txt"
            let text = try String(contentsOfFile: original, encoding: .utf8)
            let edited = directory.appendingPathComponent("edited.txt").path
            try ("A new foreword, added to this edition only, before everything else.\n\n" + text)
                .write(toFile: edited, atomically: true, encoding: .utf8)
            let source = try Self.session("txt/lighthouse-keeper.txt")
            let given = try source.document.fingerprintedLocator(at: try source.page(4).start)
            let session = try ReadingSession(path: edited, viewport: Self.viewport)

            #expect(readerError { _ = try session.resolve(given) }?.kind == .otherDocument)
            let found = try session.resolve(given, reanchoring: ReanchoringOptions())
            let match = try #require(found.match)
            #expect(match.confidence >= 0.5)
            let there = try session.document.locator(at: found.position)
            #expect(there.text?.highlight == given.text?.highlight)
            #expect(there.text?.after == given.text?.after)

            // This document's own Locator resolves as it is, without re-anchoring.
            let own = try session.document.fingerprintedLocator(at: found.position)
            let same = try session.resolve(own, reanchoring: ReanchoringOptions())
            #expect(same.match == nil)
            #expect(same.position == found.position)

            // Below the minimum confidence: refused, not guessed.
            let unrelated = Self.withText(given, Locator.TextContext(before: "zzqx vvkj wwpl", highlight: "qqqq", after: "xxjj kkzz"))
            let strict = ReanchoringOptions(minimumConfidence: 0.9)
            do {
                let guessed = try session.resolve(unrelated, reanchoring: strict)
                Issue.record("re-anchored at \(guessed.position) with \(String(describing: guessed.match))")
            } catch let error as ReaderError {
                #expect(error.kind == .anchorNotFound, "\(error)")
            }
        }
    }

    /// `locator` with its text context replaced.
    static func withText(_ locator: Locator, _ text: Locator.TextContext) -> Locator {
        var changed = locator
        changed.text = text
        return changed
    }

    @Test("EPUB totals are estimated until the index is complete; TXT totals are exact")
    func estimatedAndExactTotals() throws {
        let epub = try Self.session("epub/lighthouse-keeper.epub")
        _ = try epub.page(1)
        let estimated = try epub.pageCount()
        #expect(!estimated.isExact)
        #expect(estimated.description.hasPrefix("~"))
        let exact = try epub.exactPageCount()
        #expect(try epub.pageCount() == PageCount(value: exact, isExact: true))

        let txt = try Self.session("txt/lighthouse-keeper.txt")
        let count = try txt.pageCount()
        #expect(count.isExact)
        #expect(count.value == (try txt.exactPageCount()))
    }

    @Test("the cached page index is loaded at open and saved only when something was learnt")
    func cachedIndexReuse() throws {
        try withTemporaryDirectory(prefix: "session-cache") { directory in
            let cache = PageIndexCache(directory: directory.path)
            let first = try Self.session("epub/lighthouse-keeper.epub", cache: cache)
            #expect(!first.paginator.isComplete)
            let count = try first.exactPageCount()
            let last = try first.page(count)
            try first.saveIndex()
            let stored = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            #expect(stored.count == 1)

            let second = try Self.session("epub/lighthouse-keeper.epub", cache: cache)
            #expect(second.paginator.isComplete)
            #expect(second.paginator.index == first.paginator.index)
            #expect(try second.pageCount() == PageCount(value: count, isExact: true))
            #expect(try second.page(count) == last)
            #expect(!second.paginator.hasLearnt)
            let path = directory.appendingPathComponent(stored[0]).path
            try FileManager.default.removeItem(atPath: path)
            try second.saveIndex()
            #expect(!FileManager.default.fileExists(atPath: path), "nothing new was learnt, so nothing is written")

            let uncached = try Self.session("epub/lighthouse-keeper.epub")
            #expect(!uncached.paginator.isComplete)
        }
    }

    @Test("8 threads on one session give the pages one thread gives",
          arguments: ["epub/lighthouse-keeper.epub", "txt/lighthouse-keeper.txt", "mobi/lighthouse-keeper.azw3",
                      "pdf/two-columns.pdf"])
    func concurrentPagesEqualSequentialOnes(book: String) throws {
        let reference = try Self.session(book)
        let count = try reference.exactPageCount()
        let expected = try (1...count).map { try reference.page($0) }

        // Twice: once with the index growing under the threads, once with it complete.
        for known in [false, true] {
            let session = try Self.session(book)
            if known { _ = try session.exactPageCount() }
            let pages = ConcurrentPages(count: count)
            onThreads(8) { thread in
                // Each thread takes every 8th page, from the end back, so they meet in every section.
                for number in stride(from: count - thread, through: 1, by: -8) {
                    pages.lay(number, in: session)
                }
            }
            for number in 1...count {
                #expect(try pages.get(number) == expected[number - 1], "\(book) page \(number), index known: \(known)")
            }
        }
    }
}

/// Pages laid out on several threads, by number.
private final class ConcurrentPages: @unchecked Sendable {
    // @unchecked: `pages` is read and written only while `lock` is held.
    private let lock = NSLock()
    private var pages: [Int: Result<Page, ReaderError>] = [:]

    init(count: Int) {}

    /// Lays out page `number` of `session` and keeps the page or the error.
    func lay(_ number: Int, in session: ReadingSession) {
        let page: Result<Page, ReaderError>
        do {
            page = .success(try session.page(number))
        } catch {
            page = .failure(error)
        }
        lock.withLock { pages[number] = page }
    }

    func get(_ number: Int) throws -> Page {
        guard let page = lock.withLock({ pages[number] }) else { throw ReaderError(.invalidArgument, reason: "page \(number) missing") }
        return try page.get()
    }
}

/// Runs `body(0..<count)` on `count` threads of their own at once, and waits for them all.
func onThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
    let group = DispatchGroup()
    for index in 0..<count {
        group.enter()
        let thread = Thread {
            body(index)
            group.leave()
        }
        thread.stackSize = 8 << 20
        thread.start()
    }
    group.wait()
}
