import Foundation
import ReaderCore
import ReaderEngine
import ReaderLibrary
import ReaderTestSupport
import Testing

@Suite("Library: book references, positions, status and sessions")
struct LibraryReadingTests {
    @Test("a book is found by path, fingerprint, hex prefix, partial MD5, UUID and fuzzy title words")
    func references() throws {
        try withLibrary { fixture throws in
            let epub = try fixture.copy("epub/lighthouse-keeper.epub")
            try fixture.copy("epub/moon-garden.epub")
            try fixture.copy("epub/winter-road-fixed.epub")
            _ = try fixture.library.add(paths: [fixture.books.path])
            let keeper = try #require(try fixture.library.books().first { $0.files.first?.path == epub })
            let title = try #require(keeper.title)
            #expect(try fixture.library.book(matching: epub).uuid == keeper.uuid)
            #expect(try fixture.library.book(matching: keeper.fingerprint).uuid == keeper.uuid)
            let sha = try #require(DocumentFingerprint(keeper.fingerprint)?.sha256)
            #expect(try fixture.library.book(matching: String(sha.prefix(10))).uuid == keeper.uuid)
            #expect(try fixture.library.book(matching: try #require(keeper.partialMD5)).uuid == keeper.uuid)
            #expect(try fixture.library.book(matching: keeper.uuid).uuid == keeper.uuid)
            #expect(try fixture.library.book(matching: title.lowercased()).uuid == keeper.uuid)
            let word = try #require(TitleSample.longestWord(of: title))
            let typo = String(word.dropLast()) + "q"
            #expect(try fixture.library.book(matching: typo).uuid == keeper.uuid, "typo \(typo) of \(title)")
            #expect(readerError { _ = try fixture.library.book(matching: "zebra quantum") }?.code == .fileNotFound)

            let outside = fixture.directory.appendingPathComponent("elsewhere.epub")
            try FileManager.default.copyItem(atPath: epub, toPath: outside.path)
            #expect(try fixture.library.book(matching: outside.path).uuid == keeper.uuid, "by fingerprint of an unknown path")
        }
    }

    @Test("two books matching equally well are an ambiguity that names them")
    func ambiguous() throws {
        try withLibrary { fixture throws in
            try fixture.write("# Garden Notes\n\nOne.\n", as: "one.md")
            try fixture.write("# Garden Notes\n\nTwo, different.\n", as: "two.md")
            _ = try fixture.library.add(paths: [fixture.books.path])
            let error = readerError { _ = try fixture.library.book(matching: "garden notes") }
            #expect(error?.code == .invalidArgument)
            #expect(error?.reason.contains("matches 2 books") == true, "\(String(describing: error))")
        }
    }

    @Test("pages shown record the position, progress, status and reading sessions")
    func positionsAndSessions() throws {
        try withLibrary { fixture throws in
            let path = try fixture.copy("txt/lighthouse-keeper.txt")
            _ = try fixture.library.add(paths: [path])
            let book = try #require(try fixture.library.books().first)
            let session = try ReadingSession(path: path, viewport: .standard)
            defer { session.close() }
            let count = try session.exactPageCount()
            let start = Timestamp(milliseconds: 1_700_000_000_000)
            for (index, page) in [1, 2, 3].enumerated() {
                let locator = try session.document.fingerprintedLocator(at: session.page(page).start)
                try fixture.library.recordPageShown(fingerprint: book.fingerprint, locator: locator,
                                                    progress: Double(page) / Double(count), isLastPage: false,
                                                    at: Timestamp(milliseconds: start.milliseconds + Int64(index) * 60_000))
            }
            var stored = try fixture.library.book(matching: book.uuid)
            #expect(stored.status == .reading)
            #expect(stored.progress == 3 / Double(count))
            let position = try #require(try fixture.library.position(of: stored))
            #expect(try session.pageNumber(containing: position.locator) == 3)
            var sessions = try fixture.library.store.read { (t) throws(ReaderError) in try t.sessions(bookUUID: book.uuid) }
            #expect(sessions.count == 1 && sessions[0].pagesTurned == 3)
            #expect(sessions[0].endedAt.milliseconds - sessions[0].startedAt.milliseconds == 120_000)

            let later = Timestamp(milliseconds: start.milliseconds + 3 * 3_600_000)
            let last = try session.document.fingerprintedLocator(at: session.page(count).start)
            try fixture.library.recordPageShown(fingerprint: book.fingerprint, locator: last, progress: 1, isLastPage: true, at: later)
            stored = try fixture.library.book(matching: book.uuid)
            #expect(stored.status == .finished)
            sessions = try fixture.library.store.read { (t) throws(ReaderError) in try t.sessions(bookUUID: book.uuid) }
            #expect(sessions.count == 2)
            let statistics = try fixture.library.statistics()
            #expect(statistics.sessions == 2 && statistics.pagesTurned == 4 && statistics.readingSeconds == 120)
            #expect(statistics.byStatus["finished"] == 1)
        }
    }

    @Test("a page shown of a book the library does not hold records nothing")
    func unknownBook() throws {
        try withLibrary { fixture throws in
            let locator = Locator(href: "x", type: "text/plain")
            #expect(try fixture.library.recordPageShown(fingerprint: "txt:00:1", locator: locator, progress: 0.5,
                                                        isLastPage: false) == nil)
            #expect(try fixture.library.statistics().sessions == 0)
        }
    }

    @Test("tags, collections, filters and sorts")
    func tagsAndCollections() throws {
        try withLibrary { fixture throws in
            try fixture.copy("epub/moon-garden.epub")
            try fixture.copy("epub/lighthouse-keeper.epub")
            try fixture.copy("md/field-notes.md")
            _ = try fixture.library.add(paths: [fixture.books.path])
            let books = try fixture.library.books()
            let moon = try #require(books.first { $0.files[0].path.hasSuffix("moon-garden.epub") })
            let keeper = try #require(books.first { $0.files[0].path.hasSuffix("lighthouse-keeper.epub") })
            #expect(try fixture.library.tag(moon, adding: ["fiction", "garden"]) == ["fiction", "garden"])
            #expect(try fixture.library.tag(moon, adding: [], removing: ["garden"]) == ["fiction"])
            try fixture.library.tag(keeper, adding: ["fiction"])
            try fixture.library.updateCollection(named: "Summer", adding: [moon, keeper])
            try fixture.library.updateCollection(named: "Summer", adding: [], removing: [keeper])
            #expect(try fixture.library.books(filter: BookFilter("tag:fiction")).count == 2)
            #expect(try fixture.library.books(filter: BookFilter("collection:summer")).map(\.uuid) == [moon.uuid])
            #expect(try fixture.library.books(filter: BookFilter("format:markdown")).count == 1)
            #expect(try fixture.library.books(filter: BookFilter("tag:fiction -collection:summer")).map(\.uuid) == [keeper.uuid])
            let titles = try fixture.library.books(sortedBy: .title).map { $0.displayTitle.lowercased() }
            #expect(titles == titles.sorted())
            try fixture.library.setStatus(.finished, of: keeper)
            #expect(try fixture.library.books(filter: BookFilter("status:finished")).map(\.uuid) == [keeper.uuid])
            try fixture.library.deleteCollection(named: "Summer")
            #expect(try fixture.library.collections().isEmpty)
            try fixture.library.remove(moon)
            #expect(try fixture.library.books().count == 2)
        }
    }
}

enum TitleSample {
    /// The longest word of 5 letters or more in a title.
    static func longestWord(of title: String) -> String? {
        title.split { !$0.isLetter }.map(String.init).filter { $0.count >= 5 }.max { $0.count < $1.count }?.lowercased()
    }
}
