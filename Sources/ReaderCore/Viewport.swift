/// A grid of monospace cells the text is laid out in.
public struct Viewport: Hashable, Sendable, Codable, CustomStringConvertible {
    /// Cells per line.
    public var columns: Int
    /// Lines per page.
    public var rows: Int

    /// The smallest viewport the layout accepts.
    public static let minimum = Viewport(unchecked: 8, 2)
    /// The default when no terminal size is known.
    public static let standard = Viewport(unchecked: 80, 24)

    /// Creates a viewport.
    /// - Throws: ``ReaderError`` of kind `invalidArgument` when smaller than ``minimum`` or absurdly large.
    public init(columns: Int, rows: Int) throws(ReaderError) {
        guard (Self.minimum.columns...10_000).contains(columns), (Self.minimum.rows...10_000).contains(rows) else {
            throw ReaderError(.invalidArgument, reason: "viewport \(columns)x\(rows) is outside 8x2...10000x10000")
        }
        self.columns = columns
        self.rows = rows
    }

    private init(unchecked columns: Int, _ rows: Int) {
        self.columns = columns
        self.rows = rows
    }

    /// `COLUMNSxROWS`.
    public var description: String { "\(columns)x\(rows)" }
}
