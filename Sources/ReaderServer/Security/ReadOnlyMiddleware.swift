import HTTPTypes
import Hummingbird

/// Without `--writable`, refuses every POST, PUT, PATCH and DELETE under `/api/` with 405
/// `{"error": "Read-only viewer"}` (the article viewer's contract), before any route runs.
struct ReadOnlyMiddleware: RouterMiddleware {
    typealias Context = ServerRequestContext
    /// Whether changes are allowed.
    let writable: Bool

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let changing: Set<HTTPRequest.Method> = [.post, .put, .patch, .delete]
        if !writable, changing.contains(request.method), request.uri.path.hasPrefix("/api/") {
            var response = JSONResponse.error("Read-only viewer", status: .methodNotAllowed)
            response.headers[.allow] = "GET, HEAD"
            return response
        }
        return try await next(request, context)
    }
}
