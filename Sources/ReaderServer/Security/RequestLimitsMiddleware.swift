import Hummingbird

/// Holds every request to ``ServerLimits``: a request target longer than `maxURLBytes` gets 414,
/// headers over `maxHeaderBytes` (names and values) 431, a body over `maxBodyBytes` 413 (from its
/// `Content-Length` at once, or while a chunked body is read). Handlers see the cap as the
/// context's `maxUploadSize`.
struct RequestLimitsMiddleware: RouterMiddleware {
    typealias Context = ServerRequestContext
    let limits: ServerLimits

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        var context = context
        context.maxUploadSize = limits.maxBodyBytes
        if request.uri.description.utf8.count > limits.maxURLBytes {
            return JSONResponse.error("URI too long", status: .uriTooLong)
        }
        var headerBytes = 0
        for field in request.headers { headerBytes += field.name.rawName.utf8.count + field.value.utf8.count + 4 }
        if headerBytes > limits.maxHeaderBytes {
            return JSONResponse.error("Request header fields too large", status: .requestHeaderFieldsTooLarge)
        }
        if let length = request.headers[.contentLength].flatMap({ Int($0) }), length > limits.maxBodyBytes {
            return JSONResponse.error("Content too large", status: .contentTooLarge)
        }
        var request = request
        if request.headers[.transferEncoding] != nil {
            do {
                let body = try await request.body.collect(upTo: limits.maxBodyBytes)
                request.body = .init(buffer: body)
            } catch let error as HTTPResponseError where error.status == .contentTooLarge {
                return JSONResponse.error("Content too large", status: .contentTooLarge)
            }
        }
        return try await next(request, context)
    }
}
