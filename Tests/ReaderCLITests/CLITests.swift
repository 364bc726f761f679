import Foundation
import ReaderCore
import ReaderEngine
import ReaderTestSupport
import Testing

/// The `reader` executable built with the tests, found next to the running test binary.
enum ReaderExecutable {
    static let url: URL? = {
        let fileManager = FileManager.default
        var directories: [URL] = []
        func addDirectory(of url: URL?) {
            guard let url else { return }
            let directory = url.resolvingSymlinksInPath().deletingLastPathComponent()
            directories.append(directory)
            directories.append(directory.deletingLastPathComponent())
        }
        // The test binary (`…/debug/readerPackageTests.xctest`) sits beside the executables it was built with.
        if let first = CommandLine.arguments.first {
            let url = first.hasPrefix("/") ? URL(fileURLWithPath: first)
                : URL(fileURLWithPath: fileManager.currentDirectoryPath).appendingPathComponent(first)
            addDirectory(of: url)
        }
        addDirectory(of: Bundle.main.executableURL)
        addDirectory(of: Bundle.main.bundleURL)
        // Fallbacks: the package's default and QA scratch paths.
        for scratch in [".build", ".build-qa"] {
            directories.append(URL(fileURLWithPath: TestLocation.packageRoot.path).appendingPathComponent(scratch + "/debug"))
        }
        for directory in directories {
            let candidate = directory.appendingPathComponent("reader")
            var isDirectory: ObjCBool = false
            if fileManager.fileExists(atPath: candidate.path, isDirectory: &isDirectory), !isDirectory.boolValue,
               fileManager.isExecutableFile(atPath: candidate.path) {
                return candidate
            }
        }
        return nil
    }()

    /// What one run printed and how it ended.
    struct Result: CustomStringConvertible {
        var status: Int32
        var stdout: String
        var stderr: String

        /// Standard output split into lines, without the final empty piece.
        var lines: [String] { Self.lines(stdout) }
        /// Standard error split into lines.
        var errorLines: [String] { Self.lines(stderr) }

        static func lines(_ text: String) -> [String] {
            var lines = text.components(separatedBy: "\n")
            if lines.last == "" { lines.removeLast() }
            return lines
        }

        var description: String { "exit \(status)\nstdout:\n\(stdout.prefix(2000))\nstderr:\n\(stderr.prefix(2000))" }
    }

    /// Runs `reader` with `arguments` in the repository directory, with the page-index cache in `cacheDirectory`
    /// and `environment` added to the test's own; standard input reads the file `input` (nothing without it).
    static func run(_ arguments: [String], cacheDirectory: URL, environment extra: [String: String] = [:],
                    input: String? = nil) throws -> Result {
        let executable = try #require(url, "the reader executable was not found")
        let outputs = cacheDirectory.appendingPathComponent("output-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: outputs, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: outputs) }
        let stdoutURL = outputs.appendingPathComponent("stdout"), stderrURL = outputs.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: stdoutURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: stderrURL.path, contents: nil)
        let stdout = try FileHandle(forWritingTo: stdoutURL), stderr = try FileHandle(forWritingTo: stderrURL)

        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: TestLocation.packageRoot.path)
        var environment = ProcessInfo.processInfo.environment
        environment["READER_CACHE_DIR"] = cacheDirectory.path
        // Never the user's library: every run gets one in its temporary folder unless told otherwise.
        environment["READER_LIBRARY"] = cacheDirectory.appendingPathComponent("library.sqlite").path
        environment.merge(extra) { _, added in added }
        process.environment = environment
        process.standardInput = try input.map { try FileHandle(forReadingFrom: URL(fileURLWithPath: $0)) } ?? FileHandle.nullDevice
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        process.waitUntilExit()
        try stdout.close()
        try stderr.close()
        return Result(status: process.terminationStatus,
                      stdout: String(decoding: try Data(contentsOf: stdoutURL), as: UTF8.self),
                      stderr: String(decoding: try Data(contentsOf: stderrURL), as: UTF8.self))
    }
}

/// The `reader` command line, run as a child process.
@Suite(.enabled(if: ReaderExecutable.url != nil,
                "the reader executable was not found next to the test binary (build with `swift build --build-tests`)"))
struct CLITests {
    static let lighthouse = "TestBooks/txt/lighthouse-keeper.txt"
    static var statusPattern: Regex<(Substring, Substring, Substring, Substring)> { #/ · page (\d+) of (\d+) · (\d+)%$/# }

    /// The document and a paginator at `columns`×`rows`, in process, to compare the CLI's output with.
    func paginated(_ book: String, columns: Int = 80, rows: Int = 24) throws -> (any Document, Paginator) {
        let document = try ReaderEngine.standard.open(path: TestLocation.packageRoot.path + "/" + book)
        return (document, Paginator(document: document, viewport: try Viewport(columns: columns, rows: rows)))
    }

    @Test("open --page 3 prints the page and a status line")
    func openPage() throws {
        try withCacheDirectory { cache in
            let result = try ReaderExecutable.run(["open", Self.lighthouse, "--page", "3", "--width", "80", "--height", "25"],
                                                  cacheDirectory: cache)
            #expect(result.status == 0, "\(result)")
            #expect(result.stderr.isEmpty)
            let lines = result.lines
            let status = try #require(lines.last)
            let pageLines = Array(lines.dropLast())
            #expect(!pageLines.isEmpty && pageLines.count <= 24)
            let match = try #require(status.firstMatch(of: Self.statusPattern), "status line: \(status)")
            let (_, paginator) = try paginated(Self.lighthouse)
            let count = try paginator.pageCount()
            #expect(Int(match.output.1) == 3)
            #expect(Int(match.output.2) == count)
            #expect(Int(match.output.3) == Int((300.0 / Double(count)).rounded()))
            #expect(pageLines == (try paginator.page(3).lines))
            #expect(pageLines.allSatisfy { CellWidth.of($0) <= 80 })
        }
    }

    @Test("open --json, and --locator (inline and @file) with the page's start Locator land on the same page")
    func openJSONAndLocator() throws {
        try withCacheDirectory { cache in
            let viewport = ["--width", "80", "--height", "25"]
            let result = try ReaderExecutable.run(["open", Self.lighthouse, "--page", "3", "--json"] + viewport, cacheDirectory: cache)
            #expect(result.status == 0, "\(result)")
            let report = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
            for key in ["page", "pageCount", "lines", "start", "end"] {
                #expect(report[key] != nil, "--json has no \(key)")
            }
            let (document, paginator) = try paginated(Self.lighthouse)
            let page = try paginator.page(3)
            #expect(report["page"] as? Int == 3)
            #expect(report["pageCount"] as? Int == (try paginator.pageCount()))
            #expect(report["lines"] as? [String] == page.lines)
            let start = try #require(report["start"] as? [String: Any])
            let locations = try #require(start["locations"] as? [String: Any])
            let offset = try #require(locations["offset"] as? Int)
            #expect(offset == (try document.locator(at: page.start)).locations.offset)
            #expect(start["href"] as? String == "lighthouse-keeper.txt")
            let end = try #require(report["end"] as? [String: Any])
            let endOffset = try #require((end["locations"] as? [String: Any])?["offset"] as? Int)
            #expect(endOffset > offset)

            let locatorJSON = String(decoding: try JSONSerialization.data(withJSONObject: start, options: [.sortedKeys]),
                                     as: UTF8.self)
            let inline = try ReaderExecutable.run(["open", Self.lighthouse, "--locator", locatorJSON, "--json"] + viewport,
                                                  cacheDirectory: cache)
            #expect(inline.status == 0, "\(inline)")
            let inlineReport = try #require(try JSONSerialization.jsonObject(with: Data(inline.stdout.utf8)) as? [String: Any])
            #expect(inlineReport["page"] as? Int == 3)
            #expect(inlineReport["lines"] as? [String] == page.lines)

            let locatorFile = cache.appendingPathComponent("start.json")
            try Data(locatorJSON.utf8).write(to: locatorFile)
            let fromFile = try ReaderExecutable.run(["open", Self.lighthouse, "--locator", "@" + locatorFile.path, "--json"] + viewport,
                                                    cacheDirectory: cache)
            #expect(fromFile.status == 0, "\(fromFile)")
            let fileReport = try #require(try JSONSerialization.jsonObject(with: Data(fromFile.stdout.utf8)) as? [String: Any])
            #expect(fileReport["page"] as? Int == 3)

            // The same Locator finds its page on another viewport too.
            let narrow = try ReaderExecutable.run(["open", Self.lighthouse, "--locator", locatorJSON, "--json",
                                                   "--width", "40", "--height", "13"], cacheDirectory: cache)
            #expect(narrow.status == 0, "\(narrow)")
            let narrowReport = try #require(try JSONSerialization.jsonObject(with: Data(narrow.stdout.utf8)) as? [String: Any])
            let (_, narrowPaginator) = try paginated(Self.lighthouse, columns: 40, rows: 12)
            #expect(narrowReport["page"] as? Int == (try narrowPaginator.pageNumber(containing: page.start)))
        }
    }

    @Test("a missing file: exit 1, one line on stderr naming it, nothing on stdout")
    func missingFile() throws {
        try withCacheDirectory { cache in
            let path = "TestBooks/txt/no-such-book.txt"
            let result = try ReaderExecutable.run(["open", path, "--width", "80", "--height", "25"], cacheDirectory: cache)
            #expect(result.status == 1, "\(result)")
            #expect(result.stdout.isEmpty)
            #expect(result.errorLines.count == 1, "\(result)")
            let line = try #require(result.errorLines.first)
            #expect(line.hasPrefix("reader: "))
            #expect(line.contains(path))
            #expect(!result.stderr.contains("Fatal error") && !result.stderr.contains("Stack"))
        }
    }

    @Test("bad arguments exit 2 with one line on stderr", arguments: [
        ["--page", "9999"],
        ["--locator", #"{"href": "lighthouse-keeper.txt", "locations": "#],
        ["--locator", #"{"type": "text/plain", "locations": {"offset": 12}}"#],
        ["--locator", #"{"href": "lighthouse-keeper.txt", "type": "text/plain", "locations": {"offset": 99999999}}"#],
        ["--page", "0"],
        ["--width", "5"],
        ["--page", "2", "--locator", "{}"],
        ["--no-such-option"],
        ["--page", "three"],
    ])
    func badArgument(extra: [String]) throws {
        try withCacheDirectory { cache in
            let result = try ReaderExecutable.run(["open", Self.lighthouse, "--width", "80", "--height", "25"] + extra,
                                                  cacheDirectory: cache)
            #expect(result.status == 2, "\(result)")
            #expect(result.stdout.isEmpty)
            #expect(result.errorLines.count == 1, "\(result)")
            #expect(result.errorLines.first?.hasPrefix("reader: ") == true)
        }
    }

    @Test("fingerprint prints one txt:<sha256>:<bytes> line per file, as DocumentFingerprint.compute does")
    func fingerprint() throws {
        try withCacheDirectory { cache in
            let books = [Self.lighthouse, "TestBooks/txt/moon-garden.gb18030.txt"]
            let result = try ReaderExecutable.run(["fingerprint"] + books, cacheDirectory: cache)
            #expect(result.status == 0, "\(result)")
            #expect(result.lines.count == 2)
            for (line, book) in zip(result.lines, books) {
                let match = try #require(line.wholeMatch(of: #/txt:([0-9a-f]{64}):(\d+)  (.+)/#), "line: \(line)")
                #expect(String(match.output.3) == book)
                let absolute = TestLocation.packageRoot.path + "/" + book
                let expected = try DocumentFingerprint.compute(path: absolute, format: .txt)
                #expect(String(match.output.1) == expected.sha256)
                let size = try #require(try FileManager.default.attributesOfItem(atPath: absolute)[.size] as? Int)
                #expect(Int(match.output.2) == size)
                #expect(line == "\(expected)  \(book)")
            }
            #expect(result.lines[0] != result.lines[1])
        }
    }

    @Test("formats lists every format with yes/no cells")
    func formats() throws {
        try withCacheDirectory { cache in
            let result = try ReaderExecutable.run(["formats"], cacheDirectory: cache)
            #expect(result.status == 0, "\(result)")
            let rows = result.lines.map { $0.split(separator: #/ {2,}/#).map { String($0) } }
            let header = try #require(rows.first)
            #expect(header == ["format", "txt", "markdown", "epub", "pdf", "mobi", "azw3", "html", "feed"])
            #expect(rows.dropFirst().map { $0.first ?? "" } == FormatCapabilities.named.map(\.name))
            let matrix = ReaderEngine.standard.capabilityMatrix
            for (row, (_, capability)) in zip(rows.dropFirst(), FormatCapabilities.named) {
                #expect(row.count == header.count, "row \(row)")
                guard row.count == header.count else { continue }
                for (column, entry) in matrix.enumerated() {
                    let cell = row[column + 1]
                    #expect(cell == (entry.capabilities.contains(capability) ? "yes" : "no"), "\(entry.descriptor.format) \(row[0])")
                }
            }
            #expect(rows.first { $0.first == "reflow" }.map { Array($0[1...2]) } == ["yes", "yes"])
            #expect(rows.first { $0.first == "cover" }.map { Array($0[1...2]) } == ["no", "no"])
        }
    }

    @Test("text --width 40 fits 40 cells and matches the pages' content lines",
          arguments: [Self.lighthouse, "TestBooks/txt/moon-garden.zh.txt", "TestBooks/md/field-notes.md"])
    func text(book: String) throws {
        try withCacheDirectory { cache in
            let result = try ReaderExecutable.run(["text", book, "--width", "40"], cacheDirectory: cache)
            #expect(result.status == 0, "\(result)")
            let lines = result.lines
            #expect(lines.count > 50)
            let tooWide = lines.filter { CellWidth.of($0) > 40 }
            #expect(tooWide.isEmpty, "lines wider than 40 cells: \(tooWide.prefix(3))")

            let (_, paginator) = try paginated(book, columns: 40, rows: 12)
            var paged: [String] = []
            var pages = paginator.pages()
            while let page = pages.next() { paged.append(contentsOf: page.lines) }
            #expect(pages.error == nil)
            #expect(lines.filter { !$0.isEmpty } == paged.filter { !$0.isEmpty })
        }
    }

    @Test("info --json reports GB18030 for the GB18030 book")
    func infoJSON() throws {
        try withCacheDirectory { cache in
            let book = "TestBooks/txt/moon-garden.gb18030.txt"
            let result = try ReaderExecutable.run(["info", book, "--json", "--width", "80", "--height", "25"], cacheDirectory: cache)
            #expect(result.status == 0, "\(result)")
            let report = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
            let details = try #require(report["details"] as? [String: String])
            #expect(details["encoding"] == "GB18030")
            #expect(report["format"] as? String == "txt")
            let (document, paginator) = try paginated(book)
            #expect(report["pageCount"] as? Int == (try paginator.pageCount()))
            #expect(report["fingerprint"] as? String == (try document.fingerprint()).description)
            #expect(report["file"] as? String == book)
        }
    }

    @Test("toc prints the seven chapters with increasing page numbers")
    func toc() throws {
        try withCacheDirectory { cache in
            let result = try ReaderExecutable.run(["toc", Self.lighthouse, "--width", "80", "--height", "25"], cacheDirectory: cache)
            #expect(result.status == 0, "\(result)")
            #expect(result.lines.count == 7)
            var pages: [Int] = []
            for line in result.lines {
                let match = try #require(line.wholeMatch(of: #/(CHAPTER .+)  ·  p\. (\d+)/#), "line: \(line)")
                pages.append(try #require(Int(match.output.2)))
            }
            #expect(zip(pages, pages.dropFirst()).allSatisfy { $0 < $1 }, "pages \(pages)")
            let (document, paginator) = try paginated(Self.lighthouse)
            let expected = try document.tableOfContents().map { entry in
                try paginator.pageNumber(containing: document.textPosition(for: entry.locator))
            }
            #expect(pages == expected)
        }
    }

    @Test("the second open of a file reads the page index the first one cached")
    func pageIndexCache() throws {
        try withCacheDirectory { cache in
            let arguments = ["open", Self.lighthouse, "--page", "3", "--width", "80", "--height", "25"]
            let indexDirectory = cache.appendingPathComponent("page-index")
            #expect(!FileManager.default.fileExists(atPath: indexDirectory.path))

            let first = try ReaderExecutable.run(arguments, cacheDirectory: cache)
            #expect(first.status == 0, "\(first)")
            let files = try FileManager.default.contentsOfDirectory(atPath: indexDirectory.path)
            #expect(files.count == 1, "\(files)")
            let name = try #require(files.first)
            let fingerprint = try DocumentFingerprint.compute(path: TestLocation.packageRoot.path + "/" + Self.lighthouse, format: .txt)
            #expect(name.hasPrefix("txt-\(fingerprint.sha256)-\(fingerprint.byteCount)-80x24-"))
            let indexFile = indexDirectory.appendingPathComponent(name)
            let stored = try #require(PageIndex(serialized: try Data(contentsOf: indexFile)))
            let (_, paginator) = try paginated(Self.lighthouse)
            let count = try paginator.pageCount()
            #expect(stored.isComplete)
            #expect(stored == paginator.index)
            let before = try FileManager.default.attributesOfItem(atPath: indexFile.path)

            // The second run finds the index complete, learns nothing and does not rewrite it.
            let second = try ReaderExecutable.run(arguments, cacheDirectory: cache)
            #expect(second.status == 0, "\(second)")
            #expect(second.stdout == first.stdout)
            let after = try FileManager.default.attributesOfItem(atPath: indexFile.path)
            let inode = try #require((before[.systemFileNumber] as? NSNumber)?.uint64Value)
            let modified = try #require(before[.modificationDate] as? Date)
            #expect((after[.systemFileNumber] as? NSNumber)?.uint64Value == inode)
            #expect(after[.modificationDate] as? Date == modified)

            // Proof that the page count comes from the cache: a doctored index claims five pages.
            var doctored = stored
            doctored.starts = Array(stored.starts.prefix(5))
            doctored.isComplete = true
            try doctored.serialized().write(to: indexFile)
            let third = try ReaderExecutable.run(arguments, cacheDirectory: cache)
            #expect(third.status == 0, "\(third)")
            let status = try #require(third.lines.last)
            let match = try #require(status.firstMatch(of: Self.statusPattern), "status line: \(status)")
            #expect(Int(match.output.2) == 5)
            #expect(count > 5)

            // --no-cache ignores it.
            let uncached = try ReaderExecutable.run(arguments + ["--no-cache"], cacheDirectory: cache)
            #expect(uncached.stdout == first.stdout)
        }
    }

    /// Runs `body` with a fresh cache directory, removed afterwards.
    func withCacheDirectory<T>(_ body: (URL) throws -> T) throws -> T {
        try withTemporaryDirectory(prefix: "reader-cli-tests", body)
    }
}
