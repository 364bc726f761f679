import Crypto
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import ReaderCore
import ReaderLibrary
@testable import ReaderLibraryPostgres
import ReaderServer
import ReaderTestSupport
import Testing

/// A served library on one kind of store, in a temporary folder (and a schema of its own on PostgreSQL).
struct KOSyncFixture {
    let directory: URL
    let library: Library

    var books: URL { directory.appendingPathComponent("books", isDirectory: true) }

    /// A server of the library on a free loopback port, hashing new accounts' keys as `reader serve` does.
    var server: ReaderServer { ReaderServer(configuration: ServerConfiguration(source: .library(library), port: 0)) }

    /// The same server with a cheap key hash (1,000 rounds), for tests about progress, not about
    /// the hash: 210,000 rounds take about a second each in a debug build, and the suite makes dozens.
    var cheapHashServer: ReaderServer {
        var configuration = ServerConfiguration(source: .library(library), port: 0)
        configuration.kosyncKeyHashIterations = 1_000
        return ReaderServer(configuration: configuration)
    }

    /// Copies a TestBooks file into the books folder; returns its path.
    func copy(_ testBook: String) throws -> String {
        let source = TestLocation.testBooks.appendingPathComponent(testBook)
        let target = books.appendingPathComponent(source.lastPathComponent)
        try FileManager.default.copyItem(at: source, to: target)
        return target.path
    }

    /// Runs `body` with a fresh fixture, removed afterwards.
    static func with<T>(_ store: TestPostgres.Store, _ body: (KOSyncFixture) async throws -> T) async throws -> T {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("reader-kosync-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("books"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = switch store {
        case .sqlite: directory.appendingPathComponent("library.sqlite").path
        case .postgres: try TestPostgres.freshSchemaURL()
        }
        let library = try Library.open(database: database)
        defer { try? (library.store as? PostgresLibraryStore)?.dropSchema() }
        return try await body(KOSyncFixture(directory: directory, library: library))
    }
}

/// KOReader's requests: its media type, and the account's name and key in the headers.
enum KOSyncClient {
    /// The MD5 of a password, lowercase hex, as KOReader sends it.
    static func key(_ password: String) -> String {
        Insecure.MD5.hash(data: Array(password.utf8)).map { String(format: "%02x", $0) }.joined()
    }

    static func headers(user: String? = nil, key: String? = nil, json: Bool = false) -> HTTPFields {
        var headers: HTTPFields = [.accept: "application/vnd.koreader.v1+json"]
        if let user { headers[HTTPField.Name("x-auth-user")!] = user }
        if let key { headers[HTTPField.Name("x-auth-key")!] = key }
        if json { headers[.contentType] = "application/json" }
        return headers
    }

    static func body(_ object: [String: Any]) throws -> ByteBuffer {
        ByteBuffer(bytes: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]))
    }

    static func object(_ buffer: ByteBuffer) -> [String: Any]? {
        try? JSONSerialization.jsonObject(with: Data(buffer: buffer)) as? [String: Any]
    }

    /// Creates an account; returns the status.
    @discardableResult
    static func create(_ client: some TestClientProtocol, user: String, key: String) async throws -> HTTPResponse.Status {
        try await client.execute(uri: "/users/create", method: .post, headers: headers(json: true),
                                 body: try body(["username": user, "password": key])) { $0.status }
    }

    /// Pushes a progress; returns the status and body.
    static func push(_ client: some TestClientProtocol, user: String, key: String, _ fields: [String: Any]) async throws
        -> (HTTPResponse.Status, [String: Any]?)
    {
        try await client.execute(uri: "/syncs/progress", method: .put, headers: headers(user: user, key: key, json: true),
                                 body: try body(fields)) { ($0.status, object($0.body)) }
    }

    /// Reads a document's progress; returns the status and body.
    static func progress(_ client: some TestClientProtocol, user: String, key: String, document: String) async throws
        -> (HTTPResponse.Status, [String: Any]?)
    {
        try await client.execute(uri: "/syncs/progress/\(document)", method: .get, headers: headers(user: user, key: key)) {
            ($0.status, object($0.body))
        }
    }
}
