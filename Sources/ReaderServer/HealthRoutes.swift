import Hummingbird

/// `GET /api/version`: the server's name and version, for clients checking what they talk to.
struct HealthRoutes: ServerRouteGroup {
    func register(on router: Router<ServerRequestContext>) {
        router.get("/api/version") { _, _ in
            try JSONResponse.ok(["name": "reader", "version": ReaderServer.version])
        }
    }

    var openAPI: OpenAPIFragment {
        OpenAPIFragment(
            paths: #"""
            {"/api/version": {"get": {"summary": "The server's name and version", "operationId": "version",
              "responses": {"200": {"description": "Name and version",
                "content": {"application/json": {"schema": {"$ref": "#/components/schemas/ServerVersion"}}}}}}}}
            """#,
            schemas: #"""
            {"ServerVersion": {"type": "object", "required": ["name", "version"], "additionalProperties": false,
              "properties": {"name": {"type": "string"}, "version": {"type": "string"}}}}
            """#)
    }
}
