import Foundation
import Hummingbird

/// `GET /openapi.json`: the OpenAPI document of every route group, built once.
struct OpenAPIRoutes: ServerRouteGroup {
    private let document: Data

    /// The routes serving the document of `groups` (and of this route itself).
    /// - Throws: when a group's fragment is not JSON.
    init(describing groups: [any ServerRouteGroup]) throws {
        document = try OpenAPIDocument.json(for: groups + [Self.selfDescription])
    }

    func register(on router: Router<ServerRequestContext>) {
        let document = self.document
        router.get("/openapi.json") { _, _ in
            Response(
                status: .ok, headers: [.contentType: "application/json; charset=utf-8"],
                body: .init(byteBuffer: ByteBuffer(bytes: document)))
        }
    }

    var openAPI: OpenAPIFragment { Self.selfDescription.openAPI }

    private static let selfDescription = DescriptionOnly(openAPI: OpenAPIFragment(
        paths: #"""
        {"/openapi.json": {"get": {"summary": "This document", "operationId": "openAPIDocument",
          "responses": {"200": {"description": "The OpenAPI document", "content": {"application/json": {"schema": {"type": "object"}}}}}}}}
        """#,
        schemas: "{}"))

    /// A fragment with no routes of its own.
    private struct DescriptionOnly: ServerRouteGroup {
        let openAPI: OpenAPIFragment
        func register(on router: Router<ServerRequestContext>) {}
    }
}
