/// The left edges that many lines of a page share (one per text column), and how far to the
/// right each column's full lines reach.
struct ColumnGuides {
    /// The left edge of each column, ascending.
    private(set) var lefts: [Double] = []
    /// The right edge of each column.
    private(set) var rights: [Double] = []
    /// The indent most indented lines share: the page's first-line indent.
    private(set) var firstLineIndent: Double?
    /// The column of each line.
    private var columnOfLine: [Int] = []
    private let lines: [PDFTextLine]
    private let bodySize: Double

    /// Finds the columns of a page's lines.
    init(lines: [PDFTextLine], bodySize: Double) {
        self.lines = lines
        self.bodySize = max(bodySize, 1)
        let tolerance = 0.25 * self.bodySize
        // Left edges shared by at least two lines, clustered.
        let edges = lines.map(\.box.x1).sorted()
        var clusters: [[Double]] = []
        for edge in edges {
            if let last = clusters.last?.last, edge - last <= tolerance {
                clusters[clusters.count - 1].append(edge)
            } else {
                clusters.append([edge])
            }
        }
        // A shared edge a little right of another is that column's indent (first lines, list
        // items), not a column of its own: columns are many ems apart.
        for cluster in clusters where cluster.count >= 2 {
            if let last = lefts.last, cluster[0] - last <= 4 * self.bodySize { continue }
            lefts.append(cluster[0])
        }
        columnOfLine = lines.map { line in
            let reach = 6 * max(line.fontSize, 1)
            if let index = lefts.lastIndex(where: { $0 <= line.box.x1 + tolerance && line.box.x1 - $0 <= reach }) {
                return index
            }
            return -1  // on its own (centred, or a lone line)
        }
        var indentCounts: [Double: Int] = [:]
        for index in lines.indices {
            let indent = self.indent(of: index)
            if indent > 0.7 * max(lines[index].fontSize, 1) { indentCounts[indent.rounded(), default: 0] += 1 }
        }
        firstLineIndent = indentCounts.max { ($0.value, -$0.key) < ($1.value, -$1.key) }?.key
        rights = lefts.indices.map { column in
            let ends = lines.indices.filter { columnOfLine[$0] == column }.map { lines[$0].box.x2 }.sorted()
            return ends.isEmpty ? 0 : ends[min(ends.count - 1, ends.count * 3 / 4)]
        }
    }

    /// The column of line `index`, -1 when it belongs to none.
    func column(of index: Int) -> Int { columnOfLine[index] }

    /// How far line `index` starts to the right of its column's left edge.
    func indent(of index: Int) -> Double {
        let column = columnOfLine[index]
        return column >= 0 ? max(0, lines[index].box.x1 - lefts[column]) : 0
    }

    /// The room line `index` leaves before its column's right edge: infinite for a line in no
    /// column, zero for a line ending in a hyphen (it was cut because it ran out of room).
    func room(after index: Int) -> Double {
        let column = columnOfLine[index]
        guard column >= 0 else { return .infinity }
        let line = lines[index]
        if let last = line.text.unicodeScalars.last, PDFHyphenation.isLineEndHyphen(last) { return 0 }
        return max(0, rights[column] - line.box.x2)
    }

    /// Whether line `index` stops so far short of its column's right edge that a word of
    /// `nextWordWidth` (and a space) would have fitted after it: the writer chose to end it there.
    func endsShort(_ index: Int, nextWordWidth: Double) -> Bool {
        Self.wouldFit(wordWidth: nextWordWidth, in: room(after: index), fontSize: lines[index].fontSize)
    }

    /// Whether a word and a space fit in `room`.
    static func wouldFit(wordWidth: Double, in room: Double, fontSize: Double) -> Bool {
        room > wordWidth + 0.3 * max(fontSize, 1) + 1
    }
}
