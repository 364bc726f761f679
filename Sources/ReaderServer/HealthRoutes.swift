import Hummingbird

/// `GET /api/version`: the server's name and version, for clients checking what they talk to.
struct HealthRoutes: ServerRouteGroup {
    func register(on router: Router<ServerRequestContext>) {
        router.get("/api/version") { _, _ in
            try JSONResponse.ok(["name": "reader", "version": ReaderServer.version])
        }
    }
}
