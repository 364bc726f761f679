import GRDB
import ReaderCore

/// What the article viewer saves with `reader serve --writable` (schema migration `v3-viewer-annotations-removals`).
extension SQLiteLibraryTransaction {
    func viewerAnnotation(kind: String, name: String) throws(ReaderError) -> String? {
        try sql {
            try String.fetchOne(db, sql: "SELECT value FROM viewer_annotations WHERE kind = ? AND name = ?", arguments: [kind, name])
        }
    }

    func viewerAnnotations(kind: String) throws(ReaderError) -> [String: String] {
        try sql {
            var values: [String: String] = [:]
            let rows = try Row.fetchCursor(db, sql: "SELECT name, value FROM viewer_annotations WHERE kind = ?", arguments: [kind])
            while let row = try rows.next() { values[row[0]] = row[1] }
            return values
        }
    }

    func saveViewerAnnotation(kind: String, name: String, json: String, at time: Timestamp) throws(ReaderError) {
        try sql {
            try db.execute(sql: "INSERT OR REPLACE INTO viewer_annotations (kind, name, value, updated_at) VALUES (?, ?, ?, ?)",
                           arguments: [kind, name, json, time.milliseconds])
        }
    }

    func allViewerAnnotations() throws(ReaderError) -> [ArticleAnnotation] {
        try sql {
            var records: [ArticleAnnotation] = []
            let rows = try Row.fetchCursor(db, sql: "SELECT kind, name, value, updated_at FROM viewer_annotations ORDER BY kind, name")
            while let row = try rows.next() {
                records.append(ArticleAnnotation(kind: row[0], name: row[1], value: row[2], updatedAt: Timestamp(milliseconds: row[3])))
            }
            return records
        }
    }
}
