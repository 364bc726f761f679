import Foundation

/// A route group's part of the OpenAPI 3 document at `/openapi.json`: its `paths` and its
/// `components.schemas`, each as the text of one JSON object. Schema names carry the group's
/// prefix (`Viewer…`, `Book…`, `KOSync…`) so parts never collide.
struct OpenAPIFragment: Sendable {
    /// `{"/api/files": {"get": …}, …}`.
    var paths: String
    /// `{"ViewerFile": {…}, …}`.
    var schemas: String

    /// A part describing nothing.
    static let empty = OpenAPIFragment(paths: "{}", schemas: "{}")
}

/// The OpenAPI 3.1 document: every group's paths and schemas merged under one info block.
enum OpenAPIDocument {
    /// The document's JSON bytes (sorted keys, so the same groups give the same bytes).
    /// - Throws: when a group's fragment is not a JSON object (a bug the tests catch).
    static func json(for groups: [any ServerRouteGroup]) throws -> Data {
        var paths: [String: Any] = [:]
        var schemas: [String: Any] = [:]
        for group in groups {
            let fragment = group.openAPI
            for (key, value) in try object(fragment.paths) { paths[key] = withLimitResponses(value) }
            for (key, value) in try object(fragment.schemas) { schemas[key] = value }
        }
        let document: [String: Any] = [
            "openapi": "3.1.0",
            "info": [
                "title": "reader serve",
                "version": ReaderServer.version,
                "description": "Books and articles of a folder or a library: the article viewer API, the engine API, OPDS and KOSync.",
            ],
            "paths": paths,
            "components": ["schemas": schemas],
        ]
        return try JSONSerialization.data(withJSONObject: document, options: [.sortedKeys, .withoutEscapingSlashes])
    }

    /// What `RequestLimitsMiddleware` answers on any route before the route sees the request: a
    /// URL or headers over the caps. Every operation lists them (schemathesis sends such URLs).
    private static var limitResponses: [String: Any] {
        let content: [String: Any] = ["application/json": ["schema": ["type": "object"]]]
        return [
            "414": ["description": "The URL is longer than the server accepts", "content": content],
            "431": ["description": "The request's headers are larger than the server accepts", "content": content],
        ]
    }
    private static let methods: Set<String> = ["get", "put", "post", "delete", "patch", "head", "options"]

    /// A path item with the limit responses added to each of its operations (those it lists itself kept).
    private static func withLimitResponses(_ item: Any) -> Any {
        guard var operations = item as? [String: Any] else { return item }
        for (method, value) in operations where methods.contains(method) {
            guard var operation = value as? [String: Any] else { continue }
            var responses = operation["responses"] as? [String: Any] ?? [:]
            for (status, response) in limitResponses where responses[status] == nil { responses[status] = response }
            operation["responses"] = responses
            operations[method] = operation
        }
        return operations
    }

    private static func object(_ text: String) throws -> [String: Any] {
        guard let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] else {
            throw CocoaError(.propertyListReadCorrupt)
        }
        return object
    }
}
