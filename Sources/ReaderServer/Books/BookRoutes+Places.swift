import Foundation
import Hummingbird
import ReaderCore
import ReaderEngine
import ReaderSearch

extension BookRoutes {
    /// The positions list, locate, and search streamed as NDJSON.
    func registerPlaces(on router: Router<ServerRequestContext>) {
        let service = self.service
        router.get("/api/books/:id/positions", use: Self.answering { request, context in
            let query = try Self.query(request)
            let counting = try query.choice("counting", of: PositionCounting.allCases.map(\.rawValue), default: "content")
            let open = try service.open(Self.bookID(context))
            var list = try open.document.positionList(counting: PositionCounting(rawValue: counting) ?? .content)
            for index in list.indices { list[index].locations.fingerprint = open.fingerprint }
            return try Self.json(BookPositions(counting: counting, total: list.count, positions: list))
        })
        router.get("/api/books/:id/locate", use: Self.answering { request, context in
            let query = try Self.query(request)
            let open = try service.open(Self.bookID(context))
            return try Self.json(try Self.locate(in: open, query: query))
        })
        router.get("/api/books/:id/search", use: Self.answering { request, context in
            let query = try Self.query(request)
            let open = try service.open(Self.bookID(context))
            return try Self.search(open, query: query)
        })
    }

    /// The place `query` names (one of `progression`, `position`, `page`, `locator`) as a
    /// canonical Locator, with the page holding it at `width`×`height`.
    static func locate(in open: OpenBook, query: BookQuery) throws -> BookLocated {
        let given = ["progression", "position", "page", "locator"].filter(query.has)
        guard given.count == 1 else {
            throw BookAPIError.badRequest("give one of progression, position, page and locator")
        }
        let viewport = try query.viewport()
        let session = try open.session(at: viewport)
        let place: TextPosition
        if let progression = try query.number("progression", in: 0...1) {
            place = try session.resolve(Locator(href: "", type: "", locations: .init(totalProgression: progression))).position
        } else if let position = try query.integer("position", in: 1...Int(Int32.max)) {
            place = try session.resolve(Locator(href: "", type: "", locations: .init(position: position))).position
        } else if let page = try query.integer("page", in: 1...Self.pageLimit) {
            place = try Self.shownPage(page, of: session).start
        } else {
            let text = try query.text("locator", maxLength: BookRoutes.locatorLimit) ?? ""
            place = try session.resolve(Self.locator(text, parameter: "locator")).position
        }
        let number = try session.pageNumber(containing: place)
        let count = try session.pageCount()
        return BookLocated(locator: try open.document.fingerprintedLocator(at: place), page: number,
                           pageCount: max(count.value, number), pageCountIsEstimate: !count.isExact,
                           width: viewport.columns, height: viewport.rows)
    }

    /// The hits of `q`, one JSON object a line, each written as soon as it is found.
    static func search(_ open: OpenBook, query: BookQuery) throws -> Response {
        guard let text = try query.text("q", maxLength: 200), !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            throw BookAPIError.badRequest("q must hold the text to find")
        }
        let limit = try query.integer("limit", in: 1...10_000, default: 1000)
        let searchQuery = SearchQuery(text, caseSensitive: try query.flag("caseSensitive"),
                                      wholeWords: try query.flag("wholeWord"),
                                      ignoringDiacritics: try query.flag("ignoreDiacritics"), limit: limit)
        let session = query.has("width") || query.has("height") ? try open.session(at: try query.viewport()) : nil
        _ = try DocumentSearch(document: open.document, query: searchQuery)  // refuses a bad query before the 200
        let headers: HTTPFields = [.contentType: "application/x-ndjson; charset=utf-8", .cacheControl: "no-store",
                                   .xContentTypeOptions: "nosniff"]
        return Response(status: .ok, headers: headers, body: ResponseBody { writer in
            let search = try DocumentSearch(document: open.document, query: searchQuery, paginator: session?.paginator)
            do {
                while let hit = try search.next() {
                    try await writer.write(ByteBuffer(bytes: try Self.line(for: hit, fingerprint: open.fingerprint)))
                }
            } catch let error as ReaderError {
                try await writer.write(ByteBuffer(bytes: try Self.ndjson.encode(["error": error.reason]) + [0x0A]))
            }
            try await writer.finish(nil)
        })
    }

    /// One hit as a line of NDJSON.
    static func line(for hit: SearchHit, fingerprint: String) throws -> Data {
        var locator = hit.locator
        locator.locations.fingerprint = fingerprint
        let context = hit.locator.text
        let record = BookSearchHit(locator: locator, before: context?.before ?? "", match: context?.highlight ?? "",
                                   after: context?.after ?? "", section: hit.start.section, chapter: hit.tocTitle,
                                   page: hit.pageNumber)
        return try ndjson.encode(record) + [0x0A]
    }

    /// Compact JSON with sorted keys: one object per line.
    static let ndjson: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()
}
