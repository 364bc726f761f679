/// Lines of one page that reflow as one block.
struct PDFParagraph: Hashable, Sendable {
    /// The lines in reading order.
    var lines: [PDFTextLine]
    /// The heading level (1 most important), or nil for body text.
    var headingLevel: Int?
    /// Whether the first line is indented from its column's left edge; nil when the line is in no
    /// column, so its indent cannot be told.
    var startsIndented: Bool?
    /// The room the last line leaves before its column's right edge (see ``ColumnGuides/room(after:)``).
    var lastLineRoom: Double
    /// The size of the font most of its lines use.
    var fontSize: Double
}

/// What the geometry of a page says: its paragraphs.
struct PDFPageParagraphs: Hashable, Sendable {
    /// The paragraphs in reading order (running headers, footers and page numbers left out).
    var paragraphs: [PDFParagraph]
}

/// Cuts a page's lines into paragraphs and headings from their geometry: vertical gaps wider than
/// the usual line pitch, first-line indents, a line ending early enough that the next line's
/// first word would have fitted, and changes of font size.
struct ParagraphBuilder {
    /// The page's lines, furniture already removed.
    let lines: [PDFTextLine]

    /// The paragraphs of the page.
    func build() -> PDFPageParagraphs {
        guard !lines.isEmpty else { return PDFPageParagraphs(paragraphs: []) }
        let bodySize = Self.bodySize(of: lines)
        let columns = ColumnGuides(lines: lines, bodySize: bodySize)
        let pitch = Self.linePitch(of: lines, columns: columns, bodySize: bodySize)
        var paragraphs: [PDFParagraph] = []
        var current: [Int] = [0]
        for index in 1..<lines.count {
            if startsParagraph(index, columns: columns, pitch: pitch, bodySize: bodySize) {
                paragraphs.append(paragraph(current, columns: columns, bodySize: bodySize))
                current = [index]
            } else {
                current.append(index)
            }
        }
        paragraphs.append(paragraph(current, columns: columns, bodySize: bodySize))
        return PDFPageParagraphs(paragraphs: paragraphs)
    }

    /// Whether line `index` begins a new paragraph rather than continuing the one before.
    private func startsParagraph(_ index: Int, columns: ColumnGuides, pitch: Double, bodySize: Double) -> Bool {
        let previous = lines[index - 1], line = lines[index]
        if !Self.sameSize(previous.fontSize, line.fontSize) || previous.isBold != line.isBold { return true }
        let em = max(line.fontSize, 1)
        let sameColumn = columns.column(of: index - 1) == columns.column(of: index)
        let drop = line.box.y2 - previous.box.y2
        let sameRow = line.box.y1 < previous.box.y2 && line.box.y2 > previous.box.y1
        if sameRow, line.box.x1 > previous.box.x2 { return true }  // side by side: table cells, not one paragraph
        if !sameColumn, drop > 0.1 * em, line.box.x1 < previous.box.x1 { return true }  // the next row of a table
        if sameColumn, drop > pitch * 1.3 + 0.1 * em { return true }
        let indent = columns.indent(of: index), previousIndent = columns.indent(of: index - 1)
        if indent > 0.7 * em, previousIndent < indent - 0.7 * em { return true }
        // Two lines at the page's first-line indent: the first was a paragraph of one line.
        if let usual = columns.firstLineIndent, abs(indent - usual) < 0.3 * em, abs(previousIndent - usual) < 0.3 * em {
            return true
        }
        return columns.endsShort(index - 1, nextWordWidth: line.firstWordWidth)
    }

    private func paragraph(_ indices: [Int], columns: ColumnGuides, bodySize: Double) -> PDFParagraph {
        let members = indices.map { lines[$0] }
        let size = Self.bodySize(of: members)
        var level: Int?
        let ratio = bodySize > 0 ? size / bodySize : 1
        if ratio >= 1.6 { level = 1 } else if ratio >= 1.3 { level = 2 } else if ratio >= 1.12 { level = 3 }
        if level == nil, members.count == 1, members[0].isBold, members[0].text.count < 80,
           !members[0].text.hasSuffix("."), !members.allSatisfy({ $0.fontSize < bodySize * 0.95 }) {
            level = 4
        }
        let first = indices[0], last = indices[indices.count - 1]
        return PDFParagraph(lines: members, headingLevel: level,
                            startsIndented: columns.column(of: first) < 0
                                ? nil : columns.indent(of: first) > 0.7 * max(members[0].fontSize, 1),
                            lastLineRoom: columns.room(after: last), fontSize: size)
    }

    /// The font size carrying the most characters.
    static func bodySize(of lines: [PDFTextLine]) -> Double {
        var weights: [Double: Int] = [:]
        for line in lines { weights[line.fontSize, default: 0] += line.length }
        return weights.max { ($0.value, -$0.key) < ($1.value, -$1.key) }?.key ?? 0
    }

    /// The usual distance between the bottoms of consecutive body lines of one column.
    static func linePitch(of lines: [PDFTextLine], columns: ColumnGuides, bodySize: Double) -> Double {
        var drops: [Double] = []
        for index in lines.indices.dropFirst() {
            let previous = lines[index - 1], line = lines[index]
            guard sameSize(line.fontSize, bodySize), sameSize(previous.fontSize, bodySize),
                  columns.column(of: index) == columns.column(of: index - 1) else { continue }
            let drop = line.box.y2 - previous.box.y2
            if drop > 0, drop < 3 * bodySize { drops.append(drop) }
        }
        guard !drops.isEmpty else { return bodySize * 1.2 }
        return drops.sorted()[drops.count / 2]
    }

    /// Sizes within 8% of each other.
    static func sameSize(_ a: Double, _ b: Double) -> Bool {
        abs(a - b) <= 0.08 * max(a, b)
    }
}
