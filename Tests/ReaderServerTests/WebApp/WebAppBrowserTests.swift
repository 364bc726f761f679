import Foundation
import ReaderServer
import ReaderTestSupport
import Testing

/// The reading web app in a real browser: headless Chromium (Debian's `chromium`) driven over the
/// DevTools protocol by `Tests/Scripts/browser_reading_app.py`, against `reader serve` on a folder
/// of TestBooks and on a writable library of the same books. Fails, never skips, when Chromium
/// or the executable is missing. Screenshots are kept in the printed artifacts folder
/// (`READER_TEST_ARTIFACTS`, else a temporary folder).
@Suite("Web app in a browser", .ownThreads, .serialized)
struct WebAppBrowserTests {
    static let books = [
        "epub/lighthouse-keeper.epub", "epub/moon-garden.epub", "md/field-notes.md", "txt/winter-road.ru.txt",
    ]

    @Test("library grid, reading, contents, search, settings and the position kept, in headless Chromium")
    func readInChromium() throws {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("reader-webapp-\(UUID().uuidString)")
        let folder = work.appendingPathComponent("books")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }
        for book in Self.books {
            let source = TestLocation.testBooks.appendingPathComponent(book)
            try FileManager.default.copyItem(at: source, to: folder.appendingPathComponent(source.lastPathComponent))
        }
        let environment = [
            "READER_CACHE_DIR": work.appendingPathComponent("cache").path,
            "READER_LIBRARY": work.appendingPathComponent("library.sqlite").path,
        ]
        try WebAppReaderProcess.run(["library", "add", folder.path], environment: environment)
        let folderServer = try WebAppReaderProcess(serve: [folder.path], environment: environment, workDirectory: work)
        defer { folderServer.stop() }
        let libraryServer = try WebAppReaderProcess(serve: ["--library", "--writable"], environment: environment, workDirectory: work)
        defer { libraryServer.stop() }

        let artifacts = ProcessInfo.processInfo.environment["READER_TEST_ARTIFACTS"].map { URL(fileURLWithPath: $0) }
            ?? FileManager.default.temporaryDirectory.appendingPathComponent("reader-webapp-artifacts")
        for name in ["library.png", "page.png", "search.png", "highlight.png", "failure.png"] {
            try? FileManager.default.removeItem(at: artifacts.appendingPathComponent(name))
        }
        print("web app screenshots: \(artifacts.path)")
        let script = TestLocation.packageRoot.appendingPathComponent("Tests/Scripts/browser_reading_app.py")
        let result = try runPython(script, arguments: [
            "--folder-url", folderServer.address, "--library-url", libraryServer.address,
            "--book-title", "The Lighthouse Keeper", "--artifacts", artifacts.path,
        ], log: work.appendingPathComponent("browser.log"), timeout: 240)
        print(result.output)
        #expect(result.status == 0, "the browser checks failed:\n\(result.output)")
        #expect(FileManager.default.fileExists(atPath: artifacts.appendingPathComponent("library.png").path))
        #expect(FileManager.default.fileExists(atPath: artifacts.appendingPathComponent("page.png").path))
    }

    /// Runs the script with python3, killing it after `timeout` seconds.
    private func runPython(_ script: URL, arguments: [String], log: URL, timeout: TimeInterval) throws -> (status: Int32, output: String) {
        FileManager.default.createFile(atPath: log.path, contents: nil)
        let handle = try FileHandle(forWritingTo: log)
        defer { try? handle.close() }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path] + arguments
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.1) }
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
            return (-1, "timed out after \(Int(timeout)) s\n" + ((try? String(contentsOf: log, encoding: .utf8)) ?? ""))
        }
        process.waitUntilExit()
        return (process.terminationStatus, (try? String(contentsOf: log, encoding: .utf8)) ?? "")
    }
}
