/// Turns poppler's font attributes, which count positions in the text layout, into font runs
/// over the scalars of a ``PDFAlignedText``.
enum PDFFontRunMapping {
    /// Font runs covering every scalar, in order; adjacent runs of the same font, size and flags
    /// (poppler also splits on colour and underline) are merged. Scalars without a layout position
    /// (direction marks, padding) take the run before them, or after them at the start. Empty when
    /// no attribute covers any scalar.
    /// - Parameters:
    ///   - attributes: runs whose ranges are layout indices.
    ///   - layoutIndices: each scalar's layout index (``PDFAlignedText/layoutIndices``).
    ///   - layoutCount: the number of layout rectangles; attribute ranges are clipped to it.
    static func runs(_ attributes: [PDFFontRun], layoutIndices: [Int?], layoutCount: Int) -> [PDFFontRun] {
        var owner = [Int](repeating: -1, count: layoutCount)
        for (number, attribute) in attributes.enumerated() {
            let range = attribute.range.clamped(to: 0..<layoutCount)
            for index in range { owner[index] = number }
        }
        let scalarOwners: [Int?] = layoutIndices.map { index in
            guard let index, index >= 0, index < layoutCount, owner[index] >= 0 else { return nil }
            return owner[index]
        }
        guard let firstKnown = scalarOwners.lazy.compactMap({ $0 }).first else { return [] }
        var current = firstKnown
        let filled: [Int] = scalarOwners.map { known in
            if let known { current = known }
            return current
        }
        var result: [PDFFontRun] = []
        var previous = -1
        for (index, number) in filled.enumerated() {
            let attribute = attributes[number]
            if number == previous || result.last.map({ $0.hasSameFont(as: attribute) }) == true {
                result[result.count - 1].range = result[result.count - 1].range.lowerBound..<(index + 1)
            } else {
                var run = attribute
                run.range = index..<(index + 1)
                result.append(run)
            }
            previous = number
        }
        return result
    }
}

extension PDFFontRun {
    /// Whether `other` has this run's font name, size and flags.
    func hasSameFont(as other: PDFFontRun) -> Bool {
        fontName == other.fontName && fontSize == other.fontSize && hasBoldFlag == other.hasBoldFlag
            && hasItalicFlag == other.hasItalicFlag
    }
}
