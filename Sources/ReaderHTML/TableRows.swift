import ReaderCore

/// One row of a data table laid out as the text of one paragraph.
struct TableRowText {
    var text: String
    var map: SourceMap
    /// The source offset of the row's first content.
    var startOffset: Int?
    /// The nearest id at or before the row's first content.
    var anchorID: String?
    /// Images whose alternative text the row shows.
    var images: [InlineImage]
    /// The cells' runs, moved to where each cell sits in `text`.
    var runs: [InlineRun]
    /// The cells themselves.
    var cells: [TableCell]
}

/// Lays the rows of a data table out as text: cells joined by " | ", and the leading columns that
/// are narrow enough padded so they line up from row to row (as Markdown tables are, but each row
/// stays a flowing paragraph, so a wide row wraps instead of being cut).
enum TableRows {
    /// What stands between two cells of a row.
    static let separator = " | "

    /// The rows' texts; rows with no text are left out.
    static func render(_ rows: [[InlineText]], maxAlignedColumnWidth: Int) -> [TableRowText] {
        let rows = rows.map { row -> [InlineText] in
            var cells = row[...]
            while let last = cells.last, last.length == 0 { cells.removeLast() }
            return Array(cells)
        }
        var widths: [Int] = []
        for row in rows {
            for (column, cell) in row.enumerated() {
                if column == widths.count { widths.append(0) }
                widths[column] = max(widths[column], CellWidth.of(cell.text))
            }
        }
        let alignedColumns = widths.firstIndex { $0 > maxAlignedColumnWidth } ?? widths.count
        var result: [TableRowText] = []
        for row in rows where !row.isEmpty {
            var text = ""
            var length = 0
            var map = SourceMap()
            var startOffset: Int?
            var anchorID: String?
            var images: [InlineImage] = []
            var runs: [InlineRun] = []
            var cells: [TableCell] = []
            for (column, cell) in row.enumerated() {
                if column > 0 {
                    text += separator
                    length += separator.utf16.count
                }
                for run in cell.map.runs {
                    map.append(textStart: length + run.textStart, sourceStart: run.sourceStart, length: run.length)
                }
                let cellText = cell.text
                runs += cell.runs.map { InlineRun($0.style, range: ($0.range.lowerBound + length)..<($0.range.upperBound + length)) }
                cells.append(TableCell(text: cellText, runs: cell.runs, isHeader: cell.isHeaderCell))
                text += cellText
                length += cell.length
                if startOffset == nil, cell.length > 0 {
                    startOffset = cell.startOffset
                    anchorID = cell.anchorID
                }
                images += cell.images
                if column < row.count - 1, column < alignedColumns {
                    let padding = widths[column] - CellWidth.of(cell.text)
                    text += String(repeating: " ", count: padding)
                    length += padding
                }
            }
            result.append(TableRowText(text: text, map: map, startOffset: startOffset, anchorID: anchorID,
                                       images: images, runs: runs, cells: cells))
        }
        return result
    }
}
