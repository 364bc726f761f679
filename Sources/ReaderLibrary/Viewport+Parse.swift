import ReaderCore

extension Viewport {
    /// Reads `COLUMNSxROWS` (as ``Viewport/description`` writes it); nil when it is not one.
    public static func parse(_ text: String) -> Viewport? {
        let parts = text.lowercased().split(separator: "x")
        guard parts.count == 2, let columns = Int(parts[0]), let rows = Int(parts[1]) else { return nil }
        return try? Viewport(columns: columns, rows: rows)
    }
}
