import ReaderCore

/// Lays a GFM table out as preformatted text: cells padded to their column's width and joined by
/// " | ", with a row of dashes under the header. Each cell's text keeps its source runs.
struct TableText {
    /// A rendered cell.
    struct Cell {
        /// The cell's text.
        var text: String
        /// The cell's source map, relative to the start of `text`.
        var map: SourceMap
    }

    /// The table's rows, header first when there is one.
    var rows: [[Cell]]
    /// Whether the first row is a header.
    var hasHeader: Bool
    /// Column alignments, as declared by the delimiter row.
    var alignments: [TableAlignment]

    /// What stands between two cells of a row.
    static let separator = " | "

    /// The laid-out text and its source map.
    func render() -> (text: String, map: SourceMap) {
        let columnCount = max(alignments.count, rows.map(\.count).max() ?? 0)
        guard columnCount > 0 else { return ("", SourceMap()) }
        var widths = [Int](repeating: 1, count: columnCount)
        for row in rows {
            for (column, cell) in row.enumerated() {
                widths[column] = max(widths[column], CellWidth.of(cell.text))
            }
        }
        var text = ""
        var length = 0
        var map = SourceMap()
        func add(_ piece: String) {
            text += piece
            length += piece.utf16Length
        }
        for (rowIndex, row) in rows.enumerated() {
            if rowIndex > 0 { add("\n") }
            for column in 0..<columnCount {
                if column > 0 { add(Self.separator) }
                let cell = column < row.count ? row[column] : Cell(text: "", map: SourceMap())
                let padding = widths[column] - CellWidth.of(cell.text)
                let alignment = column < alignments.count ? alignments[column] : .none
                let isLast = column == columnCount - 1
                let (leading, trailing) = split(padding: padding, alignment: alignment)
                add(String(repeating: " ", count: leading))
                for run in cell.map.runs {
                    map.append(textStart: length + run.textStart, sourceStart: run.sourceStart, length: run.length)
                }
                add(cell.text)
                if !isLast { add(String(repeating: " ", count: trailing)) }
            }
            if rowIndex == 0 && hasHeader {
                add("\n")
                add(widths.map { String(repeating: "-", count: $0) }.joined(separator: Self.separator))
            }
        }
        return (text, map)
    }

    private func split(padding: Int, alignment: TableAlignment) -> (leading: Int, trailing: Int) {
        switch alignment {
        case .right: (padding, 0)
        case .center: (padding / 2, padding - padding / 2)
        case .none, .left: (0, padding)
        }
    }
}
