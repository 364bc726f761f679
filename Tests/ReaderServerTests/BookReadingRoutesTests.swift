import Foundation
import Hummingbird
import HummingbirdTesting
import ReaderCore
import ReaderEngine
import ReaderServer
import ReaderTestSupport
import Testing

@Suite("Engine API: list, info, TOC, pages, sections", .ownThreads)
struct BookReadingRoutesTests {
    @Test("the list holds every book of the folder (recursively), sorted, paged and filtered")
    func list() async throws {
        let shelf = try BookShelf()
        defer { shelf.remove() }
        try await shelf.server.makeApplication().test(.router) { client in
            let all = try jsonObject(try await client.execute(uri: "/api/books?limit=500", method: .get))
            let items = try #require(all["items"] as? [[String: Any]])
            #expect(all["total"] as? Int == BookShelf.books.count)
            #expect(Set(items.compactMap { $0["id"] as? String }) == Set(shelf.ids.values))
            let titles = items.compactMap { ($0["title"] as? String)?.lowercased() }
            #expect(titles == titles.sorted())
            let epub = try #require(items.first { $0["id"] as? String == shelf.id("epub/lighthouse-keeper.epub") })
            let document = try ReaderEngine.standard.open(path: shelf.path("epub/lighthouse-keeper.epub"))
            #expect(epub["title"] as? String == document.metadata.title)
            #expect(epub["authors"] as? [String] == document.metadata.authors)
            #expect(epub["format"] as? String == "epub")
            #expect(epub["cover"] as? String == "/api/books/\(shelf.id("epub/lighthouse-keeper.epub"))/cover")
            #expect(epub["progression"] is NSNull)
            #expect((epub["pageCountEstimate"] as? Int ?? 0) > 0)
            let txt = try #require(items.first { $0["id"] as? String == shelf.id("txt/lighthouse-keeper.txt") })
            #expect(txt["cover"] is NSNull)

            let reversed = try jsonObject(try await client.execute(uri: "/api/books?order=desc", method: .get))
            let reversedTitles = (reversed["items"] as? [[String: Any]] ?? []).compactMap { ($0["title"] as? String)?.lowercased() }
            #expect(reversedTitles == titles.reversed())

            let second = try jsonObject(try await client.execute(uri: "/api/books?offset=1&limit=2", method: .get))
            #expect(second["total"] as? Int == BookShelf.books.count)
            #expect((second["items"] as? [[String: Any]])?.compactMap { $0["id"] as? String }
                == items[1...2].compactMap { $0["id"] as? String })

            let pdfs = try jsonObject(try await client.execute(uri: "/api/books?format=pdf", method: .get))
            #expect((pdfs["items"] as? [[String: Any]])?.compactMap { $0["id"] as? String } == [shelf.id("pdf/harbour-lights.pdf")])

            let word = try #require(document.metadata.title?.split(separator: " ").last.map(String.init))
            let found = try jsonObject(try await client.execute(uri: "/api/books?q=\(queryValue(word))", method: .get))
            let foundIDs = (found["items"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
            #expect(foundIDs.contains(shelf.id("epub/lighthouse-keeper.epub")))
            #expect(!foundIDs.contains(shelf.id("md/field-notes.md")))

            for bad in ["limit=0", "limit=501", "offset=-1", "sort=size", "order=up", "limit=ten"] {
                let response = try await client.execute(uri: "/api/books?\(bad)", method: .get)
                #expect(response.status == .badRequest, "\(bad)")
                #expect(errorMessage(response)?.isEmpty == false)
            }
        }
    }

    @Test("a file added to the folder is listed after the next refresh; unknown ids are 404")
    func refreshAndUnknown() async throws {
        let shelf = try BookShelf(books: ["md/field-notes.md"])
        defer { shelf.remove() }
        try await shelf.server.makeApplication().test(.router) { client in
            #expect(try jsonObject(try await client.execute(uri: "/api/books", method: .get))["total"] as? Int == 1)
            let added = shelf.folder.appendingPathComponent("more/deeper/plain.txt")
            try FileManager.default.createDirectory(at: added.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: TestLocation.testBooks.appendingPathComponent("txt/winter-road.ru.txt"), to: added)
            try FileManager.default.createSymbolicLink(
                atPath: shelf.folder.appendingPathComponent("outside.txt").path,
                withDestinationPath: TestLocation.testBooks.appendingPathComponent("txt/lighthouse-keeper.txt").path)
            try await Task.sleep(for: .milliseconds(1100))
            let listed = try jsonObject(try await client.execute(uri: "/api/books", method: .get))
            #expect(listed["total"] as? Int == 2, "the new file is listed, the symbolic link out of the folder is not")
            let id = try ReaderEngine.standard.fingerprint(path: added.path).sha256
            #expect(try await client.execute(uri: "/api/books/\(id)", method: .get).status == .ok)

            let unknown = String(repeating: "ab", count: 32)
            for path in ["/api/books/\(unknown)", "/api/books/\(unknown)/page", "/api/books/not-an-id/toc",
                         "/api/books/\(unknown)/cover", "/api/books/\(unknown)/resources/x.png"] {
                let response = try await client.execute(uri: path, method: .get)
                #expect(response.status == .notFound, "\(path)")
                #expect(errorMessage(response)?.isEmpty == false)
            }
        }
    }

    @Test("info holds the document's metadata", arguments: BookShelf.books)
    func info(book: String) async throws {
        let shelf = try BookShelf(books: [book])
        defer { shelf.remove() }
        let document = try ReaderEngine.standard.open(path: shelf.path(book))
        try await shelf.server.makeApplication().test(.router) { client in
            let info = try jsonObject(try await client.execute(uri: "/api/books/\(shelf.id(book))", method: .get))
            #expect(info["id"] as? String == shelf.id(book))
            #expect(info["fingerprint"] as? String == (try document.fingerprint()).description)
            #expect(info["format"] as? String == document.format.rawValue)
            #expect(info["title"] as? String == document.metadata.title)
            #expect(info["authors"] as? [String] == document.metadata.authors)
            #expect(info["sectionCount"] as? Int == document.readingOrder.count)
            #expect(info["capabilities"] as? [String] == document.capabilities.names)
            #expect(info["fileName"] as? String == (book as NSString).lastPathComponent)
        }
    }

    @Test("the TOC is the document's, nested, with levels and Locators")
    func toc() async throws {
        let book = "epub/lighthouse-keeper.epub"
        let shelf = try BookShelf(books: [book])
        defer { shelf.remove() }
        let entries = try ReaderEngine.standard.open(path: shelf.path(book)).tableOfContents()
        try #require(!entries.isEmpty)
        try await shelf.server.makeApplication().test(.router) { client in
            let response = try await client.execute(uri: "/api/books/\(shelf.id(book))/toc", method: .get)
            let served = try #require(try jsonBody(response) as? [[String: Any]])
            func check(_ served: [[String: Any]], _ expected: [TOCEntry], level: Int) throws {
                #expect(served.count == expected.count)
                for (entry, wanted) in zip(served, expected) {
                    #expect(entry["title"] as? String == wanted.title)
                    #expect(entry["level"] as? Int == level)
                    #expect(try Locator(jsonString: try locatorText(entry["locator"])) == wanted.locator)
                    try check(entry["children"] as? [[String: Any]] ?? [], wanted.children, level: level + 1)
                }
            }
            try check(served, entries, level: 1)
        }
    }

    @Test("a page's lines are reader open's at the same viewport, and its Locators lead back to it",
          arguments: BookShelf.books)
    func pages(book: String) async throws {
        let shelf = try BookShelf(books: [book])
        defer { shelf.remove() }
        let viewport = try Viewport(columns: 52, rows: 14)
        let session = try ReadingSession(path: shelf.path(book), viewport: viewport)
        let pages = try session.pageCount().value
        try await shelf.server.makeApplication().test(.router) { client in
            let base = "/api/books/\(shelf.id(book))/page?width=52&height=14"
            for number in [1, 2, min(3, pages)] {
                let page = try jsonObject(try await client.execute(uri: base + "&page=\(number)", method: .get))
                let expected = try session.page(number)
                #expect(page["lines"] as? [String] == expected.lines, "\(book) page \(number)")
                if page["pageCountIsEstimate"] as? Bool == false {
                    #expect(page["pageCount"] as? Int == (try session.exactPageCount()))
                } else {
                    #expect((page["pageCount"] as? Int ?? 0) >= number)
                }
                #expect(page["page"] as? Int == number)
                #expect(page["width"] as? Int == 52)
                #expect(page["height"] as? Int == 14)
                let start = try Locator(jsonString: try locatorText(page["start"]))
                #expect(start == (try session.document.fingerprintedLocator(at: expected.start)))
                let back = try jsonObject(try await client.execute(
                    uri: base + "&locator=\(queryValue(start.jsonString()))", method: .get))
                #expect(back["page"] as? Int == number, "\(book): page \(number)'s start Locator leads back to it")
                #expect(back["lines"] as? [String] == expected.lines)
                if let end = page["end"], !(end is NSNull) {
                    let next = try jsonObject(try await client.execute(
                        uri: base + "&locator=\(queryValue(try locatorText(end)))", method: .get))
                    #expect(next["page"] as? Int == number + 1, "\(book): page \(number)'s end Locator is the next page's start")
                }
            }
        }
    }

    @Test("a Locator of another edition (the AZW3 of the EPUB) finds its page by its text, and says how")
    func otherEditionLocator() async throws {
        let (epub, azw3) = ("epub/lighthouse-keeper.epub", "mobi/lighthouse-keeper.azw3")
        let shelf = try BookShelf(books: [epub, azw3])
        defer { shelf.remove() }
        try await shelf.server.makeApplication().test(.router) { client in
            let other = try jsonObject(try await client.execute(uri: "/api/books/\(shelf.id(azw3))/page?page=4", method: .get))
            let start = try Locator(jsonString: try locatorText(other["start"]))
            let words = try #require(start.text?.highlight).split(whereSeparator: \.isWhitespace).prefix(4).joined(separator: " ")
            #expect(words.count > 10)
            let page = try jsonObject(try await client.execute(
                uri: "/api/books/\(shelf.id(epub))/page?locator=\(queryValue(start.jsonString()))", method: .get))
            let lines = try #require(page["lines"] as? [String])
            #expect(lines.joined(separator: " ").split(whereSeparator: \.isWhitespace).joined(separator: " ").contains(words),
                    "the EPUB's page holds \(words.debugDescription)")
            let anchoring = try #require(page["anchoring"] as? [String: Any])
            #expect((anchoring["confidence"] as? Double ?? 0) > 0.5)
            #expect(anchoring["method"] as? String == "exactContext")
            let own = try jsonObject(try await client.execute(uri: "/api/books/\(shelf.id(epub))/page?page=2", method: .get))
            #expect(own["anchoring"] is NSNull, "the book's own pages need no anchoring")
        }
    }

    @Test("bad page parameters are 400s with a message, never 5xx")
    func badPageParameters() async throws {
        let book = "txt/lighthouse-keeper.txt"
        let shelf = try BookShelf(books: [book])
        defer { shelf.remove() }
        try await shelf.server.makeApplication().test(.router) { client in
            let base = "/api/books/\(shelf.id(book))/page"
            let cases = ["?page=0", "?page=-3", "?page=x", "?page=99999", "?width=7", "?width=1001", "?height=1",
                         "?height=501", "?width=abc", "?locator=nonsense", "?locator=%7B%7D", "?page=1&locator=%7B%7D",
                         "?locator=" + queryValue(#"{"href":"","type":"","locations":{"fingerprint":"txt:00:1","progression":0.5}}"#),
                         "?page=%zz"]
            for query in cases {
                let response = try await client.execute(uri: base + query, method: .get)
                #expect(response.status == .badRequest, "\(query): \(response.status)")
                #expect(errorMessage(response)?.isEmpty == false, "\(query)")
            }
            let past = try await client.execute(uri: base + "?page=99999", method: .get)
            #expect(errorMessage(past)?.contains("no page 99999") == true)
        }
    }

    @Test("sections: the reading order, each as sanitized HTML with served images or as Markdown")
    func sections() async throws {
        let book = "epub/lighthouse-keeper.epub"
        let shelf = try BookShelf(books: [book])
        defer { shelf.remove() }
        let document = try ReaderEngine.standard.open(path: shelf.path(book))
        let id = shelf.id(book)
        try await shelf.server.makeApplication().test(.router) { client in
            let list = try #require(try jsonBody(try await client.execute(uri: "/api/books/\(id)/sections", method: .get)) as? [[String: Any]])
            #expect(list.compactMap { $0["href"] as? String } == document.readingOrder.map(\.href))
            #expect(list.compactMap { $0["index"] as? Int } == Array(document.readingOrder.indices))
            var imagesSeen = 0
            for index in document.readingOrder.indices {
                let response = try await client.execute(uri: "/api/books/\(id)/sections/\(index)", method: .get)
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "text/html; charset=utf-8")
                #expect(response.headers[HTTPFields.Element.Name("X-Reader-Section-Count")!] == String(document.readingOrder.count))
                let html = String(buffer: response.body)
                #expect(html.hasPrefix("<section id=\"s\(index)\">"))
                #expect(!html.lowercased().contains("<script"))
                #expect(html.range(of: #"<[^>]*\son[a-z]+\s*="#, options: [.regularExpression, .caseInsensitive]) == nil,
                        "no event handler attributes")
                for source in Self.imageSources(in: html) {
                    imagesSeen += 1
                    #expect(source.hasPrefix("/api/books/\(id)/resources/"))
                    let image = try await client.execute(uri: source, method: .get)
                    #expect(image.status == .ok, "\(source)")
                    #expect(image.headers[.contentType]?.hasPrefix("image/") == true)
                }
                let markdown = try await client.execute(uri: "/api/books/\(id)/sections/\(index)?format=markdown", method: .get)
                #expect(markdown.headers[.contentType] == "text/markdown; charset=utf-8")
                let firstText = try document.content(ofSection: index).blocks.first { !$0.text.isEmpty }?.text
                if let word = firstText?.split(separator: " ").first {
                    #expect(String(buffer: markdown.body).contains(word))
                }
            }
            #expect(imagesSeen > 0, "the book's pictures are served through the resources route")
            #expect(try await client.execute(uri: "/api/books/\(id)/sections/\(document.readingOrder.count)", method: .get).status == .notFound)
            #expect(try await client.execute(uri: "/api/books/\(id)/sections/one", method: .get).status == .badRequest)
            #expect(try await client.execute(uri: "/api/books/\(id)/sections/0?format=pdf", method: .get).status == .badRequest)
        }
    }

    /// The `src` of every `<img>` in `html`, entities undone.
    static func imageSources(in html: String) -> [String] {
        html.components(separatedBy: "<img src=\"").dropFirst().compactMap { piece in
            piece.split(separator: "\"", maxSplits: 1).first.map { String($0).replacingOccurrences(of: "&amp;", with: "&") }
        }
    }
}
