import Foundation
import ReaderCore
import ReaderEngine
import ReaderLibrary
import ReaderTestSupport
import Testing

@Suite("Library: add and scan")
struct LibraryScanTests {
    @Test("adding a folder adds every book file in it, recursively, with metadata, fingerprints and covers")
    func addFolder() throws {
        try withLibrary { fixture throws in
            let epub = try fixture.copy("epub/moon-garden.epub")
            try fixture.copy("txt/lighthouse-keeper.txt", as: "deeper/down/lighthouse-keeper.txt")
            try fixture.copy("md/field-notes.md")
            try fixture.copy("mobi/lighthouse-keeper.azw3")
            try Data("not a book".utf8).write(to: fixture.books.appendingPathComponent("notes.xyz"))
            let report = try fixture.library.add(paths: [fixture.books.path])
            #expect(report.added.count == 4, "\(report)")
            #expect(report.failed.isEmpty)
            let books = try fixture.library.books()
            #expect(books.count == 4)
            let moon = try #require(books.first { $0.format == "epub" })
            let opened = try ReaderEngine.standard.open(path: epub)
            #expect(moon.fingerprint == (try opened.fingerprint().description))
            #expect(moon.partialMD5 == (try KOReaderPartialMD5.compute(path: epub)))
            #expect(moon.title == opened.metadata.title && moon.title != nil)
            #expect(moon.authors == opened.metadata.authors)
            #expect((moon.tocCount ?? 0) > 0)
            #expect((moon.pageCount ?? 0) > 0)
            #expect(moon.files.map(\.path) == [epub])
            #expect(moon.status == .unread)
            if let provider = opened as? any CoverProviding, let cover = try provider.coverImage() {
                #expect(try fixture.library.cover(of: moon)?.data == cover.data)
            }
            let text = try #require(books.first { $0.format == "txt" })
            #expect(text.pageCountIsExact)
        }
    }

    @Test("a second scan reads nothing unchanged; a changed file is read again")
    func incremental() throws {
        try withLibrary { fixture throws in
            try fixture.copy("epub/moon-garden.epub")
            try fixture.write(SampleText.text, as: "keeper.txt")
            _ = try fixture.library.add(paths: [fixture.books.path])
            let again = try fixture.library.scan()
            #expect(again.unchanged == 2 && again.added.isEmpty && again.newEditions.isEmpty && again.linked.isEmpty, "\(again)")
            try fixture.write("A new book entirely.\n", as: "other.txt")
            let third = try fixture.library.scan()
            #expect(third.added.count == 1 && third.unchanged == 2)
        }
    }

    @Test("a moved file keeps its book and history; a copy is the same book at two paths; a vanished file is marked missing")
    func moveCopyMissing() throws {
        try withLibrary { fixture throws in
            let original = try fixture.write(SampleText.text, as: "keeper.txt")
            _ = try fixture.library.add(paths: [fixture.books.path])
            let book = try #require(try fixture.library.books().first)
            let bookmark = try fixture.library.addAnnotation(.bookmark, to: book, at: .page(1, .standard))

            let moved = fixture.books.appendingPathComponent("renamed/keeper-moved.txt").path
            try FileManager.default.createDirectory(atPath: (moved as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try FileManager.default.moveItem(atPath: original, toPath: moved)
            let report = try fixture.library.scan()
            #expect(report.linked == [moved], "\(report)")
            #expect(report.missing == [original])
            #expect(report.added.isEmpty)
            var books = try fixture.library.books()
            #expect(books.count == 1)
            #expect(books[0].uuid == book.uuid)
            #expect(Set(books[0].files.map(\.path)) == [original, moved])
            #expect(books[0].files.first { $0.path == original }?.missing == true)
            #expect(try fixture.library.annotations(of: books[0]).map(\.uuid) == [bookmark.uuid])

            let copy = fixture.books.appendingPathComponent("copy.txt").path
            try FileManager.default.copyItem(atPath: moved, toPath: copy)
            let copied = try fixture.library.scan()
            #expect(copied.linked == [copy])
            books = try fixture.library.books()
            #expect(books.count == 1)
            #expect(books[0].files.filter { !$0.missing }.count == 2)
            #expect(BookFilter("missing").matches(books[0]))
        }
    }

    @Test("a removed book stays out of later scans of its folder, even changed; adding its file by name brings it back")
    func removedStaysRemoved() throws {
        try withLibrary { fixture throws in
            let moon = try fixture.copy("epub/moon-garden.epub")
            try fixture.write(SampleText.text, as: "keeper.txt")
            _ = try fixture.library.add(paths: [fixture.books.path])
            let book = try #require(try fixture.library.books().first { $0.format == "epub" })
            try fixture.library.remove(book)
            let rescan = try fixture.library.scan()
            #expect(rescan.added.isEmpty && rescan.failed.isEmpty, "\(rescan)")
            #expect(try fixture.library.books().map(\.format) == ["txt"])
            #expect(try fixture.library.statistics().unreadableFiles == 0)
            // Touched on disk: still out.
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: 60)], ofItemAtPath: moon)
            #expect(try fixture.library.scan().added.isEmpty)
            // Added again by name: back, as a new book.
            let readded = try fixture.library.add(paths: [moon])
            #expect(readded.added == [moon])
            #expect(try fixture.library.books().map(\.format).sorted() == ["epub", "txt"])
            #expect(try fixture.library.scan().added.isEmpty)
        }
    }

    @Test("encrypted and damaged files are listed with their error and do not stop the scan")
    func brokenFiles() throws {
        try withLibrary { fixture throws in
            try fixture.copy("pdf/locked.pdf")
            try fixture.write(SampleText.text, as: "keeper.txt")
            try Data([0x50, 0x4B, 0x03, 0x04, 0x00, 0x01]).write(to: fixture.books.appendingPathComponent("broken.epub"))
            let report = try fixture.library.add(paths: [fixture.books.path])
            #expect(report.added.count == 3, "\(report)")
            #expect(Set(report.failed.map { ($0.path as NSString).lastPathComponent }) == ["locked.pdf", "broken.epub"])
            let locked = try #require(try fixture.library.books().first { $0.format == "pdf" })
            #expect(locked.error?.contains("encrypted") == true || locked.error?.contains("password") == true,
                    "\(String(describing: locked.error))")
            #expect(try fixture.library.books(filter: BookFilter("error")).count == 2)
            #expect(try fixture.library.books(filter: BookFilter("-error")).count == 1)
        }
    }

    @Test("a DRM book is listed with its error and the title and authors it keeps unencrypted",
          arguments: ["epub/malformed/drm-encrypted.epub", "mobi/malformed/drm-flag.mobi"])
    func drmBookKeepsItsTitle(book: String) throws {
        try withLibrary { fixture throws in
            try fixture.copy(book)
            let report = try fixture.library.add(paths: [fixture.books.path])
            #expect(report.failed.count == 1)
            let listed = try #require(try fixture.library.books().first)
            #expect(listed.error?.contains("DRM-protected") == true, "\(String(describing: listed.error))")
            #expect(listed.title?.hasPrefix("The Lighthouse Keeper") == true, "\(String(describing: listed.title))")
            #expect(listed.authors == ["Anna Tern"])
        }
    }

    @Test("a FIFO with a book's extension is skipped, not opened (opening it would hang)")
    func fifoSkipped() throws {
        try withLibrary { fixture throws in
            try fixture.write(SampleText.text, as: "keeper.txt")
            #expect(mkfifo(fixture.books.appendingPathComponent("pipe.txt").path, 0o600) == 0)
            let report = try fixture.library.add(paths: [fixture.books.path])
            #expect(report.added.count == 1)
        }
    }

    @Test("adding a path that does not exist is an error and adds nothing")
    func missingPath() throws {
        try withLibrary { fixture throws in
            let error = readerError { _ = try fixture.library.add(paths: [fixture.books.appendingPathComponent("nope").path]) }
            #expect(error?.code == .fileNotFound)
            #expect(try fixture.library.books().isEmpty)
        }
    }
}
