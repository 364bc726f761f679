import Foundation
import Hummingbird
import HummingbirdTesting
import ReaderCore
import ReaderEngine
import ReaderLibrary
import ReaderServer
import ReaderTestSupport
import Testing

@Suite("Engine API: the library's reading position, bookmarks, highlights and notes", .ownThreads)
struct BookLibraryRoutesTests {
    /// A library in the shelf's folder holding its books.
    static func library(of shelf: BookShelf) throws -> Library {
        let library = try Library.open(path: shelf.folder.appendingPathComponent("library.sqlite").path)
        _ = try library.add(paths: BookShelf.books.filter(shelf.ids.keys.contains).map(shelf.path))
        return library
    }

    @Test("a library book is read through its stored transforms in the engine API, the viewer and OPDS exports; its id and Locators stay the file's")
    func storedTransforms() async throws {
        let book = "txt/lighthouse-keeper.txt"
        let shelf = try BookShelf(books: [book])
        defer { shelf.remove() }
        let library = try Self.library(of: shelf)
        let rules = shelf.folder.appendingPathComponent("rules.tsv")
        try "literal\tferry\tFERRY-BOAT\n".write(to: rules, atomically: true, encoding: .utf8)
        let stored = try #require(try library.books().first)
        try library.saveSettings(BookSettings(bookUUID: stored.uuid, transforms: ["rules:\(rules.path)"], modifiedAt: .now()))
        let id = shelf.id(book)
        let server = ReaderServer(configuration: ServerConfiguration(source: .library(library), port: 0))
        try await server.makeApplication().test(.router) { client in
            let page = try jsonObject(try await client.execute(uri: "/api/books/\(id)/page?page=1&width=70&height=30", method: .get))
            let text = (page["lines"] as? [String] ?? []).joined(separator: " ")
            #expect(text.contains("FERRY-BOAT left Nell Carrow"), "\(text)")
            #expect(!text.contains("ferry "))
            let start = try Locator(jsonString: try locatorText(page["start"]))
            #expect(start.locations.fingerprint == (try ReaderEngine.standard.fingerprint(path: shelf.path(book)).description))

            // The article viewer's text of the book and the OPDS catalog's EPUB export read it the same way.
            let files = try #require(try jsonBody(try await client.execute(uri: "/api/files", method: .get)) as? [[String: Any]])
            let name = try #require(files.first { $0["domain"] as? String == "txt" }?["filename"] as? String)
            let viewerText = String(buffer: try await client.execute(uri: "/api/file?name=\(queryValue(name))", method: .get).body)
            #expect(viewerText.contains("FERRY-BOAT left Nell Carrow"))
            let export = try await client.execute(uri: "/opds/books/\(id)/epub", method: .get)
            #expect(export.status == .ok)
            let exported = shelf.folder.appendingPathComponent("export.epub")
            try Data(export.body.readableBytesView).write(to: exported)
            let document = try ReaderEngine.standard.open(path: exported.path)
            defer { document.close() }
            let words = try document.readingOrder.map { try document.content(ofSection: $0.index).blocks.map(\.text).joined(separator: " ") }
                .joined(separator: " ")
            #expect(words.contains("FERRY-BOAT left Nell Carrow"))
        }
        // The same folder served as a folder has no stored settings: the file's own words.
        let folderServer = ReaderServer(configuration: ServerConfiguration(source: .folder(path: shelf.folder.path), port: 0))
        try await folderServer.makeApplication().test(.router) { client in
            let page = try jsonObject(try await client.execute(uri: "/api/books/\(id)/page?page=1&width=70&height=30", method: .get))
            #expect((page["lines"] as? [String] ?? []).joined(separator: " ").contains("The ferry left Nell Carrow"))
        }
    }

    @Test("a position put with --writable reads back, and shows in the list's progression")
    func position() async throws {
        let book = "epub/lighthouse-keeper.epub"
        let shelf = try BookShelf(books: [book])
        defer { shelf.remove() }
        let library = try Self.library(of: shelf)
        let server = ReaderServer(configuration: ServerConfiguration(source: .library(library), port: 0, writable: true))
        let id = shelf.id(book)
        try await server.makeApplication().test(.router) { client in
            #expect(try await client.execute(uri: "/api/books/\(id)/position", method: .get).status == .notFound)
            let page = try jsonObject(try await client.execute(uri: "/api/books/\(id)/page?page=5&width=60&height=16", method: .get))
            let start = try locatorText(page["start"])
            let body = #"{"locator": \#(start), "progression": 0.25}"#
            let put = try await client.execute(uri: "/api/books/\(id)/position", method: .put, body: ByteBuffer(string: body))
            #expect(put.status == .ok)
            let stored = try jsonObject(try await client.execute(uri: "/api/books/\(id)/position", method: .get))
            #expect(try Locator(jsonString: try locatorText(stored["locator"])) == (try Locator(jsonString: start)))
            #expect(stored["progression"] as? Double == 0.25)
            #expect(Timestamp(iso8601: stored["updated"] as? String ?? "") != nil)
            let back = try jsonObject(try await client.execute(
                uri: "/api/books/\(id)/page?width=60&height=16&locator=\(queryValue(try locatorText(stored["locator"])))", method: .get))
            #expect(back["page"] as? Int == 5)
            let listed = try jsonObject(try await client.execute(uri: "/api/books", method: .get))
            let item = try #require((listed["items"] as? [[String: Any]])?.first)
            #expect(item["progression"] as? Double == 0.25)
            #expect(item["status"] as? String == "reading")
            #expect(try library.position(of: try library.book(matching: id)) != nil, "the position is in the library store")

            for bad in ["{}", "[1]", "not json", #"{"locator": {"href": 3}}"#, #"{"locator": \#(start), "progression": 2}"#] {
                let response = try await client.execute(uri: "/api/books/\(id)/position", method: .put, body: ByteBuffer(string: bad))
                #expect(response.status == .badRequest, "\(bad)")
            }
        }
    }

    @Test("bookmarks, highlights and notes are added, listed and removed")
    func items() async throws {
        let book = "txt/lighthouse-keeper.txt"
        let shelf = try BookShelf(books: [book])
        defer { shelf.remove() }
        let library = try Self.library(of: shelf)
        let server = ReaderServer(configuration: ServerConfiguration(source: .library(library), port: 0, writable: true))
        let id = shelf.id(book)
        try await server.makeApplication().test(.router) { client in
            let page = try jsonObject(try await client.execute(uri: "/api/books/\(id)/page?page=3", method: .get))
            let start = try locatorText(page["start"])
            let end = try locatorText(page["end"])

            let bookmark = try await client.execute(uri: "/api/books/\(id)/bookmarks", method: .post,
                                                    body: ByteBuffer(string: #"{"page": 2, "width": 60, "height": 16, "note": "here"}"#))
            #expect(bookmark.status == .created)
            let bookmarkID = try #require(try jsonObject(bookmark)["id"] as? String)
            let highlight = try await client.execute(
                uri: "/api/books/\(id)/highlights", method: .post,
                body: ByteBuffer(string: #"{"range": {"start": \#(start), "end": \#(end)}, "color": "yellow"}"#))
            #expect(highlight.status == .created)
            let highlighted = try jsonObject(highlight)
            #expect(highlighted["color"] as? String == "yellow")
            #expect((highlighted["quote"] as? String)?.isEmpty == false)
            let note = try await client.execute(uri: "/api/books/\(id)/notes", method: .post,
                                                body: ByteBuffer(string: #"{"locator": \#(start), "note": "a thought"}"#))
            #expect(note.status == .created)

            let bookmarks = try #require(try jsonBody(try await client.execute(uri: "/api/books/\(id)/bookmarks", method: .get)) as? [[String: Any]])
            #expect(bookmarks.compactMap { $0["id"] as? String } == [bookmarkID])
            #expect(bookmarks.first?["note"] as? String == "here")
            let stored = try library.annotations(of: try library.book(matching: id), kind: .bookmark)
            #expect(stored.map(\.uuid) == [bookmarkID], "the bookmark is in the library store")
            let notes = try #require(try jsonBody(try await client.execute(uri: "/api/books/\(id)/notes", method: .get)) as? [[String: Any]])
            #expect(notes.first?["note"] as? String == "a thought")

            #expect(try await client.execute(uri: "/api/books/\(id)/bookmarks/\(bookmarkID)", method: .delete).status == .noContent)
            let after = try #require(try jsonBody(try await client.execute(uri: "/api/books/\(id)/bookmarks", method: .get)) as? [Any])
            #expect(after.isEmpty)
            #expect(try await client.execute(uri: "/api/books/\(id)/bookmarks/\(bookmarkID)", method: .delete).status == .notFound)
            #expect(try await client.execute(uri: "/api/books/\(id)/notes/not-a-uuid", method: .delete).status == .notFound)

            for (path, bad) in [("highlights", #"{"locator": \#(start)}"#), ("notes", #"{"locator": \#(start)}"#),
                                ("bookmarks", "{}"), ("bookmarks", #"{"page": 0}"#), ("bookmarks", #"{"page": 1, "width": 3}"#),
                                ("bookmarks", #"{"page": 1, "color": "<script>"}"#)] {
                let response = try await client.execute(uri: "/api/books/\(id)/\(path)", method: .post, body: ByteBuffer(string: bad))
                #expect(response.status == .badRequest, "\(path) \(bad)")
            }
        }
    }

    @Test("without --writable every write is 405 Read-only; a folder has no positions (404)")
    func readOnly() async throws {
        let book = "md/field-notes.md"
        let shelf = try BookShelf(books: [book])
        defer { shelf.remove() }
        let library = try Self.library(of: shelf)
        let id = shelf.id(book)
        let readOnly = ReaderServer(configuration: ServerConfiguration(source: .library(library), port: 0))
        try await readOnly.makeApplication().test(.router) { client in
            let locator = #"{"locator": {"href": "", "type": "", "locations": {"progression": 0}}}"#
            for (path, method) in [("position", HTTPRequest.Method.put), ("bookmarks", .post), ("highlights", .post), ("notes", .post),
                                   ("bookmarks/\(UUID().uuidString.lowercased())", .delete)] {
                let response = try await client.execute(uri: "/api/books/\(id)/\(path)", method: method, body: ByteBuffer(string: locator))
                #expect(response.status == .methodNotAllowed, "\(method) \(path)")
                #expect(String(buffer: response.body) == #"{"error":"Read-only viewer"}"#)
            }
            #expect(try await client.execute(uri: "/api/books/\(id)/bookmarks", method: .get).status == .ok)
        }
        try await shelf.server.makeApplication().test(.router) { client in
            for path in ["position", "bookmarks", "highlights", "notes"] {
                let response = try await client.execute(uri: "/api/books/\(id)/\(path)", method: .get)
                #expect(response.status == .notFound, "\(path)")
                #expect(errorMessage(response)?.contains("--library") == true)
            }
        }
    }
}
