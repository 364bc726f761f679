/// poppler's page text paired with its layout: one box per scalar and, for each scalar, the
/// index of the layout rectangle it got (nil for a scalar that has none).
///
/// `poppler_page_get_text` and `poppler_page_get_text_layout` walk the same words, so they
/// normally agree character for character (a space between words, a zero-size rectangle for
/// each line break), with one exception: the text wraps right-to-left words in direction marks
/// (RLE … PDF) that have no rectangle. Those get an empty box beside their neighbour.
struct PDFAlignedText: Hashable, Sendable {
    /// The characters in reading order.
    var scalars: [Unicode.Scalar] = []
    /// One box per scalar.
    var boxes: [PDFRect] = []
    /// For each scalar, the layout rectangle it was paired with.
    var layoutIndices: [Int?] = []

    /// Nothing yet.
    init() {}

    /// The layout's own characters, in layout order, one per rectangle (a value that is no
    /// Unicode scalar becomes U+FFFD).
    init(layoutOrder characters: UnsafeBufferPointer<UInt32>, rects: [PDFRect]) {
        scalars = characters.map { Unicode.Scalar($0) ?? "\u{FFFD}" }
        boxes = rects
        layoutIndices = rects.indices.map { $0 }
    }

    /// Pairs the whole page text with the whole layout.
    /// - Returns: nil when they disagree: the scalars other than direction marks are not as many
    ///   as the rectangles, or a line break meets a rectangle that is not a line-end mark.
    static func strict(text: [Unicode.Scalar], rects: [PDFRect]) -> PDFAlignedText? {
        guard text.count(where: { !isDirectionMark($0) }) == rects.count else { return nil }
        var aligned = PDFAlignedText()
        aligned.append(text, rects: rects, indices: rects.indices)
        for (scalar, index) in zip(aligned.scalars, aligned.layoutIndices) where scalar == "\n" {
            guard let index, isLineEnd(rects[index]) else { return nil }
        }
        return aligned
    }

    /// Appends `text` paired with `rects` (whose layout indices are `indices`) as far as they
    /// go: scalars past the last rectangle get empty boxes after it, rectangles past the last
    /// scalar are dropped.
    mutating func append(_ text: some Sequence<Unicode.Scalar>, rects: [PDFRect], indices: Range<Int>) {
        reserveCapacity(scalars.count + text.underestimatedCount)
        var next = 0
        for scalar in text {
            if !Self.isDirectionMark(scalar), next < rects.count {
                append(scalar, box: rects[next], layoutIndex: indices.lowerBound + next)
                next += 1
            } else {
                let box = boxes.last.map { Self.emptyBox(after: $0) }
                    ?? (next < rects.count ? Self.emptyBox(before: rects[next]) : PDFRect(x1: 0, y1: 0, x2: 0, y2: 0))
                append(scalar, box: box, layoutIndex: nil)
            }
        }
    }

    private mutating func reserveCapacity(_ count: Int) {
        scalars.reserveCapacity(count)
        boxes.reserveCapacity(count)
        layoutIndices.reserveCapacity(count)
    }

    /// Appends one scalar with its box.
    mutating func append(_ scalar: Unicode.Scalar, box: PDFRect, layoutIndex: Int?) {
        scalars.append(scalar)
        boxes.append(box)
        layoutIndices.append(layoutIndex)
    }

    /// Removes every U+0000 with its box: poppler gives it for a glyph whose font maps it to
    /// code 0, which is no character (pdftotext writes the NUL byte out).
    /// - Returns: whether there was any.
    @discardableResult
    mutating func removeNullCharacters() -> Bool {
        guard scalars.contains("\0") else { return false }
        let kept = scalars.indices.filter { scalars[$0] != "\0" }
        scalars = kept.map { scalars[$0] }
        boxes = kept.map { boxes[$0] }
        layoutIndices = kept.map { layoutIndices[$0] }
        return true
    }

    /// poppler marks a line break with a rectangle of no size at the end of the line's last word.
    static func isLineEnd(_ rect: PDFRect) -> Bool {
        rect.x1 == rect.x2 && rect.y1 == rect.y2
    }

    /// The invisible bidirectional controls poppler's text output adds around right-to-left
    /// words (LRM, RLM, ALM, the embeddings and overrides, the isolates).
    static func isDirectionMark(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x200E, 0x200F, 0x061C, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    /// A box of no width at the right edge of `box`.
    static func emptyBox(after box: PDFRect) -> PDFRect {
        PDFRect(x1: box.x2, y1: box.y1, x2: box.x2, y2: box.y2)
    }

    /// A box of no width at the left edge of `box`.
    private static func emptyBox(before box: PDFRect) -> PDFRect {
        PDFRect(x1: box.x1, y1: box.y1, x2: box.x1, y2: box.y2)
    }
}
