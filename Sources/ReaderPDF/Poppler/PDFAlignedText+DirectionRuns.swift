extension PDFAlignedText {
    /// Puts a space where poppler's direction marks are all that stands between a right-to-left
    /// word and a left-to-right one. poppler wraps each run of one direction in marks but writes no
    /// space where the direction changes, so `habibi` and the Arabic word beside it read, wrap and
    /// are searched as one word. The space has an empty box and no layout rectangle, as the marks.
    /// - Returns: whether a space was added.
    @discardableResult
    mutating func separatingDirectionRuns() -> Bool {
        var insertions: [Int] = []
        var index = 1
        while index < scalars.count {
            guard Self.isDirectionMark(scalars[index]) else {
                index += 1
                continue
            }
            var end = index
            while end < scalars.count, Self.isDirectionMark(scalars[end]) { end += 1 }
            let before = scalars[index - 1]
            if end < scalars.count, !Self.isDirectionMark(before), !before.properties.isWhitespace,
               !scalars[end].properties.isWhitespace,
               Self.isRightToLeft(before) != Self.isRightToLeft(scalars[end]) {
                insertions.append(index)
            }
            index = end
        }
        for position in insertions.reversed() {
            scalars.insert(" ", at: position)
            boxes.insert(Self.emptyBox(after: boxes[position - 1]), at: position)
            layoutIndices.insert(nil, at: position)
        }
        return !insertions.isEmpty
    }

    /// Hebrew, Arabic, Syriac, Thaana, NKo and the other scripts of U+0590–U+08FF, with their
    /// presentation forms: the letters (and their marks) written right to left.
    static func isRightToLeft(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF: true
        default: false
        }
    }
}
