import HTTPTypes
import Hummingbird
import NIOPosix
import ReaderCore
import ReaderLibrary

/// KOReader's progress sync protocol (KOSync, as koreader-sync-server serves it), so a KOReader
/// device can use `reader serve` as its sync server: accounts, progress per document, a health
/// check. Accounts and progress live in the library store; the routes carry their own
/// authentication (`x-auth-user`, `x-auth-key`), not the server's token.
struct KOSyncRoutes: ServerRouteGroup {
    private let service: KOSyncService?

    /// The routes over the configuration's library (the served one, else ``ServerConfiguration/syncLibrary``);
    /// none when there is no library.
    init(configuration: ServerConfiguration) {
        service = (configuration.library ?? configuration.syncLibrary).map {
            KOSyncService(library: $0, keyHashIterations: configuration.kosyncKeyHashIterations)
        }
    }

    func register(on router: Router<ServerRequestContext>) {
        guard let service else { return }
        router.get("/healthcheck") { request, _ in KOSyncResponse.json(["state": "OK"], for: request) }

        router.post("/users/create") { request, context in
            guard let body = try await request.kosyncBody(KOSyncCreateBody.self, limit: context.maxUploadSize),
                  let username = body.username, KOSyncService.isValidUsername(username),
                  let password = body.password, !password.isEmpty, password.utf8.count <= 1024
            else { return KOSyncResponse.error(.invalidFields, for: request) }
            return try await Self.answering(request) {
                guard try service.createUser(username: username, key: password) else { throw KOSyncError.userExists }
                return (["username": username], .created)
            }
        }

        router.get("/users/auth") { request, _ in
            try await Self.answering(request) {
                _ = try Self.authorizedUser(request, service)
                return (["authorized": "OK"], .ok)
            }
        }

        router.put("/syncs/progress") { request, context in
            let body = try await request.kosyncBody(KOSyncPushBody.self, limit: context.maxUploadSize)
            return try await Self.answering(request) {
                let username = try Self.authorizedUser(request, service)
                guard let body else { throw KOSyncError.invalidFields }
                guard let document = body.document, !document.isEmpty, !document.contains(":") else {
                    throw KOSyncError.documentMissing
                }
                guard KOSyncService.isServableDocument(document) else { throw KOSyncError.documentNotServable }
                guard let progress = body.syncProgress() else { throw KOSyncError.invalidFields }
                let timestamp = try service.push(progress, username: username)
                return (["document": document, "timestamp": Int(timestamp)], .ok)
            }
        }

        router.get("/syncs/progress/:document") { request, context in
            let document = context.parameters.get("document") ?? ""
            return try await Self.answering(request) {
                let username = try Self.authorizedUser(request, service)
                guard KOSyncService.isServableDocument(document) else { throw KOSyncError.documentNotServable }
                return (try service.progress(of: document, username: username), .ok)
            }
        }
    }

    /// The account the request's `x-auth-user` and `x-auth-key` name.
    /// - Throws: ``KOSyncError/unauthorized`` when they are missing or wrong.
    private static func authorizedUser(_ request: Request, _ service: KOSyncService) throws -> String {
        let user = request.headers[HTTPField.Name("x-auth-user")!]
        let key = request.headers[HTTPField.Name("x-auth-key")!]
        guard let user, try service.authorize(username: user, key: key) else { throw KOSyncError.unauthorized }
        return user
    }

    /// Runs `body` on the server's store threads (it blocks on the store and the key hash: never on
    /// an event loop, nor on Swift's few cooperative threads) and answers its object, or its ``KOSyncError``; any other
    /// failure (the store's) is KOReader's "Unknown server error".
    private static func answering(
        _ request: Request, _ body: @escaping @Sendable () throws -> (object: [String: any Sendable], status: HTTPResponse.Status)
    ) async throws -> Response {
        do {
            let (object, status) = try await ServerThreads.store.runIfActive(body)
            return KOSyncResponse.json(object, status: status, for: request)
        } catch let error as KOSyncError {
            return KOSyncResponse.error(error, for: request)
        } catch {
            return KOSyncResponse.error(.internalError, for: request)
        }
    }

    var openAPI: OpenAPIFragment {
        service == nil ? .empty : KOSyncOpenAPI.fragment
    }
}
