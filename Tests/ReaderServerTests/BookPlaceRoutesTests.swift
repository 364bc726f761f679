import Foundation
import Hummingbird
import HummingbirdTesting
import ReaderCore
import ReaderEngine
import ReaderSearch
import ReaderServer
import ReaderTestSupport
import Testing

@Suite("Engine API: positions, locate, search", .ownThreads)
struct BookPlaceRoutesTests {
    @Test("the positions list is the document's, stamped with its fingerprint")
    func positions() async throws {
        let book = "epub/lighthouse-keeper.epub"
        let shelf = try BookShelf(books: [book])
        defer { shelf.remove() }
        let document = try ReaderEngine.standard.open(path: shelf.path(book))
        let expected = try document.positionList(counting: .content)
        let readium = try document.positionList(counting: .readium)
        try await shelf.server.makeApplication().test(.router) { client in
            let list = try jsonObject(try await client.execute(uri: "/api/books/\(shelf.id(book))/positions", method: .get))
            #expect(list["total"] as? Int == expected.count)
            #expect(list["counting"] as? String == "content")
            let served = try (list["positions"] as? [Any] ?? []).map { try Locator(jsonString: try locatorText($0)) }
            #expect(served.map(\.locations.position) == expected.map(\.locations.position))
            #expect(served.allSatisfy { $0.locations.fingerprint == (try? document.fingerprint().description) })
            let other = try jsonObject(try await client.execute(uri: "/api/books/\(shelf.id(book))/positions?counting=readium", method: .get))
            #expect(other["total"] as? Int == readium.count)
            #expect(try await client.execute(uri: "/api/books/\(shelf.id(book))/positions?counting=bytes", method: .get).status == .badRequest)
        }
    }

    @Test("locate gives the canonical Locator and the page that the page route shows for it", arguments: BookShelf.books)
    func locate(book: String) async throws {
        let shelf = try BookShelf(books: [book])
        defer { shelf.remove() }
        let session = try ReadingSession(path: shelf.path(book), viewport: try Viewport(columns: 70, rows: 20))
        let middle = try session.resolve(Locator(href: "", type: "", locations: .init(totalProgression: 0.5))).position
        let expected = try session.document.fingerprintedLocator(at: middle)
        try await shelf.server.makeApplication().test(.router) { client in
            let base = "/api/books/\(shelf.id(book))"
            let located = try jsonObject(try await client.execute(uri: base + "/locate?progression=0.5&width=70&height=20", method: .get))
            let locator = try Locator(jsonString: try locatorText(located["locator"]))
            #expect(locator == expected)
            #expect(located["page"] as? Int == (try session.pageNumber(containing: middle)))
            let page = try jsonObject(try await client.execute(
                uri: base + "/page?width=70&height=20&locator=\(queryValue(locator.jsonString()))", method: .get))
            #expect(page["page"] as? Int == located["page"] as? Int)

            let byPage = try jsonObject(try await client.execute(uri: base + "/locate?page=2&width=70&height=20", method: .get))
            #expect(byPage["page"] as? Int == 2)
            #expect(try Locator(jsonString: try locatorText(byPage["locator"])) == (try session.document.fingerprintedLocator(at: session.page(2).start)))
            let byPosition = try await client.execute(uri: base + "/locate?position=1", method: .get)
            #expect(byPosition.status == .ok)

            for bad in ["", "?progression=0.5&page=1", "?progression=1.5", "?position=0", "?page=0", "?locator=%5B%5D", "?progression=nan"] {
                let response = try await client.execute(uri: base + "/locate" + bad, method: .get)
                #expect(response.status == .badRequest, "\(bad)")
            }
        }
    }

    @Test("search streams the hits DocumentSearch finds as NDJSON, with pages when a viewport is given")
    func search() async throws {
        let book = "txt/lighthouse-keeper.txt"
        let shelf = try BookShelf(books: [book])
        defer { shelf.remove() }
        let session = try ReadingSession(path: shelf.path(book), viewport: try Viewport(columns: 60, rows: 18))
        let expected = try DocumentSearch(document: session.document, query: SearchQuery("lamp"), paginator: session.paginator).allHits()
        try #require(expected.count > 2)
        try await shelf.server.makeApplication().test(.live) { client in
            let base = "/api/books/\(shelf.id(book))/search"
            let response = try await client.execute(uri: base + "?q=lamp&width=60&height=18", method: .get)
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "application/x-ndjson; charset=utf-8")
            #expect(response.headers[.contentLength] == nil, "the body is streamed, not sized in advance")
            let lines = String(buffer: response.body).split(separator: "\n")
            #expect(lines.count == expected.count)
            for (line, hit) in zip(lines, expected) {
                let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
                #expect((object["match"] as? String)?.lowercased() == "lamp")
                #expect(object["page"] as? Int == hit.pageNumber)
                #expect(object["section"] as? Int == hit.start.section)
                let locator = try Locator(jsonString: try locatorText(object["locator"]))
                #expect(try session.document.resolve(locator) == hit.start)
            }
            let limited = try await client.execute(uri: base + "?q=lamp&limit=2", method: .get)
            #expect(String(buffer: limited.body).split(separator: "\n").count == 2)
            let none = try await client.execute(uri: base + "?q=zzyzx+qqq", method: .get)
            #expect(none.status == .ok)
            #expect(none.body.readableBytes == 0)
            for bad in ["", "?q=", "?q=%20%20", "?q=lamp&limit=0", "?q=lamp&caseSensitive=maybe"] {
                #expect(try await client.execute(uri: base + bad, method: .get).status == .badRequest, "\(bad)")
            }
        }
    }
}
