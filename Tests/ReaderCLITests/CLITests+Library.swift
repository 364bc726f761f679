import Foundation
import ReaderCore
import ReaderEngine
import ReaderLibrary
import ReaderTestSupport
import Testing

extension CLITests {
    /// A folder `books` in `cache` with copies of TestBooks files; returns its path.
    func bookFolder(in cache: URL, _ books: [String]) throws -> String {
        let folder = cache.appendingPathComponent("books", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for book in books {
            let source = TestLocation.packageRoot.appendingPathComponent(book)
            try FileManager.default.copyItem(at: source, to: folder.appendingPathComponent(source.lastPathComponent))
        }
        return folder.path
    }

    @Test("library add, list, show, tag, filter and remove")
    func libraryLifecycle() throws {
        try withCacheDirectory { cache throws in
            let folder = try bookFolder(in: cache, ["TestBooks/txt/lighthouse-keeper.txt", "TestBooks/epub/moon-garden.epub",
                                                    "TestBooks/pdf/locked.pdf"])
            let added = try ReaderExecutable.run(["library", "add", folder], cacheDirectory: cache)
            #expect(added.status == 0, "\(added)")
            #expect(added.lines.first == "added 3, linked 0, new editions 0, unchanged 0, missing 0, with errors 1")
            #expect(added.lines.contains { $0.hasPrefix("error: \(folder)/locked.pdf: ") })
            let scanned = try ReaderExecutable.run(["library", "scan"], cacheDirectory: cache)
            #expect(scanned.lines.first == "added 0, linked 0, new editions 0, unchanged 3, missing 0, with errors 0")

            let list = try ReaderExecutable.run(["library", "list"], cacheDirectory: cache)
            #expect(list.status == 0 && list.lines.count == 3, "\(list)")
            #expect(list.lines.contains { $0.contains(" · pdf · unread · ") && $0.contains("error: ") })
            let json = try ReaderExecutable.run(["library", "list", "--json", "--sort", "added"], cacheDirectory: cache)
            let books = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
            #expect(books.count == 3)
            #expect(books.allSatisfy { ($0["fingerprint"] as? String)?.split(separator: ":").count == 3 })

            let epub = try ReaderEngine.standard.open(path: folder + "/moon-garden.epub")
            let title = try #require(epub.metadata.title)
            let show = try ReaderExecutable.run(["library", "show", title], cacheDirectory: cache)
            #expect(show.status == 0, "\(show)")
            #expect(show.lines.contains("format: epub"))
            #expect(show.lines.contains("fingerprint: \(try epub.fingerprint())"))
            #expect(show.lines.contains("file: \(folder)/moon-garden.epub"))

            let tagged = try ReaderExecutable.run(["library", "tag", folder + "/moon-garden.epub", "garden", "fiction"], cacheDirectory: cache)
            #expect(tagged.lines == ["fiction, garden"])
            let filtered = try ReaderExecutable.run(["library", "list", "--filter", "tag:garden"], cacheDirectory: cache)
            #expect(filtered.lines.count == 1 && filtered.lines[0].hasPrefix(title))
            let collection = try ReaderExecutable.run(["library", "collection", "add", "Evening", title], cacheDirectory: cache)
            #expect(collection.status == 0)
            let collections = try ReaderExecutable.run(["library", "collection", "list"], cacheDirectory: cache)
            #expect(collections.lines == ["Evening · 1 books"])

            let unknown = try ReaderExecutable.run(["library", "show", "no such title anywhere"], cacheDirectory: cache)
            #expect(unknown.status == 1 && unknown.errorLines.count == 1)
            #expect(unknown.stderr.contains("no book in the library matches"))

            let removed = try ReaderExecutable.run(["library", "remove", title], cacheDirectory: cache)
            #expect(removed.status == 0)
            #expect(removed.stderr.contains("scans pass its files by"))
            #expect(try ReaderExecutable.run(["library", "list"], cacheDirectory: cache).lines.count == 2)
            #expect(try ReaderExecutable.run(["library", "scan"], cacheDirectory: cache).status == 0)
            #expect(try ReaderExecutable.run(["library", "list"], cacheDirectory: cache).lines.count == 2, "a scan brought it back")
            let stats = try ReaderExecutable.run(["library", "stats"], cacheDirectory: cache)
            #expect(stats.lines.first == "books: 2 (unread 2)")
        }
    }

    @Test("open records the position only for library books and never creates a library; --resume continues there")
    func openAndResume() throws {
        try withCacheDirectory { cache throws in
            let folder = try bookFolder(in: cache, ["TestBooks/txt/lighthouse-keeper.txt"])
            let book = folder + "/lighthouse-keeper.txt"
            let arguments = ["open", book, "--page", "3", "--width", "60", "--height", "21"]
            let withoutLibrary = try ReaderExecutable.run(arguments, cacheDirectory: cache)
            #expect(withoutLibrary.status == 0)
            #expect(!FileManager.default.fileExists(atPath: cache.appendingPathComponent("library.sqlite").path),
                    "open must not create a library")

            _ = try ReaderExecutable.run(["library", "add", folder], cacheDirectory: cache)
            let withLibrary = try ReaderExecutable.run(arguments, cacheDirectory: cache)
            #expect(withLibrary.stdout == withoutLibrary.stdout, "recording changes nothing shown")
            #expect(withLibrary.stderr.isEmpty)
            let first = try ReaderExecutable.run(["open", book, "--width", "60", "--height", "21"], cacheDirectory: cache)
            #expect(first.lines.last?.contains(" · page 1 of ") == true, "without --resume, open starts at page 1")
            _ = try ReaderExecutable.run(arguments, cacheDirectory: cache)

            let resumed = try ReaderExecutable.run(["open", "--resume", "lighthouse", "--width", "60", "--height", "21"],
                                                   cacheDirectory: cache)
            #expect(resumed.status == 0, "\(resumed)")
            #expect(resumed.stdout == withoutLibrary.stdout)
            let wider = try ReaderExecutable.run(["open", "--resume", book, "--width", "100", "--height", "31", "--json"],
                                                 cacheDirectory: cache)
            let report = try #require(try JSONSerialization.jsonObject(with: Data(wider.stdout.utf8)) as? [String: Any])
            let (document, _) = try paginated("TestBooks/txt/lighthouse-keeper.txt", columns: 60, rows: 20)
            let session = try ReadingSession(document: document, viewport: try Viewport(columns: 100, rows: 30))
            let start = try ReadingSession(document: document, viewport: try Viewport(columns: 60, rows: 20)).page(3).start
            #expect(report["page"] as? Int == (try session.pageNumber(containing: start)), "the same place at another viewport")

            let shown = try ReaderExecutable.run(["library", "show", "lighthouse", "--json"], cacheDirectory: cache)
            let details = try #require(try JSONSerialization.jsonObject(with: Data(shown.stdout.utf8)) as? [String: Any])
            let stored = try #require(details["book"] as? [String: Any])
            #expect(stored["status"] as? String == "reading")
            #expect(details["position"] != nil)
            let stats = try ReaderExecutable.run(["library", "stats", "--json"], cacheDirectory: cache)
            let figures = try #require(try JSONSerialization.jsonObject(with: Data(stats.stdout.utf8)) as? [String: Any])
            #expect(figures["pagesTurned"] as? Int == 5 && figures["sessions"] as? Int == 1)

            let conflicting = try ReaderExecutable.run(["open", "--resume", book, "--page", "2"], cacheDirectory: cache)
            #expect(conflicting.status == 2)
        }
    }

    @Test("a book's stored transforms apply to open, --resume, text and search unless the command line names its own")
    func storedTransforms() throws {
        try withCacheDirectory { cache throws in
            let folder = try bookFolder(in: cache, ["TestBooks/txt/moon-garden.zh.txt"])
            let book = folder + "/moon-garden.zh.txt"
            _ = try ReaderExecutable.run(["library", "add", folder], cacheDirectory: cache)
            let viewport = ["--width", "40", "--height", "13", "--json"]
            let lines = { (run: ReaderExecutable.Result) throws -> [String]? in
                try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])["lines"] as? [String]
            }
            let plain = try ReaderExecutable.run(["open", book] + viewport, cacheDirectory: cache)
            let plainText = try ReaderExecutable.run(["text", book], cacheDirectory: cache)
            let plainSearch = try ReaderExecutable.run(["search", book, "媽媽", "--count"], cacheDirectory: cache)
            #expect(plainSearch.status == 1 && plainSearch.stdout.isEmpty, "the simplified text holds no 媽媽: \(plainSearch)")

            let refused = try ReaderExecutable.run(["library", "settings", book, "--transform", "no-such-transform"],
                                                   cacheDirectory: cache)
            #expect(refused.status == 2 && refused.stderr.split(separator: "\n").count == 1, "\(refused)")
            let stored = try ReaderExecutable.run(["library", "settings", book, "--transform", "s2t"], cacheDirectory: cache)
            #expect(stored.status == 0, "\(stored)")

            let converted = try ReaderExecutable.run(["open", book, "--transform", "s2t"] + viewport, cacheDirectory: cache)
            #expect(try lines(converted) != lines(plain), "s2t changes the first page of this book")
            let opened = try ReaderExecutable.run(["open", book] + viewport, cacheDirectory: cache)
            #expect(try lines(opened) == lines(converted))
            let resumed = try ReaderExecutable.run(["open", "--resume", book] + viewport, cacheDirectory: cache)
            #expect(try lines(resumed) == lines(converted))
            let overridden = try ReaderExecutable.run(["open", book, "--transform", "t2s"] + viewport, cacheDirectory: cache)
            #expect(try lines(overridden) == lines(plain), "the command line's transform replaces the stored one")

            let text = try ReaderExecutable.run(["text", book], cacheDirectory: cache)
            let convertedText = try ReaderExecutable.run(["text", book, "--transform", "s2t"], cacheDirectory: cache)
            #expect(text.stdout == convertedText.stdout && text.stdout != plainText.stdout)
            let search = try ReaderExecutable.run(["search", book, "媽媽", "--count"], cacheDirectory: cache)
            #expect((Int(search.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0) > 0, "\(search)")
        }
    }

    @Test("bookmark, highlight and note commands; annotations export as Markdown and JSON")
    func annotationCommands() throws {
        try withCacheDirectory { cache throws in
            let folder = try bookFolder(in: cache, ["TestBooks/epub/lighthouse-keeper.epub"])
            let path = folder + "/lighthouse-keeper.epub"
            _ = try ReaderExecutable.run(["library", "add", folder], cacheDirectory: cache)
            let bookmark = try ReaderExecutable.run(["bookmark", "add", path, "--page", "2"], cacheDirectory: cache)
            #expect(bookmark.status == 0, "\(bookmark)")
            let bookmarkUUID = try #require(bookmark.lines.first)
            #expect(UUID(uuidString: bookmarkUUID) != nil)

            let document = try ReaderEngine.standard.open(path: path)
            let section = document.readingOrder.count / 2
            let blocks = try document.content(ofSection: section).blocks
            let block = try #require(blocks.firstIndex { $0.text.utf16.count > 40 })
            let range = try document.range(from: TextPosition(section: section, block: block, offset: 0),
                                           to: TextPosition(section: section, block: block, offset: 24))
            let rangeFile = cache.appendingPathComponent("range.json")
            try JSONEncoder().encode(range).write(to: rangeFile)
            let highlight = try ReaderExecutable.run(["highlight", "add", path, "--range", "@" + rangeFile.path, "--color", "yellow",
                                                      "--note", "remember", "--json"], cacheDirectory: cache)
            #expect(highlight.status == 0, "\(highlight)")
            let item = try #require(try JSONSerialization.jsonObject(with: Data(highlight.stdout.utf8)) as? [String: Any])
            #expect((item["range"] as? [String: Any])?["text"] as? String == range.text)
            let note = try ReaderExecutable.run(["note", "add", path, "--text", "a thought"], cacheDirectory: cache)
            #expect(note.status == 0)

            let list = try ReaderExecutable.run(["highlight", "list", "--json"], cacheDirectory: cache)
            #expect((try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [Any])?.count == 1)
            let markdown = try ReaderExecutable.run(["annotations", path, "--format", "markdown"], cacheDirectory: cache)
            #expect(markdown.status == 0)
            #expect(markdown.stdout.contains("highlight (yellow)"))
            #expect(markdown.stdout.contains("  remember"))
            #expect(markdown.stdout.contains("- p. 2 · bookmark"))
            let json = try ReaderExecutable.run(["annotations", path, "--format", "json"], cacheDirectory: cache)
            let export = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
            #expect((export["entries"] as? [Any])?.count == 3)

            let removed = try ReaderExecutable.run(["bookmark", "remove", bookmarkUUID], cacheDirectory: cache)
            #expect(removed.status == 0)
            #expect(try ReaderExecutable.run(["bookmark", "list"], cacheDirectory: cache).lines.isEmpty)
            let again = try ReaderExecutable.run(["bookmark", "remove", bookmarkUUID], cacheDirectory: cache)
            #expect(again.status == 1 && again.errorLines.count == 1)
            let badRange = try ReaderExecutable.run(["highlight", "add", path, "--range", "{\"start\": 3}"], cacheDirectory: cache)
            #expect(badRange.status == 2 && badRange.errorLines.count == 1)
        }
    }

    @Test("backup export and import between libraries; a malformed or newer backup is refused in one line")
    func backupCommands() throws {
        try withCacheDirectory { cache throws in
            let folder = try bookFolder(in: cache, ["TestBooks/txt/lighthouse-keeper.txt"])
            _ = try ReaderExecutable.run(["library", "add", folder], cacheDirectory: cache)
            _ = try ReaderExecutable.run(["bookmark", "add", "lighthouse", "--page", "2"], cacheDirectory: cache)
            let file = cache.appendingPathComponent("backup.json").path
            let exported = try ReaderExecutable.run(["backup", "export", file], cacheDirectory: cache)
            #expect(exported.status == 0, "\(exported)")

            let other = ["READER_LIBRARY": cache.appendingPathComponent("other.sqlite").path]
            let imported = try ReaderExecutable.run(["backup", "import", file], cacheDirectory: cache, environment: other)
            #expect(imported.lines == ["books added 1, updated 0; positions 0; items 1; collections 0; settings 0; sessions 0; "
                                       + "article highlights and notes 0"])
            let twice = try ReaderExecutable.run(["backup", "import", file], cacheDirectory: cache, environment: other)
            #expect(twice.lines == ["books added 0, updated 0; positions 0; items 0; collections 0; settings 0; sessions 0; "
                                    + "article highlights and notes 0"])
            #expect(try ReaderExecutable.run(["bookmark", "list"], cacheDirectory: cache, environment: other).lines.count == 1)

            let text = try String(contentsOfFile: file, encoding: .utf8)
            let future = cache.appendingPathComponent("future.json").path
            try text.replacingOccurrences(of: "\"schemaVersion\" : 2", with: "\"schemaVersion\" : 3")
                .write(toFile: future, atomically: true, encoding: .utf8)
            let refused = try ReaderExecutable.run(["backup", "import", future], cacheDirectory: cache, environment: other)
            #expect(refused.status == 1 && refused.errorLines.count == 1)
            #expect(refused.stderr.contains("schemaVersion 3 is newer"))
            let truncated = cache.appendingPathComponent("truncated.json").path
            try String(text.prefix(text.count / 3)).write(toFile: truncated, atomically: true, encoding: .utf8)
            let broken = try ReaderExecutable.run(["backup", "import", truncated], cacheDirectory: cache, environment: other)
            #expect(broken.status == 1 && broken.errorLines == ["reader: \(truncated): not a reader backup: not valid JSON (truncated or damaged)"])
        }
    }

    @Test("library search groups hits by book")
    func librarySearch() throws {
        try withCacheDirectory { cache throws in
            let folder = try bookFolder(in: cache, ["TestBooks/txt/lighthouse-keeper.txt", "TestBooks/epub/lighthouse-keeper.epub"])
            _ = try ReaderExecutable.run(["library", "add", folder, "--index"], cacheDirectory: cache)
            let result = try ReaderExecutable.run(["library", "search", "lamp", "--limit", "2"], cacheDirectory: cache)
            #expect(result.status == 0, "\(result)")
            let headers = result.lines.filter { !$0.hasPrefix("  ") }
            #expect(headers.count == 2)
            #expect(result.lines.filter { $0.hasPrefix("  ") }.count <= 4)
            let json = try ReaderExecutable.run(["library", "search", "lamp", "--json"], cacheDirectory: cache)
            #expect(json.lines.count == 2)
            let none = try ReaderExecutable.run(["library", "search", "qwertyuiop"], cacheDirectory: cache)
            #expect(none.status == 1 && none.stdout.isEmpty)
        }
    }
}
