import Foundation
import Hummingbird
import ReaderCore
import ReaderEngine
import ReaderLibrary

/// The Markdown article viewer's API (PullRead's read-only contract): the folder's articles and
/// books listed (`/api/files`), one article's text (`/api/file`), when the folder last changed,
/// the settings endpoints the viewer asks for answered with their defaults, favicons, book
/// covers and the pictures inside books; with `--writable`, the highlights and notes it saves.
struct ViewerRoutes: ServerRouteGroup {
    let index: ViewerIndex
    let engine: ReaderEngine
    /// How a library book's text is read: with its stored encoding and transforms.
    let reading: StoredReading
    /// The viewer's saved highlights and notes (read always; written only with `--writable`).
    let store: ViewerAnnotationStore?
    let writable: Bool
    let bookTexts = BookTextCache()
    let covers = CoverCache()

    /// The routes over `configuration`'s folder (or the library's book files); highlights and notes
    /// are kept in its library (the served one, else ``ServerConfiguration/syncLibrary``).
    init(configuration: ServerConfiguration, engine: ReaderEngine = .standard) {
        self.engine = engine
        reading = StoredReading(library: configuration.library, engine: engine)
        writable = configuration.writable
        store = (configuration.library ?? configuration.syncLibrary).map(ViewerAnnotationStore.init(library:))
        switch configuration.source {
        case .folder(let path):
            let root = ContainedPath.realFolder(path)
            index = ViewerIndex(source: .folder(root: root), engine: engine)
        case .library(let library):
            index = ViewerIndex(source: .library(library), engine: engine)
        }
    }

    func register(on router: Router<ServerRequestContext>) {
        router.get("/api/files") { request, _ in
            let snapshot = index.snapshot()
            let summaries = request.uri.queryParameters.get("summaries").map { $0 == "1" || $0 == "true" } ?? false
            return Self.json(summaries ? snapshot.listingWithSummaries : snapshot.listing)
        }
        router.get("/api/file") { request, context in try await file(request, context) }
        router.get("/api/files-changed") { _, _ in
            try JSONResponse.ok(["changedAt": index.snapshot().changedAt])
        }
        router.get("/api/config") { _, _ in Self.json(Data(#"{"configured":true,"feeds":{}}"#.utf8)) }
        router.get("/api/tts-settings") { _, _ in try JSONResponse.ok(["provider": "browser"]) }
        router.get("/api/sync-status") { _, _ in try JSONResponse.ok(["syncInterval": "manual"]) }
        router.get("/api/settings") { _, _ in Self.json(Data("{}".utf8)) }
        router.get("/api/notebooks") { _, _ in Self.json(Data("{}".utf8)) }
        router.get("/api/highlights") { request, _ in
            let name: String? = request.uri.queryParameters.get("name").map { String($0) }
            return try await JSONResponse.ok(reading { store in
                guard let name else { return .object(try store?.all("highlights") ?? [:]) }
                return try store?.value("highlights", name: name) ?? .array([])
            })
        }
        router.get("/api/notes") { request, _ in
            let name: String? = request.uri.queryParameters.get("name").map { String($0) }
            return try await JSONResponse.ok(reading { store in
                guard let name else { return .object(try store?.all("notes") ?? [:]) }
                return try store?.value("notes", name: name) ?? Self.emptyNotes
            })
        }
        router.get("/favicons/{name}") { request, context in try await favicon(request, context) }
        router.get("/api/covers/{name}") { request, context in try cover(request, context) }
        router.get("/api/book-resources/{name}/**") { request, context in try bookResource(request, context) }
        if writable {
            router.post("/api/highlights") { request, context in
                try await save(request, context, kind: "highlights") { body in body["highlights"] ?? .array([]) }
            }
            router.post("/api/notes") { request, context in
                try await save(request, context, kind: "notes") { body in
                    guard case .object(var members) = body else { return body }
                    members["name"] = nil
                    return .object(members)
                }
            }
        }
    }

    /// `{"articleNote": "", "annotations": [], "tags": [], "isFavorite": false}`.
    static let emptyNotes = JSONValue.object([
        "articleNote": .string(""), "annotations": .array([]), "tags": .array([]), "isFavorite": .bool(false),
    ])

    // MARK: Handlers

    private func file(_ request: Request, _ context: ServerRequestContext) async throws -> Response {
        guard let name = request.uri.queryParameters.get("name"), ContainedPath.isPlainName(name),
              let item = index.snapshot().itemsByName[name],
              let real = ContainedPath.regularFile(item.file.path, under: index.containmentRoot) else {
            return JSONResponse.error("Not found", status: .notFound)
        }
        switch item.file.kind {
        case .article:
            guard let body = FileBody.whole(path: real) else { return JSONResponse.error("Not found", status: .notFound) }
            return Response(status: .ok, headers: [.contentType: "text/plain; charset=utf-8"], body: body)
        case .book:
            let text: String
            do throws(ReaderError) {
                text = try bookTexts.text(for: item.file) { () throws(ReaderError) in
                    try BookText.text(path: real, entry: item.entry, reading: reading)
                }
            } catch {
                return JSONResponse.error("Cannot read \(name): \(error.reason)", status: .unprocessableContent)
            }
            return Response(status: .ok, headers: [.contentType: "text/plain; charset=utf-8"],
                            body: .init(byteBuffer: ByteBuffer(string: text)))
        }
    }

    private func favicon(_ request: Request, _ context: ServerRequestContext) async throws -> Response {
        guard case .folder(let root) = index.source, let name = Self.decodedParameter("name", context),
              ContainedPath.isPlainName(name),
              let real = ContainedPath.regularFile(root + "/favicons/" + name, under: root) else {
            return JSONResponse.error("Not found", status: .notFound)
        }
        guard let body = FileBody.whole(path: real) else { return JSONResponse.error("Not found", status: .notFound) }
        return Response(status: .ok, headers: [.contentType: MediaTypes.forFile(name)], body: body)
    }

    private func cover(_ request: Request, _ context: ServerRequestContext) throws -> Response {
        guard let name = Self.decodedParameter("name", context), ContainedPath.isPlainName(name),
              let item = index.snapshot().itemsByName[name], item.hasCover,
              let real = ContainedPath.regularFile(item.file.path, under: index.containmentRoot),
              let cover = covers.cover(of: item.file, read: {
                  guard let provider = try? engine.open(path: real) as? any CoverProviding else { return nil }
                  return (try? provider.coverImage()) ?? nil
              }) else {
            return JSONResponse.error("Not found", status: .notFound)
        }
        return Response(status: .ok, headers: [.contentType: cover.mediaType, .cacheControl: "no-cache"],
                        body: .init(byteBuffer: ByteBuffer(bytes: cover.data)))
    }

    private func bookResource(_ request: Request, _ context: ServerRequestContext) throws -> Response {
        let href = context.parameters.getCatchAll().joined(separator: "/").removingPercentEncoding ?? ""
        guard let name = Self.decodedParameter("name", context), ContainedPath.isPlainName(name), !href.isEmpty,
              let item = index.snapshot().itemsByName[name], item.file.kind == .book,
              let real = ContainedPath.regularFile(item.file.path, under: index.containmentRoot),
              let provider = try? engine.open(path: real) as? any ResourceProviding,
              let resource = (try? provider.resources())?.first(where: { $0.href == href }),
              let data = try? provider.resourceData(href: href) else {
            return JSONResponse.error("Not found", status: .notFound)
        }
        return Response(status: .ok, headers: [.contentType: resource.mediaType],
                        body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }

    private func save(_ request: Request, _ context: ServerRequestContext, kind: String,
                      value: @escaping @Sendable (JSONValue) -> JSONValue) async throws -> Response {
        guard let store else {
            return JSONResponse.error("No library to keep highlights and notes in", status: .methodNotAllowed)
        }
        let buffer = try await request.body.collect(upTo: context.maxUploadSize)
        guard let body = try? JSONDecoder().decode(JSONValue.self, from: Data(buffer.readableBytesView)),
              case .string(let name)? = body["name"], ContainedPath.isPlainName(name) else {
            return JSONResponse.error("Expected a JSON object with the article's name", status: .badRequest)
        }
        guard index.snapshot().itemsByName[name] != nil else {
            return JSONResponse.error("No article named \(name)", status: .notFound)
        }
        do {
            try await ServerThreads.store.runIfActive { try store.save(value(body), kind: kind, name: name) }
        } catch {
            return JSONResponse.error("Cannot save: \(error)", status: .internalServerError)
        }
        return try JSONResponse.ok(["ok": true])
    }

    /// What `body` reads from the annotation store (nil without a library), read on the store's threads.
    private func reading(_ body: @escaping @Sendable (ViewerAnnotationStore?) throws -> JSONValue) async throws -> JSONValue {
        let store = self.store
        return try await ServerThreads.store.runIfActive { try body(store) }
    }

    // MARK: Helpers

    private static func json(_ data: Data) -> Response {
        Response(status: .ok, headers: [.contentType: "application/json; charset=utf-8"],
                 body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }

    private static func decodedParameter(_ key: String, _ context: ServerRequestContext) -> String? {
        context.parameters.get(key)?.removingPercentEncoding
    }

    /// A file name as one percent-encoded path component.
    static func pathComponent(_ name: String) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "/;?#%")
        return name.addingPercentEncoding(withAllowedCharacters: allowed) ?? name
    }
}
