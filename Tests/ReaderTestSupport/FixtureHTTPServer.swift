import Foundation

/// The fixture web server (`Tests/Scripts/fixture_http_server.py`, Python's standard library
/// only) on 127.0.0.1 and a free port: pages from the shared Readability corpus, feeds, feedparser
/// files, an OPDS catalog and TestBooks' EPUBs, plus faults (slow answers, error statuses, flaky
/// 503s, redirect loops, truncated and 100 MB bodies, wrong types). Every request is logged, so a
/// test can see what was fetched. Stop it with ``stop()`` (it also stops itself after 10 minutes).
public final class FixtureHTTPServer: @unchecked Sendable {
    // @unchecked: every stored property is a `let` set in `init`; `Process` is used only to stop it.

    /// The address of the server's root, without a trailing slash.
    public let base: String
    private let process: Process
    private let logFile: URL
    private let folder: URL

    /// Starts a server.
    /// - Throws: when python3 is missing or the server does not start within 20 seconds.
    public init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("fixture-http-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let portFile = folder.appendingPathComponent("port")
        logFile = folder.appendingPathComponent("requests.log")
        let script = TestLocation.packageRoot.appendingPathComponent("Tests/Scripts/fixture_http_server.py")
        let shared = TestLocation.packageRoot.deletingLastPathComponent().appendingPathComponent("shared")
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path, shared.path, TestLocation.testBooks.path, portFile.path, logFile.path]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(20)
        var port: Int?
        while Date() < deadline, process.isRunning {
            if let text = try? String(contentsOf: portFile, encoding: .utf8), let value = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) {
                port = value
                break
            }
            usleep(50_000)
        }
        guard let port else {
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "the fixture HTTP server did not start (python3 missing?)"])
        }
        base = "http://127.0.0.1:\(port)"
    }

    /// The address of `path` (which starts with `/`).
    public func url(_ path: String) -> String { base + path }

    /// The request log's lines so far (`GET /path inflight=N ua=…` on arrival, `done /path STATUS`, `aborted /path after N bytes`).
    public var log: [String] {
        ((try? String(contentsOf: logFile, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    /// The paths requested so far, in order (with their query strings).
    public var requestedPaths: [String] {
        log.filter { $0.hasPrefix("GET ") }.map { String($0.split(separator: " ")[1]) }
    }

    /// How many times `path` was requested.
    public func requests(to path: String) -> Int { requestedPaths.filter { $0 == path }.count }

    /// Stops the server and removes its files.
    public func stop() {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(at: folder)
    }

    deinit { stop() }
}
