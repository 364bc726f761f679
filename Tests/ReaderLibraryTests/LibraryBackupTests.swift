import Foundation
import ReaderCore
import ReaderLibrary
import ReaderTestSupport
import Testing

@Suite("Library: backup export and import")
struct LibraryBackupTests {
    /// A library with two books, a position, items of each kind, a tag, a collection and settings.
    private func populate(_ fixture: LibraryFixture) throws {
        try fixture.copy("epub/moon-garden.epub")
        try fixture.write(SampleText.text, as: "keeper.txt")
        _ = try fixture.library.add(paths: [fixture.books.path])
        let books = try fixture.library.books()
        for book in books {
            _ = try fixture.library.addAnnotation(.bookmark, to: book, at: .page(1, .standard))
            _ = try fixture.library.addAnnotation(.note, to: book, at: .page(1, .standard), note: "note on \(book.displayTitle)")
            try fixture.library.tag(book, adding: ["to-read"])
        }
        try fixture.library.updateCollection(named: "Shelf", adding: books)
        try fixture.library.saveSettings(BookSettings(bookUUID: books[0].uuid, viewport: try Viewport(columns: 60, rows: 20),
                                                      encoding: "UTF-8", transforms: ["s2t"], modifiedAt: .now()))
        let first = try #require(try fixture.library.annotations(of: books[0]).first)
        try fixture.library.recordPageShown(fingerprint: books[0].fingerprint, locator: first.locator, progress: 0.1,
                                            isLastPage: false)
        try fixture.library.store.write { (transaction) throws(ReaderError) in
            try transaction.saveViewerAnnotation(kind: "highlights", name: "2026-11-01-tides.md",
                                                 json: #"[{"id":"h1","text":"the tide"}]"#, at: Timestamp(milliseconds: 1_000))
            try transaction.saveViewerAnnotation(kind: "notes", name: "2026-11-01-tides.md",
                                                 json: #"{"articleNote":"read again"}"#, at: Timestamp(milliseconds: 2_000))
        }
    }

    /// A backup's content without its creation time.
    private func content(_ library: Library) throws -> LibraryBackup {
        var backup = try library.backup()
        backup.createdAt = Timestamp(milliseconds: 0)
        return backup
    }

    @Test("export then import into an empty library restores everything; a second import changes nothing")
    func roundTrip() throws {
        try withLibrary { source throws in
            try populate(source)
            let file = source.directory.appendingPathComponent("backup.json").path
            try source.library.exportBackup(to: file)
            try withLibrary { target throws in
                let summary = try target.library.importBackup(from: file)
                #expect(summary.booksAdded == 2 && summary.annotations == 4 && summary.positions == 1)
                #expect(summary.collections == 1 && summary.settings == 1 && summary.readingSessions == 1)
                #expect(summary.articleAnnotations == 2)
                #expect(try target.library.store.read { (t) throws(ReaderError) in try t.viewerAnnotation(kind: "notes", name: "2026-11-01-tides.md") }
                    == #"{"articleNote":"read again"}"#)
                #expect(try content(target.library) == (try content(source.library)))
                let again = try target.library.importBackup(from: file)
                #expect(again.isEmpty, "\(again)")
                #expect(try content(target.library) == (try content(source.library)))
            }
            let bytes = try Data(contentsOf: URL(fileURLWithPath: file))
            let text = String(decoding: bytes, as: UTF8.self)
            #expect(text.contains("\"schemaVersion\" : 2"))
            for section in ["books", "positions", "bookmarks", "highlights", "notes", "collections", "settings", "readingSessions",
                            "articleAnnotations"] {
                #expect(text.contains("\"\(section)\""), "section \(section)")
            }
        }
    }

    @Test("the newer copy of an item wins, a removal included, whichever way the backup goes")
    func newerWins() throws {
        try withLibrary { fixture throws in
            try populate(fixture)
            let file = fixture.directory.appendingPathComponent("old.json").path
            try fixture.library.exportBackup(to: file)
            let item = try #require(try fixture.library.annotations(of: nil, kind: .note).first)
            try fixture.library.removeAnnotation(item.uuid)
            #expect(try fixture.library.importBackup(from: file).annotations == 0, "the old copy does not undo the removal")
            #expect(try fixture.library.annotations(of: nil, kind: .note).count == 1)

            let newer = fixture.directory.appendingPathComponent("new.json").path
            try fixture.library.exportBackup(to: newer)
            try withLibrary { other throws in
                _ = try other.library.importBackup(from: file)
                #expect(try other.library.annotations(of: nil, kind: .note).count == 2)
                #expect(try other.library.importBackup(from: newer).annotations == 1)
                #expect(try other.library.annotations(of: nil, kind: .note).count == 1)
            }
        }
    }

    @Test("the article viewer's saves: the later copy wins; a version 1 backup, without them, still imports")
    func articleAnnotations() throws {
        try withLibrary { fixture throws in
            try populate(fixture)
            let old = try fixture.library.backup()
            try withLibrary { other throws in
                #expect(try other.library.merge(old).articleAnnotations == 2)
                try other.library.store.write { (t) throws(ReaderError) in
                    try t.saveViewerAnnotation(kind: "notes", name: "2026-11-01-tides.md", json: #"{"articleNote":"done"}"#,
                                               at: Timestamp(milliseconds: 5_000))
                }
                #expect(try other.library.merge(old).articleAnnotations == 0, "the older copy does not replace the newer")
                #expect(try other.library.store.read { (t) throws(ReaderError) in try t.viewerAnnotation(kind: "notes", name: "2026-11-01-tides.md") }
                    == #"{"articleNote":"done"}"#)
                #expect(try fixture.library.merge(try other.library.backup()).articleAnnotations == 1, "the newer copy travels back")
            }
            var object = try JSONSerialization.jsonObject(with: old.encoded()) as! [String: Any]
            object["schemaVersion"] = 1
            object["articleAnnotations"] = nil
            let versionOne = try LibraryBackup.decode(try JSONSerialization.data(withJSONObject: object), file: nil)
            #expect(versionOne.articleAnnotations == nil)
            try withLibrary { other throws in
                let summary = try other.library.merge(versionOne)
                #expect(summary.booksAdded == 2 && summary.articleAnnotations == 0)
            }
        }
    }

    @Test("malformed backups are refused with one line and change nothing", arguments: MalformedBackup.allCases)
    func malformed(_ kind: MalformedBackup) throws {
        try withLibrary { fixture throws in
            try populate(fixture)
            let good = try fixture.library.backup().encoded()
            let path = fixture.directory.appendingPathComponent("bad.json").path
            try kind.damage(good).write(to: URL(fileURLWithPath: path))
            try withLibrary { target throws in
                try target.write(SampleText.text, as: "other.txt")
                _ = try target.library.add(paths: [target.books.path])
                let before = try content(target.library)
                let error = readerError { _ = try target.library.importBackup(from: path) }
                #expect(error?.code == kind.expectedCode, "\(String(describing: error))")
                #expect(error.map { !$0.description.contains("\n") } == true)
                #expect(error?.description.contains(kind.expectedWords) == true, "\(String(describing: error))")
                #expect(try content(target.library) == before)
            }
        }
    }
}

/// Ways to spoil a good backup file.
enum MalformedBackup: String, CaseIterable, CustomTestStringConvertible {
    case truncated, wrongType, hugeString, unknownSection, futureVersion, notJSON, strayBook, wrongKind, articleNotJSON, articleKind

    var testDescription: String { rawValue }

    var expectedCode: ReaderError.Code { self == .futureVersion ? .unsupportedFormat : .malformed }

    var expectedWords: String {
        switch self {
        case .truncated, .notJSON: "not valid JSON"
        case .wrongType: "books[0].title"
        case .hugeString: "longer than"
        case .unknownSection: "unknown section \"extras\""
        case .futureVersion: "schemaVersion 99"
        case .strayBook: "not in the backup's books"
        case .wrongKind: "notes[0] is a bookmark"
        case .articleNotJSON: "articleAnnotations[0].value is not JSON"
        case .articleKind: "articleAnnotations[1] is not a viewer's highlights or notes"
        }
    }

    func damage(_ good: Data) throws -> Data {
        var object = try JSONSerialization.jsonObject(with: good) as! [String: Any]
        switch self {
        case .truncated: return good.prefix(good.count / 2)
        case .notJSON: return Data("\u{1B}[31mhello".utf8)
        case .wrongType:
            var books = object["books"] as! [[String: Any]]
            books[0]["title"] = 42
            object["books"] = books
        case .hugeString:
            var notes = object["notes"] as! [[String: Any]]
            notes[0]["note"] = String(repeating: "x", count: LibraryBackup.stringLimit + 1)
            object["notes"] = notes
        case .unknownSection: object["extras"] = [1, 2]
        case .futureVersion: object["schemaVersion"] = 99
        case .strayBook:
            var notes = object["notes"] as! [[String: Any]]
            notes[0]["bookUUID"] = "00000000-0000-0000-0000-000000000000"
            object["notes"] = notes
        case .wrongKind:
            var notes = object["notes"] as! [[String: Any]]
            notes[0]["kind"] = "bookmark"
            object["notes"] = notes
        case .articleNotJSON:
            var records = object["articleAnnotations"] as! [[String: Any]]
            records[0]["value"] = "{\"id\": "
            object["articleAnnotations"] = records
        case .articleKind:
            var records = object["articleAnnotations"] as! [[String: Any]]
            records[1]["kind"] = "bookmarks"
            object["articleAnnotations"] = records
        }
        return try JSONSerialization.data(withJSONObject: object)
    }
}
