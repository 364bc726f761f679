/// Where a page's text is bold, italic or linked, in UTF-16 offsets of the page text (what
/// ``PDFReflow`` keeps of the fonts and link annotations instead of the glyph boxes).
struct PDFPageStyles: Hashable, Sendable {
    /// A stretch of the page text under one link annotation.
    struct LinkSpan: Hashable, Sendable {
        /// The UTF-16 range in the page text.
        var range: Range<Int>
        /// Where the link leads.
        var target: PDFLinkTarget
    }

    /// Stretches set in a bold font (by name or descriptor flags), in order and disjoint.
    var strong: [Range<Int>] = []
    /// Stretches set in an italic or oblique font (by name or descriptor flags), in order and disjoint.
    var emphasis: [Range<Int>] = []
    /// Stretches whose characters lie under a link annotation, by start (from the first character
    /// inside the rectangle to the last, so spaces between the words are in).
    var links: [LinkSpan] = []

    /// Whether the page has no styled text at all.
    var isEmpty: Bool { strong.isEmpty && emphasis.isEmpty && links.isEmpty }

    /// No styles.
    init() {}

    /// The styles of a page's text, from its font runs' names and flags and its link annotations.
    init(text: PDFPageText) {
        guard !text.fontRuns.isEmpty || !text.links.isEmpty else { return }
        let utf16Offsets = Self.utf16Offsets(text.scalars)
        func offset(_ index: Int) -> Int { utf16Offsets?[index] ?? index }
        // A page uses a handful of fonts: a short list searched in order beats hashing every name.
        var fontStyles: [(name: String, strong: Bool, emphasis: Bool)] = []
        for run in text.fontRuns {
            let lower = max(0, run.range.lowerBound), upper = min(text.scalars.count, run.range.upperBound)
            guard lower < upper else { continue }
            let style: (name: String, strong: Bool, emphasis: Bool)
            if let known = fontStyles.first(where: { $0.name == run.fontName }) {
                style = known
            } else {
                style = (run.fontName, PDFPageText.isStrongFont(run.fontName), PDFPageText.isItalicFont(run.fontName))
                fontStyles.append(style)
            }
            let range = offset(lower)..<offset(upper)
            if style.strong || run.hasBoldFlag { Self.append(range, to: &strong) }
            if style.emphasis || run.hasItalicFlag { Self.append(range, to: &emphasis) }
        }
        for link in text.links {
            for range in Self.scalarRanges(under: link.rect, in: text) {
                links.append(LinkSpan(range: offset(range.lowerBound)..<offset(range.upperBound), target: link.target))
            }
        }
        links.sort { $0.range.lowerBound < $1.range.lowerBound }
    }

    /// Appends `range`, joining it to the last range when they touch.
    private static func append(_ range: Range<Int>, to ranges: inout [Range<Int>]) {
        if let last = ranges.last, last.upperBound >= range.lowerBound {
            ranges[ranges.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
        } else {
            ranges.append(range)
        }
    }

    /// Ranges of scalar indices whose characters' boxes have their centre inside `rect`, spaces
    /// between two such characters included, spaces at either end left out.
    private static func scalarRanges(under rect: PDFRect, in text: PDFPageText) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var open: Range<Int>?
        for index in text.scalars.indices {
            if text.scalars[index].isPDFWhitespace { continue }
            let box = text.boxes[index]
            let x = (box.x1 + box.x2) / 2, y = (box.y1 + box.y2) / 2
            if x >= rect.x1, x <= rect.x2, y >= rect.y1, y <= rect.y2 {
                open = (open?.lowerBound ?? index)..<(index + 1)
            } else if let current = open {
                ranges.append(current)
                open = nil
            }
        }
        if let open { ranges.append(open) }
        return ranges
    }

    /// Each scalar's UTF-16 offset (and the total at the end), or nil when every scalar is one
    /// UTF-16 unit, so that indices are offsets.
    private static func utf16Offsets(_ scalars: [Unicode.Scalar]) -> [Int]? {
        guard scalars.contains(where: { $0.value > 0xFFFF }) else { return nil }
        var offsets: [Int] = []
        offsets.reserveCapacity(scalars.count + 1)
        var offset = 0
        for scalar in scalars {
            offsets.append(offset)
            offset += scalar.utf16.count
        }
        offsets.append(offset)
        return offsets
    }
}
