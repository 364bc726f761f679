import ReaderCore

/// A line to reflow, with the page it is on.
struct PlacedLine: Hashable, Sendable {
    /// The 1-based page.
    var page: Int
    /// The line.
    var line: PDFTextLine
}

/// Joins the lines of one paragraph (which may run over several pages) into a block's text and
/// its source map: line breaks become spaces, cut words are mended, and every copied character
/// maps back to its page and offset.
enum ReflowedParagraph {
    /// The text and map of `lines`, joined as `vocabulary` suggests.
    static func join(_ lines: [PlacedLine], vocabulary: (Int) -> PDFVocabulary) -> (text: String, map: SourceMap) {
        var text = String()
        var map = SourceMap()
        var length = 0
        for (index, placed) in lines.enumerated() {
            var lineText = placed.line.text
            if index + 1 < lines.count {
                let next = lines[index + 1]
                // The words around are evidence only for a hyphen at the line's end.
                let endsInHyphen = lineText.unicodeScalars.last.map(PDFHyphenation.isLineEndHyphen) ?? false
                let words = !endsInHyphen ? PDFVocabulary()
                    : next.page == placed.page ? vocabulary(placed.page)
                    : vocabulary(placed.page).union(vocabulary(next.page))
                switch PDFHyphenation.join(lineText, next.line.text, vocabulary: words) {
                case .removeHyphen:
                    lineText.unicodeScalars.removeLast()
                    append(lineText, of: placed, to: &text, map: &map, length: &length)
                case .keepHyphen, .none:
                    append(lineText, of: placed, to: &text, map: &map, length: &length)
                case .space:
                    append(lineText, of: placed, to: &text, map: &map, length: &length)
                    text.append(" ")
                    length += 1
                }
            } else {
                append(lineText, of: placed, to: &text, map: &map, length: &length)
            }
        }
        return (text, map)
    }

    private static func append(_ lineText: String, of placed: PlacedLine, to text: inout String,
                               map: inout SourceMap, length: inout Int) {
        let count = lineText.utf16.count
        let source = PDFSourceOffset(page: placed.page, offset: placed.line.pageOffset).packed
        map.append(textStart: length, sourceStart: source, length: count)
        text.append(lineText)
        length += count
    }
}
