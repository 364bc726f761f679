import Hummingbird

/// One group of routes (the article viewer's API, the engine's API, OPDS, KOSync, the web app),
/// each in its own file, registered on the one router and described in `/openapi.json`.
protocol ServerRouteGroup: Sendable {
    /// Adds this group's routes to `router`.
    func register(on router: Router<ServerRequestContext>)
    /// This group's paths and schemas in the OpenAPI document.
    var openAPI: OpenAPIFragment { get }
}

/// Every route group, in the order they are registered.
enum ServerRoutes {
    static func groups(for configuration: ServerConfiguration) -> [any ServerRouteGroup] {
        [
            HealthRoutes(),
            OPDSRoutes(configuration: configuration),
            WebAppRoutes(),
            KOSyncRoutes(configuration: configuration),
            ViewerRoutes(configuration: configuration),
            BookRoutes(configuration: configuration),
        ]
    }
}
