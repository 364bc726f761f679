import Foundation
import GRDB
import ReaderCore
import ReaderSearch

/// A built full-text index of one document: SQLite FTS5 tables (trigram tokenizer) holding each
/// section's searchable stream folded for case and diacritics, and the seams between sections whose
/// text runs on.
///
/// The index only narrows a search: ``candidateSections(for:)`` names the sections that can hold a
/// match (a superset, since a case-sensitive or diacritic-sensitive match is also a match of the
/// fully folded query), and ``DocumentSearch`` runs the same matcher over them, so results are
/// exactly those of a full scan.
public final class SearchIndex: Sendable {
    /// Where the database is.
    public let path: String
    /// How many sections the indexed document has.
    public let sectionCount: Int
    private let database: DatabaseQueue

    init(path: String, sectionCount: Int, database: DatabaseQueue) {
        self.path = path
        self.sectionCount = sectionCount
        self.database = database
    }

    /// Why a query cannot be served by an index, or nil when it can: regular expressions, and
    /// queries that fold to fewer than 3 characters (the trigram tokenizer needs 3) or to more than a
    /// seam holds.
    public static func limitation(of query: SearchQuery) -> String? {
        if query.isRegularExpression { return "a regular expression" }
        let folded = TextFolder(.full).fold(query.text)
        if folded.unicodeScalars.count < 3 { return "a query shorter than 3 characters" }
        if folded.utf16.count > SearchIndexSchema.seamReach - 1 {
            return "a query longer than \(SearchIndexSchema.seamReach - 1) characters"
        }
        return nil
    }

    /// The ascending indices of the sections a search for `query` must scan, or nil when the index
    /// cannot serve the query (see ``limitation(of:)``) or cannot be read (the caller then scans
    /// everything).
    public func candidateSections(for query: SearchQuery) -> [Int]? {
        guard Self.limitation(of: query) == nil else { return nil }
        let expression = Self.trigramConjunction(of: TextFolder(.full).fold(query.text))
        do {
            return try database.read { db in
                var sections = Set(try Int.fetchAll(db, sql: "SELECT rowid FROM section_text WHERE section_text MATCH ?",
                                                    arguments: [expression]))
                let seams = try Row.fetchAll(db, sql: """
                    SELECT first_section, last_section FROM seam
                    WHERE id IN (SELECT rowid FROM seam_text WHERE seam_text MATCH ?)
                    """, arguments: [expression])
                for seam in seams {
                    let first: Int = seam[0], last: Int = seam[1]
                    guard first <= last else { continue }
                    sections.formUnion(first...last)
                }
                return sections.filter { $0 >= 0 && $0 < sectionCount }.sorted()
            }
        } catch {
            return nil
        }
    }

    /// The FTS5 expression asking for rows that hold every distinct trigram of `folded` (at least 3
    /// characters): `"abc" AND "bcd" AND …`, each a one-token string, since a table without
    /// positions answers no phrase query.
    static func trigramConjunction(of folded: String) -> String {
        let scalars = Array(folded.unicodeScalars)
        var seen = Set<String>()
        var terms: [String] = []
        for start in 0...(scalars.count - 3) {
            let trigram = String(String.UnicodeScalarView(scalars[start..<(start + 3)]))
            guard seen.insert(trigram).inserted else { continue }
            terms.append("\"" + trigram.replacingOccurrences(of: "\"", with: "\"\"") + "\"")
        }
        return terms.joined(separator: " AND ")
    }
}
