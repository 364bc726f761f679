import ReaderXML

/// Tells data tables from layout tables before a table is read.
///
/// A data table's rows become one paragraph each. A table is read for layout instead (its cells as
/// plain block containers, one after the other) when a cell holds what a row of text cannot:
/// a heading, list, quote, preformatted text, rule, nested table, an image without alternative
/// text, or more than ``maxParagraphsPerCell`` paragraphs or divisions.
enum TableShape {
    /// Paragraphs a data cell may hold; they are joined with spaces.
    static let maxParagraphsPerCell = 3

    /// Whether `table` is laid out rather than tabular. Visits the table's elements outside nested
    /// tables only, so the scans of all the tables of a document visit each element about once.
    static func isLayoutTable(_ table: MarkupElement, classifier: ElementClassifier) -> Bool {
        var stack: [(element: MarkupElement, cell: Int?)] = table.elements.reversed().map { ($0, nil) }
        var paragraphs: [Int] = []
        while let (element, cell) = stack.popLast() {
            var childCell = cell
            switch classifier.role(of: element, name: element.name) {
            case .hidden, .pageBreak:
                continue
            case .table:
                if cell != nil { return true }
                continue
            case .heading, .preformatted, .quote, .list, .listItem, .definitionList, .definitionTerm,
                 .definitionDescription, .rule, .sectionBreak:
                if cell != nil { return true }
            case .tableCell where cell == nil:
                childCell = paragraphs.count
                paragraphs.append(0)
            case .block, .paragraph, .figureCaption, .tableRow, .tableCell:
                if let cell {
                    paragraphs[cell] += 1
                    if paragraphs[cell] > maxParagraphsPerCell { return true }
                }
            case .image:
                if cell != nil, (element.attribute("alt") ?? "").trimmed.isEmpty { return true }
            case .inline, .lineBreak, .wordBreak:
                break
            }
            for child in element.elements.reversed() { stack.append((child, childCell)) }
        }
        return false
    }
}
