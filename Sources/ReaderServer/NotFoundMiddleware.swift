import Hummingbird

/// Turns Hummingbird's errors into JSON bodies under `/api/`, so clients never parse an empty or
/// plain-text error there: an unknown route is `{"error": "Not found"}` with 404.
struct JSONErrorMiddleware: RouterMiddleware {
    typealias Context = ServerRequestContext

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as HTTPResponseError {
            let status = error.status
            let message = status == .notFound ? "Not found" : status.reasonPhrase
            return JSONResponse.error(message, status: status)
        }
    }
}
