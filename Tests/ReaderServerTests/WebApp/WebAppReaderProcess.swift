import Foundation
import ReaderTestSupport
import Testing

/// The `reader` executable that `swift build --build-tests` puts beside the test binary, run as a
/// child process: one-shot commands, and `reader serve` kept running until ``stop()``.
final class WebAppReaderProcess {
    /// Where the executable is, or nil when it was not built.
    static let executable: URL? = {
        var directories: [URL] = []
        if let first = CommandLine.arguments.first {
            let url = first.hasPrefix("/") ? URL(fileURLWithPath: first)
                : URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent(first)
            let directory = url.resolvingSymlinksInPath().deletingLastPathComponent()
            directories += [directory, directory.deletingLastPathComponent()]
        }
        if let url = Bundle.main.executableURL?.resolvingSymlinksInPath().deletingLastPathComponent() {
            directories += [url, url.deletingLastPathComponent()]
        }
        directories.append(TestLocation.packageRoot.appendingPathComponent(".build/debug"))
        return directories.map { $0.appendingPathComponent("reader") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()

    private let process = Process()
    private let output: URL
    /// The address the server printed (`http://127.0.0.1:PORT`).
    private(set) var address = ""

    /// Runs `reader arguments` to the end, failing the test unless it exits 0.
    static func run(_ arguments: [String], environment: [String: String]) throws {
        let process = Process()
        process.executableURL = try #require(executable, "the reader executable was not found (swift build --build-tests)")
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "reader \(arguments.joined(separator: " ")) exited \(process.terminationStatus)")
    }

    /// Starts `reader serve arguments --port 0` and waits (30 s at most) for the address it prints.
    init(serve arguments: [String], environment: [String: String], workDirectory: URL) throws {
        output = workDirectory.appendingPathComponent("serve-\(UUID().uuidString).log")
        FileManager.default.createFile(atPath: output.path, contents: nil)
        process.executableURL = try #require(Self.executable, "the reader executable was not found (swift build --build-tests)")
        process.arguments = ["serve"] + arguments + ["--port", "0"]
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        let handle = try FileHandle(forWritingTo: output)
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline, process.isRunning {
            let text = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
            if let match = text.firstMatch(of: #/Serving at (http://\S+?)/?\n/#) {
                address = String(match.output.1)
                return
            }
            Thread.sleep(forTimeInterval: 0.05)
        }
        stop()
        let log = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
        throw WebAppTestError("reader serve did not print its address within 30 s: \(log)")
    }

    /// Stops the server (SIGTERM, then SIGKILL after 5 s).
    func stop() {
        guard process.isRunning else { return }
        process.terminate()
        let deadline = Date().addingTimeInterval(5)
        while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    deinit { stop() }
}

/// A failure of the web app's test set-up, with what went wrong.
struct WebAppTestError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
