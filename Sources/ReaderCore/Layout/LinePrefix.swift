/// The decoration in front of a block's lines: quote bars, list indentation, and a label (a list
/// marker or the image tag) on the first line that later lines hang under.
///
/// Every line's prefix has the same width, so every line has the same room for content. When the
/// full decoration would leave less than ``minimumRoom(columns:)`` cells, the list indentation
/// shrinks first, then the quote bars, then the label.
struct LinePrefix {
    /// Quote bars, each `"│ "`.
    private(set) var quoteBars: Int
    /// Spaces after the quote bars, on every line.
    private(set) var indent: Int
    /// The first line's label, without its trailing space ("" for none).
    private(set) var label: String
    /// Cells the label takes together with its trailing space (0 for no label).
    private(set) var labelWidth: Int

    /// The decoration of `block` at `columns` cells (at least 1).
    init(block: Block, columns: Int) {
        quoteBars = max(0, block.quoteDepth)
        let listIndent = 2 * max(0, block.listDepth - 1)
        var isImage = false
        switch block.kind {
        case .listItem(let marker):
            indent = listIndent
            label = marker
            labelWidth = CellWidth.of(marker) + 1
        case .image:
            isImage = true
            indent = block.listDepth > 0 ? listIndent + 2 : 0
            label = Self.imageLabels[0]
            labelWidth = CellWidth.of(label) + 1
        default:
            indent = block.listDepth > 0 ? listIndent + 2 : 0
            label = ""
            labelWidth = 0
        }
        shrink(toFit: columns - Self.minimumRoom(columns: columns), isImage: isImage)
    }

    /// The cells every line's prefix takes.
    var width: Int { 2 * quoteBars + indent + labelWidth }

    /// The cells every line's prefix of `block` takes at `columns`: none, without building the
    /// decoration, for the blocks outside lists and quotes that most texts are made of.
    static func width(of block: Block, columns: Int) -> Int {
        if block.quoteDepth <= 0 && block.listDepth <= 0 {
            switch block.kind {
            case .listItem, .image: break
            default: return 0
            }
        }
        return LinePrefix(block: block, columns: columns).width
    }

    /// Content cells a line should keep at least: about 8, but never more than half the line.
    static func minimumRoom(columns: Int) -> Int {
        max(1, min(8, columns / 2))
    }

    /// Image tags from the most to the least explicit, for narrower and narrower lines.
    private static let imageLabels = ["[image]", "[img]"]

    /// Drops decoration until the prefix takes at most `limit` cells.
    private mutating func shrink(toFit limit: Int, isImage: Bool) {
        let limit = max(0, limit)
        if width > limit { indent = max(0, limit - 2 * quoteBars - labelWidth) }
        if width > limit { quoteBars = max(0, (limit - labelWidth) / 2) }
        guard width > limit else { return }
        if isImage {
            let fitting = Self.imageLabels.first { CellWidth.of($0) + 1 <= limit }
            label = fitting ?? ""
        } else {
            label = Self.truncate(label, toWidth: limit - 1)
        }
        labelWidth = label.isEmpty ? 0 : CellWidth.of(label) + 1
    }

    /// The leading clusters of `text` that fit in `cells` cells.
    private static func truncate(_ text: String, toWidth cells: Int) -> String {
        var kept = ""
        var used = 0
        for character in text {
            let cellsNeeded = CellWidth.of(cluster: character.unicodeScalars)
            if used + cellsNeeded > cells { break }
            kept.append(character)
            used += cellsNeeded
        }
        return kept
    }

    /// The prefix of the first line.
    var first: String {
        guard width > 0 else { return "" }
        return bars + String(repeating: " ", count: indent) + (labelWidth > 0 ? label + " " : "")
    }

    /// The prefix of every line after the first.
    var continuation: String {
        guard width > 0 else { return "" }
        return bars + String(repeating: " ", count: indent + labelWidth)
    }

    /// The prefix of a thematic break: the bars and indentation, then a rule of up to 40 cells.
    func rule(columns: Int) -> String {
        let room = max(1, min(40, columns - 2 * quoteBars - indent))
        return bars + String(repeating: " ", count: indent) + String(repeating: "─", count: room)
    }

    /// The quote bars.
    private var bars: String { String(repeating: "│ ", count: quoteBars) }
}
