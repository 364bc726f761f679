import Foundation
import ReaderCore
import ReaderEngine
import ReaderLibrary
import ReaderTestSupport
import Testing

@Suite("Library: a book's file changes; items are re-anchored or orphaned")
struct LibraryEditionTests {
    /// A highlight over `words` in the first edition of a text book.
    private func highlight(_ words: String, in book: LibraryBook, fixture: LibraryFixture, path: String) throws -> Annotation {
        let document = try ReaderEngine.standard.open(path: path)
        defer { document.close() }
        let text = SampleText.text
        let offset = try #require(text.range(of: words)).lowerBound.utf16Offset(in: text)
        var start = Locator(href: "", type: "text/plain")
        start.locations.offset = offset
        var end = start
        end.locations.offset = offset + words.utf16.count
        let range = LocatorRange(start: try document.locator(at: try document.textPosition(for: start)),
                                 end: try document.locator(at: try document.textPosition(for: end)))
        return try fixture.library.addAnnotation(.highlight, to: book, at: .range(range), color: "yellow")
    }

    @Test("a corrected edition at the same path keeps the book; its items are re-anchored with their confidence")
    func correctedEdition() throws {
        try withLibrary { fixture throws in
            let path = try fixture.write(SampleText.text, as: "keeper.txt")
            _ = try fixture.library.add(paths: [fixture.books.path])
            let book = try #require(try fixture.library.books().first)
            let item = try highlight("polished the great lens", in: book, fixture: fixture, path: path)
            #expect(item.range?.text == "polished the great lens")
            #expect(item.locator.locations.fingerprint == book.fingerprint)
            let note = try fixture.library.addAnnotation(.note, to: book, at: .page(1, .standard), note: "first page")

            let corrected = "A Preface added in the second edition, a paragraph long.\n\n" + SampleText.text
                .replacingOccurrences(of: "ninety steps", with: "ninety-one steps")
            try Data(corrected.utf8).write(to: URL(fileURLWithPath: path))
            let report = try fixture.library.scan()
            #expect(report.newEditions == [path], "\(report)")
            #expect(report.reanchored == 2 && report.orphaned == 0)

            let books = try fixture.library.books()
            #expect(books.count == 1 && books[0].uuid == book.uuid)
            #expect(books[0].fingerprint != book.fingerprint)
            let items = try fixture.library.annotations(of: books[0])
            let moved = try #require(items.first { $0.uuid == item.uuid })
            #expect(moved.locator.locations.fingerprint == books[0].fingerprint)
            #expect(moved.range?.text == "polished the great lens")
            #expect((moved.confidence ?? 0) >= 0.5)
            #expect(!moved.orphaned)
            let newOffset = try #require(corrected.range(of: "polished the great lens")).lowerBound.utf16Offset(in: corrected)
            #expect(moved.locator.locations.offset == newOffset)
            #expect(items.first { $0.uuid == note.uuid }?.orphaned == false)
        }
    }

    @Test("items that cannot be placed in a new edition are kept, marked orphaned")
    func orphaned() throws {
        try withLibrary { fixture throws in
            let path = try fixture.write(SampleText.text, as: "keeper.txt")
            _ = try fixture.library.add(paths: [fixture.books.path])
            let book = try #require(try fixture.library.books().first)
            let item = try highlight("girl rowed out from the village", in: book, fixture: fixture, path: path)
            try Data("Entirely different words about mountains, goats and cheese, nothing else at all.\n".utf8)
                .write(to: URL(fileURLWithPath: path))
            let report = try fixture.library.scan()
            #expect(report.newEditions == [path])
            #expect(report.orphaned == 1)
            let kept = try #require(try fixture.library.annotations(of: nil).first { $0.uuid == item.uuid })
            #expect(kept.orphaned)
            #expect(kept.locator == item.locator)
            #expect(try fixture.library.statistics().orphaned == 1)
        }
    }

    @Test("linking another format of the same book moves the items into it")
    func linkOtherFormat() throws {
        try withLibrary { fixture throws in
            let epub = try fixture.copy("epub/moon-garden.epub")
            _ = try fixture.library.add(paths: [epub])
            let book = try #require(try fixture.library.books().first)
            let document = try ReaderEngine.standard.open(path: epub)
            let session = try ReadingSession(document: document, viewport: .standard)
            let page = try session.page(3)
            let bookmark = try fixture.library.addAnnotation(.bookmark, to: book, at: .page(3, .standard))
            #expect(bookmark.locator == (try document.fingerprintedLocator(at: page.start)))
            session.close()

            let mobi = try fixture.copy("conversions/moon-garden.mobi", as: "moon-garden.mobi")
            let report = try fixture.library.link(book, toEditionAt: mobi)
            #expect(report.reanchored == 1 && report.orphaned == 0, "\(report)")
            let linked = try #require(try fixture.library.books().first)
            #expect(linked.uuid == book.uuid && linked.format == "mobi")
            #expect(linked.files.map(\.path) == [mobi])
            let moved = try #require(try fixture.library.annotations(of: linked).first)
            #expect(moved.locator.locations.fingerprint == linked.fingerprint)
            #expect((moved.confidence ?? 0) >= 0.5)
            #expect(!moved.orphaned)
        }
    }
}
