import Foundation

/// The PostgreSQL server the library store tests run against: `READER_TEST_POSTGRES_URL`
/// (`.ci/run` starts one with `scripts/test-postgres.sh` and sets it). Unset, the PostgreSQL
/// cases fail, saying so, unless `READER_TEST_POSTGRES_OPTIONAL=1` lets a local run skip them.
public enum TestPostgres {
    /// The stores a store test runs against.
    public enum Store: String, Sendable, CaseIterable, CustomStringConvertible {
        case sqlite, postgres
        public var description: String { rawValue }
    }

    /// The server's address, if one is set.
    public static var url: String? {
        ProcessInfo.processInfo.environment["READER_TEST_POSTGRES_URL"].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The stores to test: both, or SQLite alone when no server is set and that is allowed.
    public static var stores: [Store] {
        url == nil && ProcessInfo.processInfo.environment["READER_TEST_POSTGRES_OPTIONAL"] == "1" ? [.sqlite] : Store.allCases
    }

    /// Why a PostgreSQL case cannot run.
    public struct Missing: Error, CustomStringConvertible {
        public var description: String {
            "READER_TEST_POSTGRES_URL is not set: start a server with `scripts/test-postgres.sh start` and export the URL it prints, or set READER_TEST_POSTGRES_OPTIONAL=1 to skip the PostgreSQL cases"
        }
    }

    /// The server's address with a new schema of its own (`?schema=t_…`), so tests never share tables.
    /// - Throws: ``Missing`` when no server is set.
    public static func freshSchemaURL() throws -> String {
        guard let url else { throw Missing() }
        let schema = "t_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
        return url + (url.contains("?") ? "&" : "?") + "schema=" + schema
    }
}
