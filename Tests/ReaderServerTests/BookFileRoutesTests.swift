import Foundation
import Hummingbird
import HummingbirdTesting
import ReaderCore
import ReaderEngine
import ReaderServer
import ReaderTestSupport
import Testing

@Suite("Engine API: resources and covers", .ownThreads)
struct BookFileRoutesTests {
    @Test("resources are listed and served with their media type and bytes, an ETag, 304, 206 and 416")
    func resources() async throws {
        let book = "epub/lighthouse-keeper.epub"
        let shelf = try BookShelf(books: [book])
        defer { shelf.remove() }
        let document = try ReaderEngine.standard.open(path: shelf.path(book))
        let provider = try #require(document as? any ResourceProviding)
        let resources = try provider.resources()
        let image = try #require(resources.first { $0.mediaType == "image/png" })
        let bytes = try provider.resourceData(href: image.href)
        try #require(bytes.count > 20)
        let id = shelf.id(book)
        try await shelf.server.makeApplication().test(.router) { client in
            let list = try #require(try jsonBody(try await client.execute(uri: "/api/books/\(id)/resources", method: .get)) as? [[String: Any]])
            #expect(list.compactMap { $0["href"] as? String } == resources.map(\.href))
            let url = try #require(list.first { $0["href"] as? String == image.href }?["url"] as? String)

            let whole = try await client.execute(uri: url, method: .get)
            #expect(whole.status == .ok)
            #expect(whole.headers[.contentType] == "image/png")
            #expect(whole.headers[.acceptRanges] == "bytes")
            #expect(Array(whole.body.readableBytesView) == bytes)
            let etag = try #require(whole.headers[.eTag])
            #expect(etag.hasPrefix("\"") && etag.hasSuffix("\""))

            let again = try await client.execute(uri: url, method: .get, headers: [.ifNoneMatch: etag])
            #expect(again.status == .notModified)
            #expect(again.body.readableBytes == 0)
            let other = try await client.execute(uri: url, method: .get, headers: [.ifNoneMatch: "\"something-else\""])
            #expect(other.status == .ok)

            let part = try await client.execute(uri: url, method: .get, headers: [.range: "bytes=0-9"])
            #expect(part.status == .partialContent)
            #expect(part.headers[.contentRange] == "bytes 0-9/\(bytes.count)")
            #expect(Array(part.body.readableBytesView) == Array(bytes[0..<10]))
            let tail = try await client.execute(uri: url, method: .get, headers: [.range: "bytes=-5"])
            #expect(tail.status == .partialContent)
            #expect(Array(tail.body.readableBytesView) == Array(bytes.suffix(5)))
            let open = try await client.execute(uri: url, method: .get, headers: [.range: "bytes=10-"])
            #expect(open.headers[.contentRange] == "bytes 10-\(bytes.count - 1)/\(bytes.count)")
            #expect(Array(open.body.readableBytesView) == Array(bytes[10...]))
            let beyond = try await client.execute(uri: url, method: .get, headers: [.range: "bytes=\(bytes.count)-"])
            #expect(beyond.status == .rangeNotSatisfiable)
            #expect(beyond.headers[.contentRange] == "bytes */\(bytes.count)")
            #expect(errorMessage(beyond)?.contains("\(bytes.count) bytes") == true)
            let stale = try await client.execute(uri: url, method: .get, headers: [.range: "bytes=0-9", .ifRange: "\"old\""])
            #expect(stale.status == .ok, "If-Range with another ETag gets the whole body")
            let garbled = try await client.execute(uri: url, method: .get, headers: [.range: "pages=1-2"])
            #expect(garbled.status == .ok)

            let spaced = try await client.execute(uri: "/api/books/\(id)/resources/OEBPS/text/chapter%20two.xhtml", method: .get)
            #expect(spaced.status == .ok, "a percent-encoded href is decoded")
            #expect(spaced.headers[.contentType] == "application/xhtml+xml")
            #expect(spaced.headers[.contentSecurityPolicy]?.contains("sandbox") == true, "a book's markup never runs as a page")
            #expect(try await client.execute(uri: "/api/books/\(id)/resources/OEBPS/none.png", method: .get).status == .notFound)
            #expect(try await client.execute(uri: "/api/books/\(id)/resources/OEBPS/%zz", method: .get).status == .badRequest)
        }
    }

    @Test("a PDF's pages are resources rendered as PNG, its cover a JPEG; the cover of an EPUB and a PDF is served, a TXT has none")
    func covers() async throws {
        let shelf = try BookShelf(books: ["epub/lighthouse-keeper.epub", "pdf/harbour-lights.pdf", "txt/lighthouse-keeper.txt"])
        defer { shelf.remove() }
        let epub = try #require(try ReaderEngine.standard.open(path: shelf.path("epub/lighthouse-keeper.epub")) as? any CoverProviding)
        let epubCover = try #require(try epub.coverImage())
        try await shelf.server.makeApplication().test(.router) { client in
            let cover = try await client.execute(uri: "/api/books/\(shelf.id("epub/lighthouse-keeper.epub"))/cover", method: .get)
            #expect(cover.status == .ok)
            #expect(cover.headers[.contentType] == epubCover.mediaType)
            #expect(Array(cover.body.readableBytesView) == epubCover.data)
            let etag = try #require(cover.headers[.eTag])
            let cached = try await client.execute(uri: "/api/books/\(shelf.id("epub/lighthouse-keeper.epub"))/cover", method: .get,
                                                  headers: [.ifNoneMatch: etag])
            #expect(cached.status == .notModified)

            let pdf = try await client.execute(uri: "/api/books/\(shelf.id("pdf/harbour-lights.pdf"))/cover", method: .get)
            #expect(pdf.status == .ok)
            #expect(pdf.headers[.contentType] == "image/jpeg")
            #expect(Array(pdf.body.readableBytesView.prefix(3)) == [0xFF, 0xD8, 0xFF])
            let page = try await client.execute(uri: "/api/books/\(shelf.id("pdf/harbour-lights.pdf"))/resources/page/1.png", method: .get)
            #expect(page.status == .ok)
            #expect(page.headers[.contentType] == "image/png")

            let none = try await client.execute(uri: "/api/books/\(shelf.id("txt/lighthouse-keeper.txt"))/cover", method: .get)
            #expect(none.status == .notFound)
            #expect(errorMessage(none)?.contains("no cover") == true)
            let noResources = try await client.execute(uri: "/api/books/\(shelf.id("txt/lighthouse-keeper.txt"))/resources", method: .get)
            #expect(String(buffer: noResources.body) == "[]")
        }
    }
}
