import ReaderCore
import ReaderLibrary

/// What the article viewer saves with `reader serve --writable`.
extension PostgresLibraryTransaction {
    func viewerAnnotation(kind: String, name: String) throws(ReaderError) -> String? {
        try map(try rows("SELECT value FROM viewer_annotations WHERE kind = $1 AND name = $2", [.text(kind), .text(name)])) { c in
            try c.string(0)
        }.first
    }

    func viewerAnnotations(kind: String) throws(ReaderError) -> [String: String] {
        let pairs = try map(try rows("SELECT name, value FROM viewer_annotations WHERE kind = $1", [.text(kind)])) { c in
            (try c.string(0), try c.string(1))
        }
        return Dictionary(pairs, uniquingKeysWith: { _, last in last })
    }

    func saveViewerAnnotation(kind: String, name: String, json: String, at time: Timestamp) throws(ReaderError) {
        try execute("""
            INSERT INTO viewer_annotations (kind, name, value, updated_at) VALUES ($1, $2, $3, $4)
            ON CONFLICT (kind, name) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at
            """, [.text(kind), .text(name), .text(json), .integer(time.milliseconds)])
    }

    func allViewerAnnotations() throws(ReaderError) -> [ArticleAnnotation] {
        try map(try rows("SELECT kind, name, value, updated_at FROM viewer_annotations ORDER BY kind COLLATE \"C\", name COLLATE \"C\"", [])) { c in
            ArticleAnnotation(kind: try c.string(0), name: try c.string(1), value: try c.string(2),
                              updatedAt: Timestamp(milliseconds: try c.int64(3)))
        }
    }
}
