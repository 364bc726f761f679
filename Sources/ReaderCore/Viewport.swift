/// A grid of monospace cells the text is laid out in.
public struct Viewport: Hashable, Sendable, Codable, CustomStringConvertible {
    /// Cells per line.
    public var columns: Int
    /// Lines per page.
    public var rows: Int

    /// The smallest viewport the layout accepts.
    public static let minimum = Viewport(unchecked: 8, 2)
    /// The largest viewport the layout accepts.
    public static let maximum = Viewport(unchecked: 10_000, 10_000)
    /// The default when no terminal size is known.
    public static let standard = Viewport(unchecked: 80, 24)

    /// Creates a viewport.
    /// - Throws: ``ReaderError`` of kind `invalidArgument` when smaller than ``minimum`` or absurdly large.
    public init(columns: Int, rows: Int) throws(ReaderError) {
        guard (Self.minimum.columns...Self.maximum.columns).contains(columns) else {
            throw ReaderError(.invalidArgument, reason: "the width must be within \(Self.minimum.columns)...\(Self.maximum.columns), not \(columns)")
        }
        guard (Self.minimum.rows...Self.maximum.rows).contains(rows) else {
            throw ReaderError(.invalidArgument, reason: "the height must be within \(Self.minimum.rows)...\(Self.maximum.rows), not \(rows)")
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
