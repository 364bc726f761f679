import ReaderCore

/// A page's lines as the screen shows them, styled from the rich blocks they come from: headings
/// bold, emphasis italic, strong text bold, code dim, links and note references underlined,
/// struck-through and underlined text as such, image labels dim; then the marks (search hits,
/// highlights, the selection) and the hint labels over links. A pure function of its inputs.
public enum PageStyler {
    /// The styled lines of `page`.
    /// - Parameters:
    ///   - blocks: the block a line comes from, by section and block index (nil when unknown:
    ///     that line is drawn plain).
    ///   - marks: stretches drawn with extra attributes, later marks over earlier ones.
    ///   - hints: labels drawn over the first characters of the text at their position.
    ///   - columns: the screen's width; longer lines are clipped.
    ///   - unicode: false to draw plain ASCII.
    public static func lines(of page: Page, blocks: (Int, Int) -> Block?, marks: [PageMark] = [],
                             hints: [PageHint] = [], columns: Int, unicode: Bool) -> [ScreenLine] {
        page.lines.enumerated().map { index, text in
            let span = index < page.spans.count ? page.spans[index] : nil
            let block = span.flatMap { blocks($0.section, $0.block) }
            return line(text, span: span, block: block, marks: marks, hints: hints, columns: columns, unicode: unicode)
        }
    }

    static func line(_ text: String, span: LineSpan?, block: Block?, marks: [PageMark], hints: [PageHint],
                     columns: Int, unicode: Bool) -> ScreenLine {
        var line = ScreenLine()
        let base = blockAttributes(block)
        var labelLeft: [Character] = []
        for shown in LineCharacters.walk(line: text, span: span, block: block) {
            var attributes = TextAttributes.plain
            if let offset = shown.offset, let span, let block {
                attributes = base.merging(runAttributes(block.runs, at: offset))
                let position = TextPosition(section: span.section, block: span.block, offset: offset)
                for mark in marks where mark.range.contains(position) { attributes = attributes.merging(mark.attributes) }
                if let hint = hints.first(where: { $0.position == position }) { labelLeft = Array(hint.label) }
            } else if block != nil, case .image = block!.kind {
                attributes.dim = true
            }
            if !labelLeft.isEmpty {
                let label = labelLeft.removeFirst()
                line.append(character: label, TextAttributes(bold: true, reverse: true))
                continue
            }
            line.append(DisplayText.shown(shown.character, unicode: unicode), attributes)
        }
        return DisplayText.clipped(line, to: columns)
    }

    /// What a whole block looks like: headings bold, code blocks dim.
    static func blockAttributes(_ block: Block?) -> TextAttributes {
        switch block?.kind {
        case .heading: TextAttributes(bold: true)
        case .preformatted: TextAttributes(dim: true)
        default: .plain
        }
    }

    /// The attributes of the runs that cover `offset`.
    static func runAttributes(_ runs: [InlineRun], at offset: Int) -> TextAttributes {
        var attributes = TextAttributes.plain
        for run in runs {
            if run.range.lowerBound > offset { break }
            guard run.range.contains(offset) else { continue }
            switch run.style {
            case .emphasis: attributes.italic = true
            case .strong: attributes.bold = true
            case .code: attributes.dim = true
            case .strikethrough: attributes.strikethrough = true
            case .underline, .link, .noteReference: attributes.underline = true
            case .image: attributes.dim = true
            case .superscript, .subscript: break
            }
        }
        return attributes
    }
}
