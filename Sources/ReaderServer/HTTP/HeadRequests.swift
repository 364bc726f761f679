import Hummingbird

/// Answers HEAD on every GET route of the router it wraps: the request reaches the router as a
/// GET (a router finds routes by method, and its middleware runs only once a route is found), and
/// the answer keeps its status and headers, the length its body would have had included, but not
/// the body, so a file or a streamed search is never read for it.
struct HeadRequests<Routes: HTTPResponderBuilder>: HTTPResponderBuilder {
    /// The router whose GET routes answer HEAD too.
    let routes: Routes

    func buildResponder() -> Responder {
        Responder(routes: routes.buildResponder())
    }

    /// The wrapped router's responder, with HEAD turned into GET and the body dropped.
    struct Responder: HTTPResponder {
        let routes: Routes.Responder

        func respond(to request: Request, context: Routes.Responder.Context) async throws -> Response {
            guard request.method == .head else { return try await routes.respond(to: request, context: context) }
            var head = request.head
            head.method = .get
            var response = try await routes.respond(to: Request(head: head, body: request.body), context: context)
            // The server writes Content-Length from the body's own count: an empty body that
            // counts what the GET's would have held.
            let length = response.body.contentLength ?? response.headers[.contentLength].flatMap { Int($0) }
            response.body = ResponseBody(contentLength: length) { writer in try await writer.finish(nil) }
            return response
        }
    }
}
