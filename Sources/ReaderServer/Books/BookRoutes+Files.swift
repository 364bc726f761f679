import Hummingbird
import ReaderCore

extension BookRoutes {
    /// A book's resources (listed, and each by href) and its cover, with ETags and byte ranges.
    func registerFiles(on router: Router<ServerRequestContext>) {
        let service = self.service
        router.get("/api/books/:id/resources", use: Self.answering { _, context in
            let open = try service.open(Self.bookID(context))
            let resources = try Self.resources(of: open)
            return try Self.json(resources.map { resource in
                BookResourceEntry(href: resource.href, mediaType: resource.mediaType, byteCount: resource.byteCount,
                                  url: Self.resourceURL(book: open.id, href: resource.href))
            })
        })
        router.get("/api/books/:id/resources/**", use: Self.answering { request, context in
            let id = Self.bookID(context)
            let open = try service.open(id)
            let href = try Self.resourceHref(path: request.uri.path, book: id)
            guard let resource = try Self.resources(of: open).first(where: { Self.sameHref($0.href, href) }),
                  let provider = open.document as? any ResourceProviding
            else { throw BookAPIError.notFound("No resource \(href.prefix(200)) in book \(id)") }
            let etag = ByteResponse.etag(book: id, part: "resource:" + resource.href)
            if let unchanged = ByteResponse.notModified(request, etag: etag) { return unchanged }
            let bytes = try Self.data(of: resource, in: provider)
            return ByteResponse.response(request, bytes: bytes, mediaType: resource.mediaType, etag: etag)
        })
        router.get("/api/books/:id/cover", use: Self.answering { request, context in
            let book = try service.book(Self.bookID(context))
            let etag = ByteResponse.etag(book: book.id, part: "cover")
            let noCover = BookAPIError.notFound("Book \(book.id) has no cover picture")
            if let library = service.library {
                if let unchanged = ByteResponse.notModified(request, etag: etag), service.hasCover(book) { return unchanged }
                guard let cover = try library.cover(of: book.record) else { throw noCover }
                return ByteResponse.response(request, bytes: cover.data, mediaType: cover.mediaType, etag: etag)
            }
            guard book.hasCover else { throw noCover }
            if let unchanged = ByteResponse.notModified(request, etag: etag) { return unchanged }
            let open = try service.open(book.id)
            guard let provider = open.document as? any CoverProviding, let cover = try provider.coverImage() else { throw noCover }
            return ByteResponse.response(request, bytes: cover.data, mediaType: cover.mediaType, etag: etag)
        })
    }

    /// The bytes of `resource`; one too large to serve is a 422.
    static func data(of resource: DocumentResource, in provider: any ResourceProviding) throws -> [UInt8] {
        do {
            return try provider.resourceData(href: resource.href)
        } catch {
            guard error.code == .unsupportedOperation else { throw error }
            throw BookAPIError(status: .unprocessableContent, message: error.reason)
        }
    }

    /// The book's resources; none for a format that holds none (TXT).
    static func resources(of open: OpenBook) throws -> [DocumentResource] {
        guard let provider = open.document as? any ResourceProviding else { return [] }
        return try provider.resources()
    }

    /// The href named by the path after `/api/books/ID/resources/`, percent-decoded.
    /// - Throws: ``BookAPIError`` 400 when the escapes are malformed or not UTF-8.
    static func resourceHref(path: String, book id: String) throws -> String {
        let prefix = "/api/books/\(id)/resources/"
        guard path.hasPrefix(prefix) else { throw BookAPIError.notFound("No resource") }
        let encoded = path.dropFirst(prefix.count)
        var bytes: [UInt8] = []
        var iterator = encoded.utf8.makeIterator()
        while let byte = iterator.next() {
            if byte == UInt8(ascii: "%") {
                guard let high = iterator.next().flatMap(BookQuery.hexValue), let low = iterator.next().flatMap(BookQuery.hexValue) else {
                    throw BookAPIError.badRequest("the resource path has a malformed percent escape")
                }
                bytes.append(high << 4 | low)
            } else {
                bytes.append(byte)
            }
        }
        guard let href = String(validating: bytes, as: UTF8.self) else {
            throw BookAPIError.badRequest("the resource path is not valid UTF-8")
        }
        return href
    }

    /// Whether two hrefs name the same resource once `./` segments are dropped (a Markdown link
    /// written `./images/a.png` is asked for as `images/a.png` by a browser).
    static func sameHref(_ listed: String, _ asked: String) -> Bool {
        listed == asked || withoutDotSegments(listed) == withoutDotSegments(asked)
    }

    private static func withoutDotSegments(_ href: String) -> String {
        href.split(separator: "/", omittingEmptySubsequences: false).filter { $0 != "." }.joined(separator: "/")
    }

    /// Where resource `href` of book `id` is served: each byte outside a URL path's plain
    /// characters percent-encoded.
    static func resourceURL(book id: String, href: String) -> String {
        var encoded = ""
        for byte in href.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"), UInt8(ascii: ":"):
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let digits = String(byte, radix: 16, uppercase: true)
                encoded += "%" + (digits.count == 1 ? "0" + digits : digits)
            }
        }
        return "/api/books/\(id)/resources/" + encoded
    }
}
