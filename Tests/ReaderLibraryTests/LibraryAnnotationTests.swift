import Foundation
import ReaderCore
import ReaderEngine
import ReaderLibrary
import ReaderTestSupport
import Testing

@Suite("Library: bookmarks, highlights, notes and their export")
struct LibraryAnnotationTests {
    @Test("items carry UUIDs, times, fingerprinted Locators with text context, and resolve on any viewport")
    func addAndResolve() throws {
        try withLibrary { fixture throws in
            let epub = try fixture.copy("epub/lighthouse-keeper.epub")
            _ = try fixture.library.add(paths: [epub])
            let book = try #require(try fixture.library.books().first)
            let bookmark = try fixture.library.addAnnotation(.bookmark, to: book, at: .page(4, .standard))
            #expect(UUID(uuidString: bookmark.uuid) != nil)
            #expect(bookmark.createdAt == bookmark.modifiedAt)
            #expect(bookmark.locator.locations.fingerprint == book.fingerprint)
            #expect(bookmark.locator.text?.highlight?.isEmpty == false)

            let document = try ReaderEngine.standard.open(path: epub)
            defer { document.close() }
            for viewport in [try Viewport(columns: 40, rows: 10), try Viewport(columns: 120, rows: 50)] {
                let session = try ReadingSession(document: document, viewport: viewport)
                let page = try session.page(try session.pageNumber(containing: bookmark.locator))
                let position = try document.resolve(bookmark.locator)
                #expect(page.start <= position)
                if let end = page.end { #expect(position < end) }
            }

            let (section, block) = try #require(try LongBlock.find(in: document, longerThan: 40, from: document.readingOrder.count / 2))
            let range = try document.range(from: TextPosition(section: section, block: block, offset: 5),
                                           to: TextPosition(section: section, block: block, offset: 30))
            let highlight = try fixture.library.addAnnotation(.highlight, to: book, at: .range(range), note: "lovely",
                                                              color: "#ffcc00")
            #expect(highlight.range?.text == range.text)
            #expect(highlight.range?.end.locations.fingerprint == book.fingerprint)
            let note = try fixture.library.addAnnotation(.note, to: book, at: .locator(range.start), note: "see this")
            #expect(note.locator.locations.fingerprint == book.fingerprint)

            #expect(try fixture.library.annotations(of: book).map(\.uuid) == [bookmark.uuid, highlight.uuid, note.uuid])
            #expect(try fixture.library.annotations(of: book, kind: .highlight).map(\.uuid) == [highlight.uuid])
            #expect(readerError { _ = try fixture.library.addAnnotation(.highlight, to: book, at: .page(1, .standard)) }?.code
                == .invalidArgument)

            try fixture.library.removeAnnotation(String(note.uuid.prefix(8)), kind: .note)
            #expect(try fixture.library.annotations(of: book).count == 2)
            #expect(readerError { try fixture.library.removeAnnotation(note.uuid) }?.code == .fileNotFound)
            let removed = try fixture.library.store.read { (t) throws(ReaderError) in try t.annotation(uuid: note.uuid) }
            #expect(removed?.deletedAt != nil, "removals are kept so a backup does not bring them back")
        }
    }

    @Test("a Locator of another edition is re-anchored when an item is added")
    func addFromOtherEdition() throws {
        try withLibrary { fixture throws in
            let mobi = try fixture.copy("mobi/lighthouse-keeper.mobi")
            _ = try fixture.library.add(paths: [mobi])
            let book = try #require(try fixture.library.books().first)
            let epub = try ReaderEngine.standard.open(path: TestLocation.testBooks.appendingPathComponent("epub/lighthouse-keeper.epub").path)
            defer { epub.close() }
            let (section, block) = try #require(try LongBlock.find(in: epub, longerThan: 200, from: epub.readingOrder.count / 2))
            let locator = try epub.fingerprintedLocator(at: TextPosition(section: section, block: block, offset: 10))
            let note = try fixture.library.addAnnotation(.note, to: book, at: .locator(locator), note: "from the EPUB")
            #expect(note.locator.locations.fingerprint == book.fingerprint)
            #expect(note.locator.text?.highlight?.prefix(12) == locator.text?.highlight?.prefix(12))
        }
    }

    @Test("the Markdown export groups items by chapter in reading order, with pages and quotes")
    func markdownExport() throws {
        try withLibrary { fixture throws in
            let epub = try fixture.copy("epub/lighthouse-keeper.epub")
            _ = try fixture.library.add(paths: [epub])
            let book = try #require(try fixture.library.books().first)
            let document = try ReaderEngine.standard.open(path: epub)
            defer { document.close() }
            let lastPage = try ReadingSession(document: document, viewport: .standard).exactPageCount()
            let late = try fixture.library.addAnnotation(.bookmark, to: book, at: .page(lastPage, .standard))
            let (section, block) = try #require(try LongBlock.find(in: document, longerThan: 40, from: document.readingOrder.count / 2))
            let range = try document.range(from: TextPosition(section: section, block: block, offset: 0),
                                           to: TextPosition(section: section, block: block, offset: 20))
            _ = try fixture.library.addAnnotation(.highlight, to: book, at: .range(range), note: "a *note*", color: "yellow")
            let export = try AnnotationExport(book: book, library: fixture.library, viewport: .standard)
            #expect(export.entries.count == 2)
            #expect(export.entries.last?.annotation.uuid == late.uuid, "reading order, not creation order")
            let session = try ReadingSession(document: document, viewport: .standard)
            #expect(export.entries.last?.page == (try session.pageNumber(containing: late.locator)))
            let markdown = export.markdown
            #expect(markdown.hasPrefix("# "))
            #expect(markdown.contains("## "))
            #expect(markdown.contains("highlight (yellow)"))
            #expect(markdown.contains("a \\*note\\*"))
            let quote = try #require(range.text)
            #expect(markdown.contains("  > " + quote.prefix(8)))
            #expect(markdown.contains("- p. \(export.entries.last?.page ?? 0) · bookmark"))
            let json = try JSONEncoder().encode(export)
            #expect(String(decoding: json, as: UTF8.self).contains(late.uuid))
        }
    }
}

/// The first block of a document, from section `first` on, with more than `length` UTF-16 units of text.
enum LongBlock {
    static func find(in document: any Document, longerThan length: Int, from first: Int = 0) throws -> (section: Int, block: Int)? {
        for section in first..<document.readingOrder.count {
            let blocks = try document.content(ofSection: section).blocks
            if let block = blocks.firstIndex(where: { $0.text.utf16.count > length }) { return (section, block) }
        }
        return nil
    }
}

@Suite("Library: Locators placed only by progression")
struct LibraryProgressionLocatorTests {
    @Test("a range without fingerprint or offset, whose progressions are a little off, is placed by its text")
    func placedByText() throws {
        try withLibrary { fixture throws in
            let epub = try fixture.copy("epub/lighthouse-keeper.epub")
            _ = try fixture.library.add(paths: [epub])
            let book = try #require(try fixture.library.books().first)
            let document = try ReaderEngine.standard.open(path: epub)
            defer { document.close() }
            let (section, block) = try #require(try LongBlock.find(in: document, longerThan: 120, from: document.readingOrder.count / 2))
            let units = Array(try document.content(ofSection: section).blocks[block].text.utf16)
            // Word starts: the web page trims the text it sends.
            func wordStart(after offset: Int) throws -> Int {
                try #require((offset..<units.count).first { units[$0] != 0x20 && units[$0 - 1] == 0x20 })
            }
            let (low, high) = (try wordStart(after: 40), try wordStart(after: 70))
            let exact = try document.range(from: TextPosition(section: section, block: block, offset: low),
                                           to: TextPosition(section: section, block: block, offset: high))
            // What a web page sends: the section, a progression through it, and the text from there on.
            func loose(_ locator: Locator, text: String) -> Locator {
                var sent = Locator(href: locator.href, type: locator.type, locations: .init())
                sent.locations.progression = min(1, (locator.locations.progression ?? 0) + 0.01)
                sent.text = .init(highlight: text)
                return sent
            }
            func text(from offset: Int) -> String {
                String(decoding: units[offset..<min(units.count, offset + 40)], as: UTF16.self)
            }
            let sent = LocatorRange(start: loose(exact.start, text: text(from: low)), end: loose(exact.end, text: text(from: high)))
            #expect(try document.textRange(of: sent) != (try document.textRange(of: exact)), "the progressions alone land elsewhere")
            let highlight = try fixture.library.addAnnotation(.highlight, to: book, at: .range(sent))
            #expect(highlight.range?.text == exact.text)
            let note = try fixture.library.addAnnotation(.note, to: book, at: .locator(sent.start), note: "here")
            #expect(try document.resolve(note.locator) == (try document.resolve(exact.start)))
        }
    }
}
