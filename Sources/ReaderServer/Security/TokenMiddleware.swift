import Hummingbird

/// Refuses, with 401, a request that does not carry the server's token (when it has one): as
/// `Authorization: Bearer TOKEN`, as `?token=TOKEN` (for a browser's first visit; the answer then
/// sets an HttpOnly, SameSite=Strict cookie `reader_token` so the page's own requests carry it),
/// or as that cookie (set only for a token of letters, digits and `-._~`, which a cookie can hold). KOSync's paths (`/users/…`, `/syncs/…`, `/healthcheck`) have their own
/// authentication and pass.
struct TokenMiddleware: RouterMiddleware {
    typealias Context = ServerRequestContext
    /// The token required, or nil when none is.
    let token: String?

    /// The cookie that carries the token for a browser.
    static let cookieName = "reader_token"

    /// Whether `path` is one of KOSync's, which authenticate on their own.
    static func isExempt(_ path: String) -> Bool {
        path == "/healthcheck" || path.hasPrefix("/users/") || path.hasPrefix("/syncs/")
    }

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        guard let token, !Self.isExempt(request.uri.path) else { return try await next(request, context) }
        if let header = request.headers[.authorization], header.hasPrefix("Bearer "),
           Self.same(String(header.dropFirst(7)).trimmingSpaces, token) {
            return try await next(request, context)
        }
        if let cookie = request.cookies[Self.cookieName], Self.same(cookie.value, token) {
            return try await next(request, context)
        }
        if let query = request.uri.queryParameters.get("token"), Self.same(query, token) {
            var response = try await next(request, context)
            if token.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-._~".contains($0)) }) {
                response.setCookie(Cookie(name: Self.cookieName, value: token, path: "/", httpOnly: true, sameSite: .strict))
            }
            return response
        }
        var response = JSONResponse.error("Unauthorized: this server needs its token", status: .unauthorized)
        response.headers[.wwwAuthenticate] = "Bearer"
        return response
    }

    /// Compares in time that depends only on the lengths, not on where the strings differ.
    static func same(_ given: String, _ expected: String) -> Bool {
        let left = Array(given.utf8)
        let right = Array(expected.utf8)
        guard left.count == right.count else { return false }
        var difference: UInt8 = 0
        for index in left.indices { difference |= left[index] ^ right[index] }
        return difference == 0
    }
}

private extension String {
    var trimmingSpaces: String {
        String(drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed())
    }
}
