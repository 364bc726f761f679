import Hummingbird
import ReaderAnchoring
import ReaderCore
import ReaderEngine
import ReaderLibrary
import ReaderRendering

extension BookRoutes {
    /// The list, a book's info and table of contents, a page at a viewport, the sections.
    func registerReading(on router: Router<ServerRequestContext>) {
        let service = self.service
        router.get("/api/books", use: Self.answering { request, _ in
            try Self.json(try Self.list(service, query: try Self.query(request)))
        })
        router.get("/api/books/:id", use: Self.answering { _, context in
            let book = try service.book(Self.bookID(context))
            let open = try service.open(book.id)
            return try Self.json(BookInfo(book: book, open: open, hasCover: service.hasCover(book)))
        })
        router.get("/api/books/:id/toc", use: Self.answering { _, context in
            let open = try service.open(Self.bookID(context))
            let entries = open.document.capabilities.contains(.tableOfContents) ? try open.document.tableOfContents() : []
            return try Self.json(BookTOCEntry.tree(entries))
        })
        router.get("/api/books/:id/page", use: Self.answering { request, context in
            let query = try Self.query(request)
            let open = try service.open(Self.bookID(context))
            return try Self.json(try Self.page(of: open, query: query))
        })
        router.get("/api/books/:id/sections", use: Self.answering { _, context in
            let open = try service.open(Self.bookID(context))
            return try Self.json(open.document.readingOrder.map(BookSectionEntry.init))
        })
        router.get("/api/books/:id/sections/:index", use: Self.answering { request, context in
            let query = try Self.query(request)
            let markup = try query.choice("format", of: ["html", "markdown"], default: "html")
            let open = try service.open(Self.bookID(context))
            return try Self.section(context.parameters.get("index") ?? "", of: open, markup: markup)
        })
    }

    /// One page of the books that pass `q` and `format`, sorted.
    static func list(_ service: BookService, query: BookQuery) throws -> BookList {
        let offset = try query.integer("offset", in: 0...Int(Int32.max), default: 0) ?? 0
        let limit = try query.integer("limit", in: 1...500, default: 50) ?? 50
        let sort = try query.choice("sort", of: BookListOrder.sorts, default: "title")
        let order = query.has("order") ? try query.choice("order", of: ["asc", "desc"], default: "asc") : nil
        var books = try service.catalog.books()
        if let format = try query.text("format", maxLength: 32) {
            books = books.filter { $0.record.format == format.lowercased() }
        }
        if let words = try query.text("q", maxLength: 200), !words.trimmingCharacters(in: .whitespaces).isEmpty {
            let filter = BookFilter(words)
            books = books.filter { filter.matches($0.record) }
        }
        let sorted = BookListOrder.sorted(books, by: sort, order: order)
        let page = sorted.dropFirst(min(offset, sorted.count)).prefix(limit)
        return BookList(total: sorted.count, offset: offset, limit: limit,
                        items: page.map { BookListItem($0, hasCover: service.hasCover($0)) })
    }

    /// The page `query` asks for: `page` (default 1) or the one holding `locator`, at
    /// `width`×`height`.
    static func page(of open: OpenBook, query: BookQuery) throws -> BookPage {
        let viewport = try query.viewport()
        let session = try open.session(at: viewport)
        let number: Int
        var anchoring: BookPageAnchoring?
        if let text = try query.text("locator", maxLength: BookRoutes.locatorLimit) {
            guard !query.has("page") else { throw BookAPIError.badRequest("give page or locator, not both") }
            let locator = try Self.locator(text, parameter: "locator")
            let resolved = try session.resolve(locator, reanchoring: Self.reanchoring(locator, in: open))
            anchoring = resolved.match.map { BookPageAnchoring(confidence: $0.confidence, method: $0.method.rawValue) }
            number = try session.pageNumber(containing: resolved.position)
        } else {
            number = try query.integer("page", in: 1...Self.pageLimit, default: 1) ?? 1
        }
        let shown = try Self.shownPage(number, of: session)
        let start = try open.document.fingerprintedLocator(at: shown.start)
        var end: Locator?
        if let position = shown.end { end = try open.document.fingerprintedLocator(at: position) }
        let finalCount = try session.pageCount()
        return BookPage(page: number, pageCount: max(finalCount.value, number), pageCountIsEstimate: !finalCount.isExact,
                        width: viewport.columns, height: viewport.rows, lines: shown.lines, start: start, end: end,
                        chapter: start.title, progression: start.locations.totalProgression, anchoring: anchoring)
    }

    /// Text re-anchoring for a Locator stamped with another file's fingerprint (another edition or
    /// format of the book): it is looked for by its text context instead of being refused.
    static func reanchoring(_ locator: Locator, in open: OpenBook) -> ReanchoringOptions? {
        guard let stamp = locator.locations.fingerprint, stamp != open.fingerprint, locator.text?.highlight != nil else { return nil }
        return ReanchoringOptions()
    }

    /// Page `number` of `session`.
    /// - Throws: ``BookAPIError`` 400 naming the page count when there is no such page.
    static func shownPage(_ number: Int, of session: ReadingSession) throws -> Page {
        do {
            return try session.page(number)
        } catch {
            guard error.code == .invalidArgument else { throw error }
            let count = try session.pageCount()
            throw BookAPIError.badRequest(
                "no page \(number): the book has \(count.isExact ? "" : "about ")\(count.value) pages at \(session.viewport)")
        }
    }

    /// The longest Locator accepted in a query, in characters: percent-encoded, even one of
    /// four-byte characters stays within an 8 KiB request line.
    static let locatorLimit = 600

    /// The largest page number accepted.
    static let pageLimit = 10_000_000

    /// Section `indexText` of the book as sanitized HTML (one `<section>`, images served from
    /// the book's resources) or Markdown.
    static func section(_ indexText: String, of open: OpenBook, markup: String) throws -> Response {
        let sections = open.document.readingOrder
        guard let index = Int(indexText), index >= 0 else {
            throw BookAPIError.badRequest("the section index must be an integer of 0 or more, not \"\(indexText.prefix(40))\"")
        }
        guard index < sections.count else {
            throw BookAPIError.notFound("No section \(index): the book has \(sections.count)")
        }
        let content = try open.document.content(ofSection: index)
        var headers: HTTPFields = [.xContentTypeOptions: "nosniff"]
        headers[Self.sectionCountField] = String(sections.count)
        let body: String
        if markup == "markdown" {
            var renderer = MarkdownRenderer()
            body = renderer.render(content)
            headers[.contentType] = "text/markdown; charset=utf-8"
        } else {
            let document = open.document
            var renderer = HTMLRenderer(sections: sections, resourceBase: "/api/books/\(open.id)/resources/") { locator in
                try? document.textPosition(for: locator).section
            }
            body = renderer.render(content, of: sections[index])
            headers[.contentType] = "text/html; charset=utf-8"
            headers[.contentSecurityPolicy] = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'"
        }
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: body)))
    }

    /// `X-Reader-Section-Count`: how many sections the book has.
    static let sectionCountField: HTTPFields.Element.Name = HTTPFields.Element.Name("X-Reader-Section-Count")!
}
