import Foundation
import Hummingbird
import HummingbirdTesting
import ReaderCore
import ReaderLibrary
@testable import ReaderLibraryPostgres
@testable import ReaderServer
import ReaderTestSupport
import Testing

@Suite("Viewer API: settings endpoints, changes, read-only and writable", .ownThreads)
struct ViewerEndpointsTests {
    @Test("the settings endpoints answer what the viewer expects", arguments: [
        ("/api/config", #"{"configured":true,"feeds":{}}"#),
        ("/api/tts-settings", #"{"provider":"browser"}"#),
        ("/api/sync-status", #"{"syncInterval":"manual"}"#),
        ("/api/highlights", "{}"),
        ("/api/notes", "{}"),
        ("/api/settings", "{}"),
        ("/api/notebooks", "{}"),
        ("/api/highlights?name=storm-season.md", "[]"),
        ("/api/notes?name=storm-season.md", #"{"annotations":[],"articleNote":"","isFavorite":false,"tags":[]}"#),
    ])
    func settings(uri: String, body: String) async throws {
        let fixture = try ViewerFolderFixture()
        try await ViewerTesting.server(root: fixture.root).makeApplication().test(.router) { client in
            try await client.execute(uri: uri, method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "application/json; charset=utf-8")
                #expect(String(buffer: response.body) == body)
            }
        }
    }

    @Test("the endpoints the viewer copes without, and unknown ones, are JSON 404s")
    func unknown() async throws {
        let fixture = try ViewerFolderFixture()
        try await ViewerTesting.server(root: fixture.root).makeApplication().test(.router) { client in
            for uri in ["/api/sync-progress", "/api/briefing", "/api/nothing/here"] {
                try await client.execute(uri: uri, method: .get) { response in
                    #expect(response.status == .notFound)
                    #expect(String(buffer: response.body) == #"{"error":"Not found"}"#)
                }
            }
        }
    }

    @Test("POST, PUT and DELETE under /api/ are 405 Read-only viewer without --writable",
          arguments: [HTTPRequest.Method.post, .put, .delete])
    func readOnly(method: HTTPRequest.Method) async throws {
        let fixture = try ViewerFolderFixture()
        try await ViewerTesting.server(root: fixture.root).makeApplication().test(.router) { client in
            for uri in ["/api/highlights", "/api/notes", "/api/files", "/api/anything"] {
                try await client.execute(uri: uri, method: method, body: ByteBuffer(string: #"{"name":"storm-season.md"}"#)) { response in
                    #expect(response.status == .methodNotAllowed)
                    #expect(String(buffer: response.body) == #"{"error":"Read-only viewer"}"#)
                }
            }
        }
    }

    @Test("with --writable, highlights and notes are kept per article in the library store, read back by a new server",
          arguments: TestPostgres.stores)
    func writable(store: TestPostgres.Store) async throws {
        let fixture = try ViewerFolderFixture()
        let database = switch store {
        case .sqlite: (fixture.root as NSString).deletingLastPathComponent + "/library.sqlite"
        case .postgres: try TestPostgres.freshSchemaURL()
        }
        let library = try Library.open(database: database)
        defer { try? (library.store as? PostgresLibraryStore)?.dropSchema() }
        let highlights = #"{"name":"storm-season.md","highlights":[{"id":"h1","text":"Wind and rain","color":"yellow"}]}"#
        let notes = #"{"name":"storm-season.md","articleNote":"Read again","annotations":[],"tags":["weather"],"isFavorite":true}"#
        try await ViewerTesting.server(root: fixture.root, writable: true, library: library).makeApplication().test(.router) { client in
            try await client.execute(uri: "/api/highlights", method: .post, body: ByteBuffer(string: highlights)) { response in
                #expect(response.status == .ok)
                #expect(String(buffer: response.body) == #"{"ok":true}"#)
            }
            try await client.execute(uri: "/api/notes", method: .post, body: ByteBuffer(string: notes)) { #expect($0.status == .ok) }
            try await client.execute(uri: "/api/highlights", method: .post,
                                     body: ByteBuffer(string: #"{"name":"../secret.md","highlights":[]}"#)) { #expect($0.status == .badRequest) }
            try await client.execute(uri: "/api/highlights", method: .post,
                                     body: ByteBuffer(string: #"{"name":"nothing.md","highlights":[]}"#)) { #expect($0.status == .notFound) }
            try await client.execute(uri: "/api/highlights", method: .post, body: ByteBuffer(string: "not json")) { #expect($0.status == .badRequest) }
        }
        // A new server, with the library opened anew on the same database, reads what the first one saved.
        let reopened = try Library.open(database: database)
        try await ViewerTesting.server(root: fixture.root, library: reopened).makeApplication().test(.router) { client in
            try await client.execute(uri: "/api/highlights?name=storm-season.md", method: .get) { response in
                #expect(String(buffer: response.body) == #"[{"color":"yellow","id":"h1","text":"Wind and rain"}]"#)
            }
            try await client.execute(uri: "/api/notes?name=storm-season.md", method: .get) { response in
                #expect(String(buffer: response.body) == #"{"annotations":[],"articleNote":"Read again","isFavorite":true,"tags":["weather"]}"#)
            }
            try await client.execute(uri: "/api/highlights", method: .get) { response in
                let all = try ViewerTesting.json(response) as? [String: Any]
                #expect(all?.keys.sorted() == ["storm-season.md"])
            }
            try await client.execute(uri: "/api/highlights?name=plain-note.md", method: .get) { #expect(String(buffer: $0.body) == "[]") }
        }
        let stored = try reopened.store.read { (transaction) throws(ReaderError) in
            try transaction.viewerAnnotation(kind: "notes", name: "storm-season.md")
        }
        #expect(stored?.contains("Read again") == true)
        #expect(!FileManager.default.fileExists(atPath: fixture.root + "/.reader"), "nothing is written into the served folder")
    }

    @Test("with --writable but no library, a save is refused (405) and nothing is written")
    func writableWithoutLibrary() async throws {
        let fixture = try ViewerFolderFixture()
        try await ViewerTesting.server(root: fixture.root, writable: true).makeApplication().test(.router) { client in
            try await client.execute(uri: "/api/highlights", method: .post,
                                     body: ByteBuffer(string: #"{"name":"storm-season.md","highlights":[]}"#)) { response in
                #expect(response.status == .methodNotAllowed)
                #expect(String(buffer: response.body).contains("No library"))
            }
            try await client.execute(uri: "/api/notes?name=storm-season.md", method: .get) { response in
                #expect(String(buffer: response.body) == #"{"annotations":[],"articleNote":"","isFavorite":false,"tags":[]}"#)
            }
        }
    }

    @Test("changedAt grows within 5 s of a file added, changed or removed, and the listing follows")
    func filesChanged() async throws {
        let fixture = try ViewerFolderFixture()
        try await ViewerTesting.server(root: fixture.root).makeApplication().test(.router) { client in
            func changedAt() async throws -> Int64 {
                try await client.execute(uri: "/api/files-changed", method: .get) { response in
                    let object = try ViewerTesting.json(response) as? [String: Any]
                    return try #require((object?["changedAt"] as? NSNumber)?.int64Value)
                }
            }
            // The index looks at the folder again at the first request once its last look is
            // `ViewerIndex.freshness` old, so that request sees a change, however busy the machine
            // (a loop polling against a wall-clock deadline failed under a fully loaded CI run).
            #expect(ViewerIndex.freshness <= .seconds(5))
            func waitForChange(after previous: Int64) async throws -> Int64 {
                try await Task.sleep(for: ViewerIndex.freshness + .milliseconds(100))
                let now = try await changedAt()
                #expect(now > previous, "the first request a freshness interval after the change sees it")
                return now
            }
            func names() async throws -> [String] {
                try await client.execute(uri: "/api/files", method: .get) { try ViewerTesting.entries($0).compactMap { $0["filename"] as? String } }
            }
            let start = try await changedAt()
            #expect(start > 1_700_000_000_000)
            #expect(try await changedAt() == start)

            try fixture.add("---\ntitle: Fresh\n---\nNew.\n", at: "2026/11/fresh.md")
            let added = try await waitForChange(after: start)
            #expect(try await names().contains("fresh.md"))

            try fixture.add("---\ntitle: Fresher\n---\nChanged, and longer.\n", at: "2026/11/fresh.md")
            let changed = try await waitForChange(after: added)
            let fresh = try await client.execute(uri: "/api/files", method: .get) {
                try ViewerTesting.entries($0).first { $0["filename"] as? String == "fresh.md" }
            }
            #expect(fresh?["title"] as? String == "Fresher")

            try FileManager.default.removeItem(atPath: fixture.root + "/2026/11/fresh.md")
            _ = try await waitForChange(after: changed)
            #expect(try await !names().contains("fresh.md"))
        }
    }
}
