import Foundation
import Hummingbird
import ReaderCore

/// The engine's own JSON API under `/api/books`: the books of the folder or library, their
/// metadata, tables of contents, pages at a viewport with their Locators, sections as sanitized
/// HTML or Markdown, resources and covers (ETags, byte ranges), positions, locate, search
/// streamed as NDJSON, and, for a library, reading positions, bookmarks, highlights and notes.
/// `docs/server-api.md` documents it; ``openAPI`` describes it in `/openapi.json`.
struct BookRoutes: ServerRouteGroup {
    let service: BookService

    /// The routes serving `configuration`'s folder or library.
    init(configuration: ServerConfiguration) {
        service = BookService(configuration: configuration)
    }

    func register(on router: Router<ServerRequestContext>) {
        registerReading(on: router)
        registerFiles(on: router)
        registerPlaces(on: router)
        registerLibrary(on: router)
    }

    var openAPI: OpenAPIFragment { BookOpenAPI.fragment }

    /// A handler whose ``BookAPIError``s and `ReaderError`s become their JSON responses.
    static func answering(
        _ body: @escaping @Sendable (Request, ServerRequestContext) async throws -> Response
    ) -> @Sendable (Request, ServerRequestContext) async throws -> Response {
        { request, context in
            do {
                return try await body(request, context)
            } catch let error as BookAPIError {
                return error.response
            } catch let error as ReaderError {
                return BookAPIError(error).response
            }
        }
    }

    /// The `:id` of the route.
    static func bookID(_ context: ServerRequestContext) -> String {
        context.parameters.get("id") ?? ""
    }

    /// The request's query parameters.
    static func query(_ request: Request) throws -> BookQuery {
        try BookQuery(request.uri.query)
    }

    /// `value` as a JSON 200 response.
    static func json(_ value: some Encodable, status: HTTPResponse.Status = .ok) throws -> Response {
        try JSONResponse.ok(value, status: status)
    }

    /// A Locator given as JSON text in parameter `name`.
    /// - Throws: ``BookAPIError`` 400 when it is not a Locator.
    static func locator(_ text: String, parameter name: String) throws -> Locator {
        do {
            return try Locator(jsonString: text)
        } catch {
            throw BookAPIError.badRequest("\(name): \(error.reason)")
        }
    }
}
