import Foundation
import Hummingbird
import HummingbirdTesting
import ReaderServer
import ReaderTestSupport
import Testing

@Suite("Engine API: the OpenAPI document, checked by schemathesis against the live server", .ownThreads)
struct BookOpenAPITests {
    /// Every path the engine API serves, as the OpenAPI document names it.
    static let paths = [
        "/api/books", "/api/books/{id}", "/api/books/{id}/toc", "/api/books/{id}/page", "/api/books/{id}/sections",
        "/api/books/{id}/sections/{index}", "/api/books/{id}/resources", "/api/books/{id}/resources/{href}",
        "/api/books/{id}/cover", "/api/books/{id}/positions", "/api/books/{id}/locate", "/api/books/{id}/search",
        "/api/books/{id}/position", "/api/books/{id}/bookmarks", "/api/books/{id}/bookmarks/{item}",
        "/api/books/{id}/highlights", "/api/books/{id}/highlights/{item}", "/api/books/{id}/notes", "/api/books/{id}/notes/{item}",
    ]

    @Test("every route is in /openapi.json with its Book… schemas, every reference resolves")
    func documented() async throws {
        let server = ReaderServer(configuration: ServerConfiguration(source: .folder(path: "/nonexistent-reader-folder"), port: 0))
        try await server.makeApplication().test(.router) { client in
            let document = try jsonObject(try await client.execute(uri: "/openapi.json", method: .get))
            let paths = try #require(document["paths"] as? [String: Any])
            for path in Self.paths { #expect(paths[path] != nil, "\(path)") }
            let schemas = try #require((document["components"] as? [String: Any])?["schemas"] as? [String: Any])
            let text = String(decoding: try JSONSerialization.data(withJSONObject: document, options: [.withoutEscapingSlashes]), as: UTF8.self)
            let references = Set(text.components(separatedBy: "#/components/schemas/").dropFirst().compactMap {
                $0.split(separator: "\"", maxSplits: 1).first.map(String.init)
            })
            #expect(!references.isEmpty)
            for reference in references { #expect(schemas[reference] != nil, "\(reference) is referenced but not defined") }
            let put = try #require((paths["/api/books/{id}/position"] as? [String: Any])?["put"] as? [String: Any])
            #expect((put["responses"] as? [String: Any])?["405"] != nil)
        }
    }

    @Test("schemathesis finds no 5xx and no response outside the document, on a folder of TestBooks",
          .timeLimit(.minutes(2)))
    func schemathesis() async throws {
        let tool = try #require(Schemathesis.executable(),
                                "schemathesis is not installed (`st` on PATH): scripts/install-deps.sh installs it from PyPI")
        let shelf = try BookShelf(books: ["epub/lighthouse-keeper.epub", "txt/lighthouse-keeper.txt", "md/field-notes.md"])
        defer { shelf.remove() }
        try await shelf.server.makeApplication().test(.live) { client in
            let port = try #require(client.port)
            let result = try await Schemathesis.run(tool, schema: "http://127.0.0.1:\(port)/openapi.json",
                                                    reportDirectory: shelf.folder.appendingPathComponent("schemathesis"))
            #expect(result.status == 0, "schemathesis failed:\n\(result.output.suffix(6000))")
        }
    }
}

/// Runs the `st` command of schemathesis 4, bounded in examples and time.
enum Schemathesis {
    /// The `st` (or `schemathesis`) executable on PATH, nil when it is not installed.
    static func executable() -> String? {
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map(String.init)
            + ["/usr/local/bin", "/usr/bin", NSHomeDirectory() + "/.local/bin"]
        for folder in folders {
            for name in ["st", "schemathesis"] {
                let path = folder + "/" + name
                if FileManager.default.isExecutableFile(atPath: path) { return path }
            }
        }
        return nil
    }

    /// The checks run: no 5xx, statuses, content types and bodies as documented.
    static let checks = "not_a_server_error,status_code_conformance,content_type_conformance,response_schema_conformance"

    /// Runs schemathesis against `schema` (its base URL is the server's) and waits without
    /// blocking a thread the server needs.
    static func run(_ tool: String, schema: String, reportDirectory: URL) async throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        // schemathesis keeps a cache in its working directory: the test's own folder, not the package.
        process.currentDirectoryURL = reportDirectory.deletingLastPathComponent()
        process.arguments = ["run", schema, "--checks", checks, "--phases", "fuzzing,stateful", "--max-examples", "8", "--max-time", "40", "--seed", "1",
                             "--workers", "2", "--request-timeout", "60", "--no-shrink", "--report-dir", reportDirectory.path]
        var environment = ProcessInfo.processInfo.environment
        environment["SCHEMATHESIS_TELEMETRY"] = "false"
        environment["NO_COLOR"] = "1"
        process.environment = environment
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("schemathesis-\(UUID().uuidString).log")
        FileManager.default.createFile(atPath: output.path, contents: nil)
        let handle = try FileHandle(forWritingTo: output)
        defer {
            try? handle.close()
            try? FileManager.default.removeItem(at: output)
        }
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        let deadline = ContinuousClock.now + .seconds(150)
        while process.isRunning {
            if ContinuousClock.now > deadline {
                process.terminate()
                break
            }
            try await Task.sleep(for: .milliseconds(200))
        }
        process.waitUntilExit()
        let text = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
        return (process.terminationStatus, text)
    }
}
