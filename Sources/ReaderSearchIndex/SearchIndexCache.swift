import Foundation
import GRDB
import ReaderCore
import ReaderSearch

/// Where search indexes live, one database per document, named by its fingerprint (and the open
/// options that change its text), and how they are opened and built.
public struct SearchIndexCache: Sendable {
    /// The directory the databases are kept in.
    public let directory: String

    /// Creates a cache in `directory` (created on the first build).
    public init(directory: String) {
        self.directory = directory
    }

    /// The engine's cache directory (``PageIndexCache/cacheDirectory(named:)``) `search`.
    public static var defaultDirectory: String { PageIndexCache.cacheDirectory(named: "search") }

    /// The database path for a document's fingerprint; `variant` names open options that change the
    /// text (such as a forced encoding).
    public func path(for fingerprint: DocumentFingerprint, variant: String = "") -> String {
        let safeVariant = variant.unicodeScalars.map {
            CharacterSet.alphanumerics.contains($0) || $0 == "-" ? String($0) : "_"
        }.joined()
        return "\(directory)/\(fingerprint.format.rawValue)-\(fingerprint.sha256)-\(fingerprint.byteCount)"
            + "-v\(SearchIndexSchema.version)\(safeVariant.isEmpty ? "" : "-" + safeVariant).sqlite"
    }

    /// The document's index, or nil when there is none or it cannot be used: unreadable, not a
    /// database, another program's database, another schema or folding version, another document,
    /// or a build that did not finish. Never throws: a broken index only costs a full scan.
    public func open(for document: any Document, variant: String = "") -> SearchIndex? {
        guard let fingerprint = try? document.fingerprint() else { return nil }
        let path = path(for: fingerprint, variant: variant)
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        var configuration = Configuration()
        configuration.readonly = true
        do {
            let database = try DatabaseQueue(path: path, configuration: configuration)
            let expected = SearchIndexSchema.expectedMeta(fingerprint: fingerprint.description,
                                                          sectionCount: document.readingOrder.count)
            let usable = try database.read { db -> Bool in
                guard try Int32.fetchOne(db, sql: "PRAGMA application_id") == SearchIndexSchema.applicationID,
                      try Int.fetchOne(db, sql: "PRAGMA user_version") == SearchIndexSchema.version else { return false }
                let rows = try Row.fetchAll(db, sql: "SELECT key, value FROM meta")
                var meta: [String: String] = [:]
                for row in rows { meta[row["key"]] = row["value"] }
                return meta == expected
            }
            return usable ? SearchIndex(path: path, sectionCount: document.readingOrder.count, database: database) : nil
        } catch {
            return nil
        }
    }

    /// Builds (or rebuilds) the document's index: every section is read and folded once, in order.
    /// The database is written beside its final path and renamed into place when complete.
    /// - Throws: ``ReaderError`` when the document cannot be read, or `unreadable` when the database
    ///   cannot be written.
    @discardableResult
    public func build(for document: any Document, variant: String = "") throws(ReaderError) -> SearchIndexSummary {
        try SearchIndexBuilder(document: document, path: path(for: try document.fingerprint(), variant: variant)).build()
    }
}
