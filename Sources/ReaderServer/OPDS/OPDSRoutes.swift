import Foundation
import Hummingbird
import ReaderCore
import ReaderEngine

/// The OPDS catalog: OPDS 1.2 (Atom) under `/opds`, OPDS 2.0 (JSON) under `/opds/v2`, the same
/// feeds in both (root, recent, by title, authors, tags, collections, search), an OpenSearch
/// description, and each book's file, EPUB export, cover and thumbnail (a JPEG of at most
/// 200 × 300) under `/opds/books/ID`.
struct OPDSRoutes: ServerRouteGroup {
    /// Books per page of a listing.
    static let defaultPageSize = 25

    let source: any OPDSBookSource
    let pageSize: Int
    let exports: OPDSExportCache
    let thumbnails = OPDSThumbnails()
    /// Whether acquisitions are marked open access (no token guards the server).
    let openAccess: Bool
    /// The media types of the files the engine opens (for the OpenAPI description).
    let fileMediaTypes: [String]

    /// The catalog of what `configuration` serves.
    init(configuration: ServerConfiguration, engine: ReaderEngine = .standard, pageSize: Int = defaultPageSize,
         exportFolder: String = OPDSExportCache.defaultFolder) {
        switch configuration.source {
        case .folder(let path): source = OPDSFolderSource(path: path, engine: engine)
        case .library(let library): source = OPDSLibrarySource(library: library)
        }
        self.pageSize = max(1, pageSize)
        let exportEngine = configuration.library?.engine ?? engine
        exports = OPDSExportCache(folder: exportFolder, reading: StoredReading(library: configuration.library, engine: exportEngine))
        openAccess = configuration.token == nil
        fileMediaTypes = Array(Set(exportEngine.registry.descriptors.map(\.mediaType))).sorted()
    }

    func register(on router: Router<ServerRequestContext>) {
        for version in OPDSVersion.allCases {
            let prefix = version.prefix
            router.get(RouterPath(prefix)) { request, _ in try await feed(version, request) { builder, page in builder.root() } }
            router.get(RouterPath("\(prefix)/recent")) { request, _ in try await feed(version, request) { $0.recent(page: $1) } }
            router.get(RouterPath("\(prefix)/titles")) { request, _ in try await feed(version, request) { $0.titles(page: $1) } }
            router.get(RouterPath("\(prefix)/search")) { request, _ in
                let terms = Self.searchTerms(request)
                return try await feed(version, request) { $0.search(terms, page: $1) }
            }
            for grouping in OPDSGrouping.allCases {
                router.get(RouterPath("\(prefix)/\(grouping.rawValue)")) { request, _ in
                    try await feed(version, request) { builder, _ in builder.groupList(grouping) }
                }
                router.get(RouterPath("\(prefix)/\(grouping.rawValue)/:name")) { request, context in
                    let raw = context.parameters.get("name") ?? ""
                    guard let name = raw.removingPercentEncoding else { throw HTTPError(.notFound) }
                    return try await feed(version, request) { $0.group(grouping, named: name, page: $1) }
                }
            }
        }
        router.get("/opds/v2/books/:id") { _, context in
            let book = try await book(context)
            let facts = entryFacts([book])
            return Response(status: .ok, headers: [.contentType: OPDSMediaType.opds2Publication],
                            body: .init(byteBuffer: ByteBuffer(bytes: OPDSJSONWriter(facts: facts).writePublication(book))))
        }
        router.get("/opds/opensearch.xml") { _, _ in
            Response(status: .ok, headers: [.contentType: OPDSMediaType.openSearch],
                     body: .init(byteBuffer: ByteBuffer(string: OPDSAtomWriter.openSearchDescription())))
        }
        router.get("/opds/placeholder-cover.png") { _, _ in
            Response(status: .ok, headers: [.contentType: "image/png", .cacheControl: "max-age=86400"],
                     body: .init(byteBuffer: ByteBuffer(bytes: OPDSPlaceholderCover.png)))
        }
        router.get("/opds/books/:id/file") { request, context in
            let book = try await book(context)
            guard let size = (try? FileManager.default.attributesOfItem(atPath: book.path))?[.size] as? NSNumber,
                  size.int64Value == book.byteCount
            else { throw HTTPError(.notFound) }
            return try await OPDSFileResponse.serve(path: book.path, mediaType: book.mediaType, etag: "\"\(book.id)\"",
                                                    downloadName: (book.path as NSString).lastPathComponent,
                                                    request: request, context: context)
        }
        router.get("/opds/books/:id/epub") { request, context in
            let book = try await book(context)
            guard !book.isEPUB else { throw HTTPError(.notFound) }
            let path: String
            do {
                path = try await exports.epub(for: book)
            } catch {
                throw HTTPError(.unprocessableContent)
            }
            let name = ((book.path as NSString).lastPathComponent as NSString).deletingPathExtension + ".epub"
            return try await OPDSFileResponse.serve(path: path, mediaType: OPDSMediaType.epub, etag: "\"\(book.id)-epub\"",
                                                    downloadName: name, request: request, context: context)
        }
        router.get("/opds/books/:id/cover") { request, context in
            let book = try await book(context)
            guard let cover = source.cover(of: book) else { throw HTTPError(.notFound) }
            return Self.picture(cover, etag: "\"\(book.id)-cover\"", request: request)
        }
        router.get("/opds/books/:id/thumbnail") { request, context in
            let book = try await book(context)
            let etag = "\"\(book.id)-thumbnail\""
            let (source, thumbnails) = (self.source, self.thumbnails)
            // Decoding and scaling take a while: off the request's thread.
            let picture = try await ServerThreads.files.runIfActive { () -> CoverImage? in
                guard let cover = source.cover(of: book) else { return nil }
                return thumbnails.picture(for: book.id, cover: cover)
            }
            guard let picture else { throw HTTPError(.notFound) }
            return Self.picture(picture, etag: etag, request: request)
        }
    }

    /// A picture response: its ETag (304 when the request holds it), cached for a day, never sniffed
    /// or run as a document.
    private static func picture(_ picture: CoverImage, etag: String, request: Request) -> Response {
        var headers: HTTPFields = [.contentType: picture.mediaType, .eTag: etag, .cacheControl: "max-age=86400",
                                   .xContentTypeOptions: "nosniff", .contentSecurityPolicy: "sandbox"]
        if EntityTag.requestHolds(request, etag) { return Response(status: .notModified, headers: headers) }
        headers[.contentLength] = String(picture.data.count)
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: picture.data)))
    }

    /// Builds and writes a feed; 404 when `build` finds nothing, 400 for a bad page number.
    private func feed(_ version: OPDSVersion, _ request: Request,
                      build: @escaping @Sendable (OPDSFeedBuilder, Int) -> OPDSFeed?) async throws -> Response {
        let page: Int
        if let text = request.uri.queryParameters["page"] {
            guard let number = Int(text), number >= 1 else { throw HTTPError(.badRequest) }
            page = number
        } else {
            page = 1
        }
        let books = try await allBooks()
        guard let feed = build(OPDSFeedBuilder(books: books, pageSize: pageSize), page) else { throw HTTPError(.notFound) }
        let facts = entryFacts(feed.books)
        switch version {
        case .atom:
            return Response(status: .ok, headers: [.contentType: OPDSMediaType.atom(feed.kind)],
                            body: .init(byteBuffer: ByteBuffer(string: OPDSAtomWriter(facts: facts).write(feed))))
        case .json:
            return Response(status: .ok, headers: [.contentType: OPDSMediaType.opds2],
                            body: .init(byteBuffer: ByteBuffer(bytes: OPDSJSONWriter(facts: facts).write(feed))))
        }
    }

    /// Every book, read off the request's thread (a folder walk stats every file).
    private func allBooks() async throws -> [OPDSBook] {
        let source = self.source
        do {
            return try await ServerThreads.files.runIfActive { try source.books() }
        } catch let error as ReaderError where error.code == .fileNotFound {
            throw HTTPError(.notFound)
        }
    }

    /// The book named by the `id` path parameter; 404 when there is none.
    private func book(_ context: ServerRequestContext) async throws -> OPDSBook {
        guard let id = context.parameters.get("id"), id.count == 64, id.allSatisfy({ $0.isHexDigit && !$0.isUppercase }),
              let book = try await allBooks().first(where: { $0.id == id })
        else { throw HTTPError(.notFound) }
        return book
    }

    /// What the entries of `books` link to: the media types of their covers and thumbnails.
    private func entryFacts(_ books: [OPDSBook]) -> OPDSEntryFacts {
        var facts = OPDSEntryFacts(openAccess: openAccess)
        for book in books {
            guard let cover = source.cover(of: book) else { continue }
            facts.coverTypes[book.id] = cover.mediaType
            facts.thumbnailTypes[book.id] = thumbnails.mediaType(for: book.id, cover: cover)
        }
        return facts
    }

    /// `q` (OpenSearch, OPDS 1) or `query` (the OPDS 2 template), `+` read as a space.
    private static func searchTerms(_ request: Request) -> String {
        let raw = request.uri.queryParameters["q"] ?? request.uri.queryParameters["query"] ?? ""
        return String(raw).replacingOccurrences(of: "+", with: " ")
    }
}

/// The two catalog versions and where each lives.
enum OPDSVersion: CaseIterable, Sendable {
    case atom, json

    var prefix: String { self == .atom ? OPDSAddresses.atom.prefix : OPDSAddresses.json.prefix }
}
