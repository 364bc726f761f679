import Foundation
import Hummingbird
import ReaderCore
import ReaderLibrary

extension BookRoutes {
    /// The library's reading position and items of a book (writes only with `--writable`).
    func registerLibrary(on router: Router<ServerRequestContext>) {
        let service = self.service
        router.get("/api/books/:id/position", use: Self.answering { _, context in
            let (library, book) = try Self.libraryBook(service, context)
            guard let position = try library.position(of: book.record) else {
                throw BookAPIError.notFound("No reading position recorded for book \(book.id)")
            }
            return try Self.json(BookPosition(position))
        })
        router.put("/api/books/:id/position", use: Self.answering { request, context in
            guard service.writable else { throw BookAPIError.readOnly }
            let (library, book) = try Self.libraryBook(service, context)
            let update = try await Self.body(BookPositionUpdate.self, of: request, context: context)
            if let progression = update.progression, !(0...1).contains(progression) {
                throw BookAPIError.badRequest("progression must be within 0...1")
            }
            let open = try service.open(book.id)
            let session = try open.session(at: .standard)
            let locator = try open.document.fingerprintedLocator(at: session.resolve(update.locator).position)
            try library.recordPageShown(fingerprint: book.record.fingerprint, locator: locator,
                                        progress: update.progression ?? locator.locations.totalProgression,
                                        isLastPage: update.finished ?? false)
            service.catalog.invalidate()
            guard let stored = try library.position(of: book.record) else {
                throw BookAPIError.notFound("Book \(book.id) is no longer in the library")
            }
            return try Self.json(BookPosition(stored))
        })
        for kind in Annotation.Kind.allCases {
            let collection = "/api/books/:id/\(kind.rawValue)s"
            router.get(RouterPath(collection), use: Self.answering { _, context in
                let (library, book) = try Self.libraryBook(service, context)
                return try Self.json(try library.annotations(of: book.record, kind: kind).map(BookItem.init))
            })
            router.post(RouterPath(collection), use: Self.answering { request, context in
                guard service.writable else { throw BookAPIError.readOnly }
                let (library, book) = try Self.libraryBook(service, context)
                let asked = try await Self.body(BookItemRequest.self, of: request, context: context)
                let item = try library.addAnnotation(kind, to: book.record, at: try Self.place(of: asked, kind: kind),
                                                     note: try Self.note(of: asked, kind: kind),
                                                     color: try Self.color(of: asked))
                return try Self.json(BookItem(item), status: .created)
            })
            router.delete(RouterPath(collection + "/:item"), use: Self.answering { _, context in
                guard service.writable else { throw BookAPIError.readOnly }
                let (library, book) = try Self.libraryBook(service, context)
                let wanted = (context.parameters.get("item") ?? "").lowercased()
                guard UUID(uuidString: wanted) != nil,
                      try library.annotations(of: book.record, kind: kind).contains(where: { $0.uuid == wanted })
                else { throw BookAPIError.notFound("No \(kind.rawValue) \(wanted.prefix(40)) in book \(book.id)") }
                try library.removeAnnotation(wanted, kind: kind)
                return Response(status: .noContent)
            })
        }
    }

    /// The library and the book of the route.
    /// - Throws: ``BookAPIError`` 404 when serving a folder, or for an unknown book.
    static func libraryBook(_ service: BookService, _ context: ServerRequestContext) throws -> (Library, CatalogBook) {
        guard let library = service.library else {
            throw BookAPIError.notFound("No library: reading positions and items are kept when serving the library (reader serve --library)")
        }
        return (library, try service.book(bookID(context)))
    }

    /// The request's JSON body as `type`.
    /// - Throws: ``BookAPIError`` 400 when it is missing, too large or not that shape.
    static func body<T: Decodable>(_ type: T.Type, of request: Request, context: ServerRequestContext) async throws -> T {
        var request = request
        let buffer: ByteBuffer
        do {
            buffer = try await request.collectBody(upTo: context.maxUploadSize)
        } catch {
            throw BookAPIError(status: .contentTooLarge, message: "The body is larger than \(context.maxUploadSize) bytes")
        }
        do {
            return try JSONDecoder().decode(type, from: Data(buffer.readableBytesView))
        } catch let error as DecodingError {
            throw BookAPIError.badRequest("The body is not the JSON expected: \(Self.describe(error))")
        } catch {
            throw BookAPIError.badRequest("The body is not JSON")
        }
    }

    /// Where a new item goes: a highlight needs a range; a bookmark or note takes a Locator, a
    /// range's start or a page at a viewport.
    static func place(of asked: BookItemRequest, kind: Annotation.Kind) throws -> AnnotationPlace {
        let given = [asked.locator != nil, asked.range != nil, asked.page != nil].filter { $0 }.count
        guard given == 1 else { throw BookAPIError.badRequest("give one of locator, range and page") }
        if kind == .highlight, asked.range == nil { throw BookAPIError.badRequest("a highlight needs a range") }
        if let range = asked.range { return kind == .highlight || kind == .note ? .range(range) : .locator(range.start) }
        if let locator = asked.locator { return .locator(locator) }
        let page = asked.page ?? 1
        guard page >= 1 else { throw BookAPIError.badRequest("page must be 1 or more") }
        let columns = asked.width ?? Viewport.standard.columns
        let rows = asked.height ?? Viewport.standard.rows
        guard BookQuery.viewportColumns.contains(columns), BookQuery.viewportRows.contains(rows) else {
            throw BookAPIError.badRequest("width must be within \(BookQuery.viewportColumns) and height within \(BookQuery.viewportRows)")
        }
        return .page(page, try Viewport(columns: columns, rows: rows))
    }

    /// The item's note: required for a note, at most 64 KiB.
    static func note(of asked: BookItemRequest, kind: Annotation.Kind) throws -> String? {
        if kind == .note, (asked.note ?? "").trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            throw BookAPIError.badRequest("a note needs its text in note")
        }
        if let note = asked.note, note.utf8.count > 65_536 { throw BookAPIError.badRequest("note must be at most 64 KiB") }
        return asked.note
    }

    /// The item's colour name: letters, digits, `#` and `-`, at most 32.
    static func color(of asked: BookItemRequest) throws -> String? {
        guard let color = asked.color else { return nil }
        guard color.count <= 32, color.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "#" || $0 == "-") })
        else { throw BookAPIError.badRequest("color must be a name or #hex of at most 32 characters") }
        return color
    }

    private static func describe(_ error: DecodingError) -> String {
        switch error {
        case .keyNotFound(let key, _): "missing key \"\(key.stringValue)\""
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            context.codingPath.isEmpty ? "malformed JSON" : "bad value at \(context.codingPath.map(\.stringValue).joined(separator: "."))"
        default: "malformed JSON"
        }
    }
}
