import Foundation
import ReaderCore
import ReaderEngine
import ReaderExport
import ReaderTestSupport
import Testing

/// A folder of saved articles exported as one book (`reader export FOLDER`): each file a chapter
/// in the order of their paths, pictures carried along, valid by epubcheck.
@Suite("EPUB export of a folder of articles")
struct FolderExportTests {
    /// An article folder: two Markdown articles in `YYYY/MM/` folders (the first with a WebP
    /// picture beside it), a text file at the top, and what a folder scan leaves out.
    static func makeFolder(in root: URL) throws -> URL {
        let folder = root.appendingPathComponent("Saved articles", isDirectory: true)
        func write(_ text: String, _ path: String) throws {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        try write("---\ntitle: \"Gannet Rock at dawn\"\nauthor: Anna Tern\n---\n\nThe ferry left at four.\n\n"
                  + "![A small dot](images/dot.webp)\n\n## The lamp\n\nIt turned all night.\n", "2024/03/gannet-rock.md")
        try write("not text", "2024/03/images/readme.json")
        try Data(WebPPicture.encoded()).write(to: folder.appendingPathComponent("2024/03/images/dot.webp"))
        try write("---\ntitle: Harbour lights\nauthor: Bo Lund\n---\n\nTwo lights in line lead a boat in.\n", "2024/11/harbour.md")
        try write("A note kept as plain text.\n", "zz-note.txt")
        try write("# Not an article\n\nA notebook entry.\n", "notebooks/entry.md")
        try write("# Hidden\n\nLeft out.\n", ".drafts/hidden.md")
        return folder
    }

    @Test("each article is a chapter in path order, under a title of its own; notebooks and hidden files are left out")
    func collection() throws {
        try withTemporaryDirectory(prefix: "folder-export") { root in
            let folder = try Self.makeFolder(in: root)
            let book = try ReaderEngine.standard.openFolder(folder.path)
            defer { book.close() }
            #expect(book.metadata.title == "Saved articles")
            #expect(book.metadata.authors == ["Anna Tern", "Bo Lund"])
            #expect(book.readingOrder.map(\.href).allSatisfy { $0.hasPrefix("000") })
            #expect(try book.tableOfContents().map(\.title) == ["Gannet Rock at dawn", "Harbour lights", "zz-note"])
            #expect(try ExportedBook.titles(book.tableOfContents()) == ["Gannet Rock at dawn", "The lamp", "Harbour lights", "zz-note"])
            let words = try ExportedBook.words(of: book)
            let firstArticle = try ExportedBook.words(of: ReaderEngine.standard.open(path: folder.path + "/2024/03/gannet-rock.md"))
            #expect(Array(words.prefix(firstArticle.count)) == firstArticle)
            let note = PositionWords.words(of: "A note kept as plain text.")
            #expect(Array(words.suffix(note.count)) == note)
            #expect(!words.contains("notebook") && !words.contains("Hidden"))
            // A Locator taken in the collection comes back to its place.
            let position = TextPosition(section: book.readingOrder.count - 1, block: 0, offset: 2)
            #expect(try book.textPosition(for: book.locator(at: position)) == position)
        }
    }

    @Test("the export passes epubcheck, carries the picture as a PNG, reads the same words, and is the same bytes twice")
    func export() throws {
        try #require(EPUBCheck.isAvailable, "epubcheck is not installed (scripts/install-deps.sh installs it)")
        try withTemporaryDirectory(prefix: "folder-export") { root in
            let folder = try Self.makeFolder(in: root)
            let book = try ReaderEngine.standard.openFolder(folder.path)
            defer { book.close() }
            let first = root.appendingPathComponent("first.epub").path
            let second = root.appendingPathComponent("second.epub").path
            let summary = try EPUBExporter.export(book, to: first, options: EPUBExportOptions())
            _ = try EPUBExporter.export(try ReaderEngine.standard.openFolder(folder.path), to: second, options: EPUBExportOptions())
            #expect(summary.images == 1)
            #expect(summary.notes.isEmpty, "\(summary.notes)")
            #expect(FileManager.default.contentsEqual(atPath: first, andPath: second))
            let problems = try EPUBCheck.problems(in: [first])
            #expect(problems[first]?.isEmpty ?? true, "\(problems[first]?.map(\.description) ?? [])")
            let exported = try ReaderEngine.standard.open(path: first)
            #expect(try ExportedBook.words(of: exported) == ExportedBook.words(of: book))
            #expect(try exported.tableOfContents().map(\.title) == ["Gannet Rock at dawn", "Harbour lights", "zz-note"])
            let pictures = try (exported as? any ResourceProviding)?.resources().filter { $0.mediaType.hasPrefix("image/") }
            #expect(pictures?.map(\.mediaType) == ["image/png"])
        }
    }

    @Test("a folder without articles, and a missing folder, are refused with the reason")
    func refusals() throws {
        try withTemporaryDirectory(prefix: "folder-export") { root in
            let empty = root.appendingPathComponent("empty", isDirectory: true)
            try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
            let none = try #require(readerError { _ = try ReaderEngine.standard.openFolder(empty.path) })
            #expect(none.kind == .invalidArgument && none.reason.hasPrefix("no Markdown, HTML or text file in the folder"))
            let missing = try #require(readerError { _ = try ReaderEngine.standard.openFolder(root.appendingPathComponent("nope").path) })
            #expect(missing.kind == .fileNotFound)
        }
    }
}
