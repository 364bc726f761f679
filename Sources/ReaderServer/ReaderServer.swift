import Hummingbird
import Logging
import NIOCore

/// `reader serve`: a folder or the library over HTTP, on Hummingbird. Route groups each add their
/// part (see ``ServerRoutes``); this type builds the router and runs the application.
public struct ReaderServer: Sendable {
    /// The server's version, reported by `/api/version`.
    public static let version = "0.9.0"

    /// What is served and how.
    public let configuration: ServerConfiguration

    /// A server for `configuration`.
    public init(configuration: ServerConfiguration) {
        self.configuration = configuration
    }

    /// The router with every route group and middleware, for running or for in-process tests.
    public func makeRouter() -> Router<ServerRequestContext> {
        let router = Router(context: ServerRequestContext.self)
        router.add(middleware: SecurityHeadersMiddleware())
        router.add(middleware: JSONErrorMiddleware())
        router.add(middleware: RequestLimitsMiddleware(limits: configuration.limits))
        router.add(middleware: TokenMiddleware(token: configuration.token))
        router.add(middleware: ReadOnlyMiddleware(writable: configuration.writable))
        let groups = ServerRoutes.groups(for: configuration)
        for group in groups {
            group.register(on: router)
        }
        do {
            try OpenAPIRoutes(describing: groups).register(on: router)
        } catch {
            preconditionFailure("a route group's OpenAPI fragment is not a JSON object: \(error)")
        }
        return router
    }

    /// The Hummingbird application; `onListening` gets the bound address (`http://host:port`)
    /// once the socket is open, which tells callers the port when 0 was asked for.
    public func makeApplication(onListening: @escaping @Sendable (String) async -> Void = { _ in })
        -> some ApplicationProtocol
    {
        var logger = Logger(label: "reader.serve")
        logger.logLevel = .warning
        let host = configuration.host
        return Application(
            router: HeadRequests(routes: makeRouter()),
            server: .http1(configuration: .init(idleTimeout: .seconds(Int64(configuration.limits.idleTimeoutSeconds)))),
            configuration: .init(address: .hostname(host, port: configuration.port), serverName: "reader"),
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? 0
                let shownHost = host.contains(":") ? "[\(host)]" : host
                await onListening("http://\(shownHost):\(port)")
            },
            logger: logger)
    }

    /// Runs until SIGINT or SIGTERM.
    public func run(onListening: @escaping @Sendable (String) async -> Void = { _ in }) async throws {
        try await makeApplication(onListening: onListening).runService()
    }
}
