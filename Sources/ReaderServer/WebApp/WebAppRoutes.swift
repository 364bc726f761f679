import Foundation
import Hummingbird

/// The reading web app: the page at `/` and its script, style and icon under `/app/`, all
/// embedded in the binary. Every response carries the app's security headers; the page and
/// unversioned files are revalidated by ETag, versioned ones (`?v=`, as the page links them)
/// are cached for a year.
struct WebAppRoutes: ServerRouteGroup {
    /// The Content-Security-Policy of the app: nothing inline, nothing from elsewhere, no framing.
    static let contentSecurityPolicy =
        "default-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

    func register(on router: Router<ServerRequestContext>) {
        for path in ["/", "/index.html"] {
            router.get(RouterPath(path)) { request, _ in
                Self.response(for: WebAppAssets.page, request: request, versioned: false)
            }
        }
        router.get("/app/:asset") { request, context in
            Self.assetResponse(request: request, context: context)
        }
    }

    private static func assetResponse(request: Request, context: ServerRequestContext) -> Response {
        guard let name = context.parameters.get("asset"), let asset = WebAppAssets.byName[name] else {
            var headers = securityHeaders
            headers[.contentType] = "text/plain; charset=utf-8"
            return Response(status: .notFound, headers: headers, body: .init(byteBuffer: ByteBuffer(string: "Not found\n")))
        }
        let versioned = request.uri.queryParameters.get("v") == asset.version
        return response(for: asset, request: request, versioned: versioned)
    }

    /// The asset, or 304 when the client's `If-None-Match` names its ETag.
    static func response(for asset: WebAppAsset, request: Request, versioned: Bool) -> Response {
        var headers = securityHeaders
        headers[.eTag] = asset.eTag
        headers[.cacheControl] = versioned ? "public, max-age=31536000, immutable" : "no-cache"
        if EntityTag.requestHolds(request, asset.eTag) {
            return Response(status: .notModified, headers: headers)
        }
        headers[.contentType] = asset.contentType
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: asset.body))
    }

    /// The headers on every response of the app.
    static var securityHeaders: HTTPFields {
        [
            .contentSecurityPolicy: contentSecurityPolicy,
            .xContentTypeOptions: "nosniff",
            .init("Referrer-Policy")!: "no-referrer",
            .init("X-Frame-Options")!: "DENY",
        ]
    }
}
