import Foundation
import ReaderCore

/// A `postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE[?schema=NAME]` address, as `--database` and
/// `READER_DATABASE` take it. `schema` keeps one library's tables in a schema of their own, so
/// several libraries (or test runs) can share one database.
public struct PostgresDatabaseURL: Sendable, Hashable {
    /// The server's host name or address.
    public var host: String
    /// The server's port.
    public var port: Int
    /// The role to connect as.
    public var username: String
    /// The role's password, when the server asks for one.
    public var password: String?
    /// The database.
    public var database: String
    /// The schema holding the library's tables (`public` unless given).
    public var schema: String

    /// Whether `text` is a PostgreSQL address rather than a file path.
    public static func isPostgres(_ text: String) -> Bool {
        text.hasPrefix("postgres://") || text.hasPrefix("postgresql://")
    }

    /// Parses an address.
    /// - Throws: ``ReaderError`` of kind `invalidArgument` naming what is wrong.
    public init(_ text: String) throws(ReaderError) {
        guard Self.isPostgres(text), let components = URLComponents(string: text), let host = components.host, !host.isEmpty
        else {
            throw ReaderError(.invalidArgument, reason: "not a PostgreSQL address (postgres://USER@HOST[:PORT]/DATABASE)")
        }
        guard let user = components.user, !user.isEmpty else {
            throw ReaderError(.invalidArgument, reason: "the PostgreSQL address names no user (postgres://USER@HOST/DATABASE)")
        }
        let database = String(components.path.drop(while: { $0 == "/" }))
        guard !database.isEmpty, !database.contains("/") else {
            throw ReaderError(.invalidArgument, reason: "the PostgreSQL address names no database (postgres://USER@HOST/DATABASE)")
        }
        let schema = components.queryItems?.first { $0.name == "schema" }?.value ?? "public"
        guard !schema.isEmpty, schema.count <= 63, schema.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }),
              !(schema.first?.isNumber ?? true)
        else {
            throw ReaderError(.invalidArgument, reason: "schema must be letters, digits and _ (at most 63), not starting with a digit")
        }
        self.host = host
        port = components.port ?? 5432
        username = user.removingPercentEncoding ?? user
        password = components.password.map { $0.removingPercentEncoding ?? $0 }
        self.database = database.removingPercentEncoding ?? database
        self.schema = schema
    }

    /// The address without its password, for messages.
    public var redacted: String {
        let shownHost = host.contains(":") ? "[\(host)]" : host
        let suffix = schema == "public" ? "" : "?schema=\(schema)"
        return "postgres://\(username)@\(shownHost):\(port)/\(database)\(suffix)"
    }
}
