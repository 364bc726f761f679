import HTTPTypes
import Hummingbird

/// Adds the security headers to every response (a route that sets its own keeps it): a
/// Content-Security-Policy allowing only this server's scripts, styles and frames (no inline
/// script, never framed), pictures and media also from https, no MIME sniffing, no referrer.
struct SecurityHeadersMiddleware: RouterMiddleware {
    typealias Context = ServerRequestContext

    /// The policy: scripts only from this server (none inline), never inside a frame.
    static let contentSecurityPolicy = "default-src 'self'; script-src 'self'; object-src 'none'; base-uri 'self'; "
        + "form-action 'self'; img-src 'self' data: https:; media-src 'self' https:; frame-ancestors 'none'"

    private static let referrerPolicy = HTTPField.Name("Referrer-Policy")!

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        var response: Response
        do {
            response = try await next(request, context)
        } catch let error as HTTPResponseError {
            let status = error.status
            response = JSONResponse.error(status == .notFound ? "Not found" : status.reasonPhrase, status: status)
        }
        if response.headers[.contentSecurityPolicy] == nil {
            response.headers[.contentSecurityPolicy] = Self.contentSecurityPolicy
        }
        response.headers[.xContentTypeOptions] = "nosniff"
        response.headers[Self.referrerPolicy] = "no-referrer"
        return response
    }
}
