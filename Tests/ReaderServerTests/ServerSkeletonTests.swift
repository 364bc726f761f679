import Foundation
import Hummingbird
import HummingbirdTesting
import ReaderServer
import ReaderTestSupport
import Testing

@Suite("Server skeleton", .ownThreads)
struct ServerSkeletonTests {
    private let server = ReaderServer(
        configuration: ServerConfiguration(source: .folder(path: FileManager.default.temporaryDirectory.path), port: 0))

    @Test("the version answers over a real socket")
    func versionOverSocket() async throws {
        try await server.makeApplication().test(.live) { client in
            try await client.execute(uri: "/api/version", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "application/json; charset=utf-8")
                #expect(String(buffer: response.body) == #"{"name":"reader","version":"\#(ReaderServer.version)"}"#)
            }
        }
    }

    @Test("an unknown API path is a JSON 404")
    func unknownPathIsJSON404() async throws {
        try await server.makeApplication().test(.router) { client in
            try await client.execute(uri: "/api/no-such-thing", method: .get) { response in
                #expect(response.status == .notFound)
                #expect(String(buffer: response.body) == #"{"error":"Not found"}"#)
            }
        }
    }
}

@Suite("OpenAPI document", .ownThreads)
struct OpenAPIDocumentTests {
    @Test("every route group's paths are in /openapi.json")
    func documentListsPaths() async throws {
        let server = ReaderServer(configuration: ServerConfiguration(source: .folder(path: "/tmp"), port: 0))
        try await server.makeApplication().test(.router) { client in
            try await client.execute(uri: "/openapi.json", method: .get) { response in
                #expect(response.status == .ok)
                let document = try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any]
                #expect(document?["openapi"] as? String == "3.1.0")
                let paths = document?["paths"] as? [String: Any] ?? [:]
                #expect(paths.keys.contains("/api/version"))
                #expect(paths.keys.contains("/openapi.json"))
                let schemas = (document?["components"] as? [String: Any])?["schemas"] as? [String: Any] ?? [:]
                #expect(schemas.keys.contains("ServerVersion"))
            }
        }
    }
}

@Suite("HEAD requests", .ownThreads)
struct HeadRequestTests {
    @Test("HEAD answers every GET route over a real socket: the same status and headers, the body's length, no body")
    func headMirrorsGet() async throws {
        let book = "epub/lighthouse-keeper.epub"
        let shelf = try BookShelf(books: [book])
        defer { shelf.remove() }
        let id = shelf.id(book)
        let uris = ["/", "/app/app.js", "/openapi.json", "/api/files", "/api/books", "/api/books/\(id)", "/api/books/\(id)/cover",
                    "/api/books/\(id)/page?page=2", "/opds", "/opds/books/\(id)/file", "/opds/books/\(id)/thumbnail",
                    "/api/no-such-thing"]
        try await shelf.server.makeApplication().test(.live) { client in
            for uri in uris {
                let get = try await client.execute(uri: uri, method: .get)
                let head = try await client.execute(uri: uri, method: .head)
                #expect(head.status == get.status, "\(uri)")
                #expect(head.body.readableBytes == 0, "\(uri)")
                #expect(head.headers[.contentType] == get.headers[.contentType], "\(uri)")
                #expect(head.headers[.eTag] == get.headers[.eTag], "\(uri)")
                #expect(head.headers[.contentLength] == String(get.body.readableBytes), "\(uri)")
            }
        }
    }
}
