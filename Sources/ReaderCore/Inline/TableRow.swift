/// The cells of one table row, kept beside the aligned text that a row block shows for reflow.
///
/// A table is the rows of consecutive blocks' ``Block/tableRows``, from a row with ``isFirstRow``
/// to the next such row or the first block without rows; renderers that can draw tables
/// (Markdown, HTML) use the cells, plain text uses the blocks' text.
public struct TableRow: Hashable, Sendable {
    /// The cells, left to right.
    public var cells: [TableCell]
    /// Whether the row starts a new table.
    public var isFirstRow: Bool
    /// Whether every cell of the row is a header cell (`th`, a Markdown header row).
    public var isHeader: Bool

    /// Creates a row.
    public init(cells: [TableCell], isFirstRow: Bool, isHeader: Bool = false) {
        self.cells = cells
        self.isFirstRow = isFirstRow
        self.isHeader = isHeader
    }
}

/// One table cell: its text and the inline runs over that text.
public struct TableCell: Hashable, Sendable {
    /// The cell's text, whitespace collapsed.
    public var text: String
    /// Inline runs over ``text`` (UTF-16 ranges).
    public var runs: [InlineRun]
    /// Whether it is a header cell.
    public var isHeader: Bool

    /// Creates a cell.
    public init(text: String, runs: [InlineRun] = [], isHeader: Bool = false) {
        self.text = text
        self.runs = runs
        self.isHeader = isHeader
    }
}
