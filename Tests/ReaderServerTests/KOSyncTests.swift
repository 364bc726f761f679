import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import ReaderCore
import ReaderEngine
import ReaderLibrary
import ReaderServer
import ReaderTestSupport
import Testing

@Suite("KOSync: KOReader's progress sync over a real socket, on SQLite and PostgreSQL", .ownThreads)
struct KOSyncTests {
    private let key = KOSyncClient.key("correct horse")

    @Test("accounts: create (201), taken (402), missing fields (403), auth (200) and wrong or missing keys (401)",
          arguments: TestPostgres.stores)
    func accounts(store: TestPostgres.Store) async throws {
        try await KOSyncFixture.with(store) { fixture in
            try await fixture.server.makeApplication().test(.live) { client in
                try await client.execute(uri: "/healthcheck", method: .get, headers: KOSyncClient.headers()) { response in
                    #expect(response.status == .ok)
                    #expect(String(buffer: response.body) == #"{"state":"OK"}"#)
                    #expect(response.headers[.contentType] == "application/vnd.koreader.v1+json")
                }
                try await client.execute(uri: "/users/create", method: .post, headers: KOSyncClient.headers(json: true),
                                         body: try KOSyncClient.body(["username": "alice", "password": key])) { response in
                    #expect(response.status == .created)
                    #expect(String(buffer: response.body) == #"{"username":"alice"}"#)
                }
                try await client.execute(uri: "/users/create", method: .post, headers: KOSyncClient.headers(json: true),
                                         body: try KOSyncClient.body(["username": "alice", "password": "other"])) { response in
                    #expect(response.status.code == 402)
                    #expect(String(buffer: response.body) == #"{"code":2002,"message":"Username is already registered."}"#)
                }
                let refusedBodies: [[String: Any]] = [
                    ["username": "bob"], ["username": "a:b", "password": key], ["username": "", "password": key],
                    ["username": 7, "password": key],
                ]
                for bad in refusedBodies {
                    try await client.execute(uri: "/users/create", method: .post, headers: KOSyncClient.headers(json: true),
                                             body: try KOSyncClient.body(bad)) { response in
                        #expect(response.status == .forbidden, "\(bad)")
                        #expect(String(buffer: response.body) == #"{"code":2003,"message":"Invalid request"}"#)
                    }
                }
                try await client.execute(uri: "/users/auth", method: .get, headers: KOSyncClient.headers(user: "alice", key: key)) {
                    #expect($0.status == .ok)
                    #expect(String(buffer: $0.body) == #"{"authorized":"OK"}"#)
                }
                for (user, given) in [("alice", KOSyncClient.key("wrong")), ("alice", ""), ("alice", nil), (nil, key),
                                      ("nobody", key), ("ALICE", key)] as [(String?, String?)] {
                    try await client.execute(uri: "/users/auth", method: .get, headers: KOSyncClient.headers(user: user, key: given)) {
                        #expect($0.status == .unauthorized, "\(String(describing: user)) \(String(describing: given))")
                        #expect(String(buffer: $0.body) == #"{"code":2001,"message":"Unauthorized"}"#)
                    }
                }
                // Without KOReader's media type in Accept, the answer is plain JSON.
                try await client.execute(uri: "/users/auth", method: .get,
                                         headers: [HTTPField.Name("x-auth-user")!: "alice", HTTPField.Name("x-auth-key")!: key]) {
                    #expect($0.status == .ok)
                    #expect($0.headers[.contentType] == "application/json")
                }
            }
            // The key is kept only as a salted PBKDF2 hash: two accounts with one password differ.
            _ = try await fixture.server.makeApplication().test(.router) { client in
                try await KOSyncClient.create(client, user: "carol", key: key)
            }
            let (alice, carol) = try fixture.library.store.read { (transaction) throws(ReaderError) in
                (try transaction.kosyncUser(username: "alice"), try transaction.kosyncUser(username: "carol"))
            }
            let stored = try #require(alice)
            #expect(stored.iterations >= 210_000 && stored.salt.count == 16 && stored.keyHash.count == 32)
            #expect(stored.keyHash != Array(key.utf8) && !String(decoding: stored.keyHash, as: UTF8.self).contains(key))
            #expect(carol.map(\.keyHash) != stored.keyHash && carol.map(\.salt) != stored.salt)
        }
    }

    @Test("progress: push (200 with document and timestamp), read back with its types, {} for an unknown document",
          arguments: TestPostgres.stores)
    func progress(store: TestPostgres.Store) async throws {
        try await KOSyncFixture.with(store) { fixture in
            try await fixture.cheapHashServer.makeApplication().test(.live) { client in
                #expect(try await KOSyncClient.create(client, user: "alice", key: key) == .created)
                let before = Int(Date().timeIntervalSince1970)
                let (status, pushed) = try await KOSyncClient.push(client, user: "alice", key: key, [
                    "document": "0b229176d4e8db7f6d2b5a4952368d7a", "progress": "/body/DocFragment[12]/body/div/p[3]/text().17",
                    "percentage": 0.3214, "device": "Kobo Libra", "device_id": "A1B2",
                ])
                #expect(status == .ok)
                #expect(pushed?["document"] as? String == "0b229176d4e8db7f6d2b5a4952368d7a")
                let timestamp = try #require(pushed?["timestamp"] as? Int)
                #expect(timestamp >= before && timestamp <= Int(Date().timeIntervalSince1970))

                let (readStatus, read) = try await KOSyncClient.progress(client, user: "alice", key: key,
                                                                        document: "0b229176d4e8db7f6d2b5a4952368d7a")
                #expect(readStatus == .ok)
                #expect(read?["progress"] as? String == "/body/DocFragment[12]/body/div/p[3]/text().17")
                #expect(read?["percentage"] as? Double == 0.3214)
                #expect(read?["device"] as? String == "Kobo Libra" && read?["device_id"] as? String == "A1B2")
                #expect(read?["timestamp"] as? Int == timestamp)
                #expect(read?["converted_from"] == nil)

                // Another account sees nothing of it; a page number and a numeric string are taken as KOReader sends them.
                #expect(try await KOSyncClient.create(client, user: "bob", key: key) == .created)
                let (_, other) = try await KOSyncClient.progress(client, user: "bob", key: key, document: "0b229176d4e8db7f6d2b5a4952368d7a")
                #expect(other?.isEmpty == true)
                #expect(try await KOSyncClient.push(client, user: "bob", key: key, [
                    "document": "pdf_doc", "progress": "56", "percentage": "0.32", "device": "my kpw",
                ]).0 == .ok)
                let (_, page) = try await KOSyncClient.progress(client, user: "bob", key: key, document: "pdf_doc")
                #expect(page?["progress"] as? String == "56" && page?["percentage"] as? Double == 0.32 && page?["device_id"] == nil)
                let (_, unknown) = try await KOSyncClient.progress(client, user: "alice", key: key, document: "never_pushed")
                #expect(unknown?.isEmpty == true)
            }
        }
    }

    @Test("refusals: a wrong key (401) before anything else, bad document ids and missing fields (403)")
    func refusals() async throws {
        try await KOSyncFixture.with(.sqlite) { fixture in
            try await fixture.cheapHashServer.makeApplication().test(.live) { client in
                #expect(try await KOSyncClient.create(client, user: "alice", key: key) == .created)
                let good: [String: Any] = ["document": "abc", "progress": "1", "percentage": 0.5, "device": "d"]
                let (unauthorized, body) = try await KOSyncClient.push(client, user: "alice", key: "nope", good)
                #expect(unauthorized == .unauthorized && body?["code"] as? Int == 2001)
                #expect(try await KOSyncClient.progress(client, user: "alice", key: "nope", document: "abc").0 == .unauthorized)

                for (document, code) in [("abc-def", 2007), ("abc.epub", 2007), ("ab%20cd", 2007), ("", 2004), ("a:b", 2004)] {
                    var fields = good
                    fields["document"] = document
                    let (status, refused) = try await KOSyncClient.push(client, user: "alice", key: key, fields)
                    #expect(status == .forbidden && refused?["code"] as? Int == code, "\(document)")
                }
                for document in ["abc-def", "abc.epub", "%C3%A9t%C3%A9"] {
                    let (status, refused) = try await KOSyncClient.progress(client, user: "alice", key: key, document: document)
                    #expect(status == .forbidden && refused?["code"] as? Int == 2007, "\(document)")
                }
                for missing in ["progress", "percentage", "device"] {
                    var fields = good
                    fields[missing] = nil
                    let (status, refused) = try await KOSyncClient.push(client, user: "alice", key: key, fields)
                    #expect(status == .forbidden && refused?["code"] as? Int == 2003, "\(missing)")
                }
                var noDocument = good
                noDocument["document"] = nil
                #expect(try await KOSyncClient.push(client, user: "alice", key: key, noDocument).1?["code"] as? Int == 2004)
                try await client.execute(uri: "/syncs/progress", method: .put, headers: KOSyncClient.headers(user: "alice", key: key),
                                         body: ByteBuffer(string: "not json")) { response in
                    #expect(response.status == .forbidden)
                    #expect(String(buffer: response.body) == #"{"code":2003,"message":"Invalid request"}"#)
                }
            }
        }
    }

    @Test("concurrent pushes from many devices all succeed and each document keeps its own last progress",
          arguments: TestPostgres.stores)
    func concurrentPushes(store: TestPostgres.Store) async throws {
        try await KOSyncFixture.with(store) { fixture in
            try await fixture.cheapHashServer.makeApplication().test(.live) { client in
                #expect(try await KOSyncClient.create(client, user: "alice", key: key) == .created)
                let key = self.key
                // The device's first request pays the key hash; the burst then runs on the checked key.
                #expect(try await KOSyncClient.progress(client, user: "alice", key: key, document: "doc_0").0 == .ok)
                let statuses = try await withThrowingTaskGroup(of: HTTPResponse.Status.self) { group in
                    for index in 0..<24 {
                        group.addTask {
                            try await KOSyncClient.push(client, user: "alice", key: key, [
                                "document": "doc_\(index % 6)", "progress": "\(index)", "percentage": Double(index) / 100,
                                "device": "device \(index)",
                            ]).0
                        }
                    }
                    return try await group.reduce(into: []) { $0.append($1) }
                }
                #expect(statuses.count == 24 && statuses.allSatisfy { $0 == .ok })
                for document in 0..<6 {
                    let (_, read) = try await KOSyncClient.progress(client, user: "alice", key: key, document: "doc_\(document)")
                    let progress = try #require(Int(read?["progress"] as? String ?? ""))
                    #expect(progress % 6 == document)
                    #expect(read?["device"] as? String == "device \(progress)")
                    #expect(read?["percentage"] as? Double == Double(progress) / 100)
                }
            }
        }
    }

    @Test("/openapi.json describes the KOSync routes when a library keeps them, and a folder without one serves none")
    func openAPI() async throws {
        try await KOSyncFixture.with(.sqlite) { fixture in
            try await fixture.server.makeApplication().test(.router) { client in
                try await client.execute(uri: "/openapi.json", method: .get) { response in
                    let document = try #require(KOSyncClient.object(response.body))
                    let paths = try #require(document["paths"] as? [String: Any])
                    for path in ["/healthcheck", "/users/create", "/users/auth", "/syncs/progress", "/syncs/progress/{document}"] {
                        #expect(paths[path] != nil, "\(path)")
                    }
                    let schemas = (document["components"] as? [String: Any])?["schemas"] as? [String: Any] ?? [:]
                    #expect(["KOSyncError", "KOSyncProgress", "KOSyncProgressPush", "KOSyncPushed"].allSatisfy { schemas[$0] != nil })
                }
            }
        }
        let folder = ReaderServer(configuration: ServerConfiguration(source: .folder(path: FileManager.default.temporaryDirectory.path),
                                                                     port: 0))
        try await folder.makeApplication().test(.router) { client in
            try await client.execute(uri: "/healthcheck", method: .get) { #expect($0.status == .notFound) }
        }
    }
}
