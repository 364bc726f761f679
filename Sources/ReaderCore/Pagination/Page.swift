/// One page of laid-out text.
public struct Page: Hashable, Sendable {
    /// 1-based page number.
    public var number: Int
    /// The lines shown, decoration included, in order; at most the viewport's rows.
    public var lines: [String]
    /// The text position of the first character on the page.
    public var start: TextPosition
    /// The text position just after the page (the next page's start), or nil on the last page.
    public var end: TextPosition?
    /// Where each of ``lines`` comes from; nil for blank lines. Empty when the page was made
    /// without them.
    public var spans: [LineSpan?]

    /// Creates a page.
    public init(number: Int, lines: [String], start: TextPosition, end: TextPosition?, spans: [LineSpan?] = []) {
        self.number = number
        self.lines = lines
        self.start = start
        self.end = end
        self.spans = spans
    }

    /// The line and UTF-16 column of a text position on this page, where a line shows it
    /// (a position inside whitespace dropped at a line end goes to that line's end); nil when
    /// no line does.
    public func place(of position: TextPosition) -> (line: Int, column: Int)? {
        for (index, span) in spans.enumerated() {
            guard let span, span.section == position.section, span.block == position.block,
                  span.textRange.contains(position.offset)
                    || (position.offset == span.textRange.upperBound && span.textRange.isEmpty) else { continue }
            let inside = min(position.offset - span.textRange.lowerBound, span.textLength)
            return (index, span.prefixLength + inside)
        }
        return nil
    }

    /// Whether a text position lies on this page.
    public func contains(_ position: TextPosition) -> Bool {
        position >= start && (end.map { position < $0 } ?? true)
    }
}

/// Where a shown line comes from: a block, the UTF-16 range of its text, and the decoration before it.
public struct LineSpan: Hashable, Sendable {
    /// The section of the block.
    public var section: Int
    /// The block within the section.
    public var block: Int
    /// The UTF-16 range of the block text the line stands for.
    public var textRange: Range<Int>
    /// UTF-16 units of decoration (indent, list marker, quote bars) before the text.
    public var prefixLength: Int
    /// UTF-16 units of text shown (whitespace dropped at a soft break is not).
    public var textLength: Int

    /// Creates a span from a laid-out line's parts.
    public init(section: Int, block: Int, textRange: Range<Int>, prefix: String, text: String) {
        self.section = section
        self.block = block
        self.textRange = textRange
        self.prefixLength = prefix.utf16Length
        self.textLength = text.utf16Length
    }
}
