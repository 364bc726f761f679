import ReaderCore

extension Block {
    /// A Markdown table: one preformatted block holding the aligned text of all its rows.
    var isPreformattedTable: Bool {
        if case .preformatted = kind { return !tableRows.isEmpty }
        return false
    }
}

extension InlineRun {
    /// The image this run shows, if it is an image run.
    var imageReference: ImageReference? {
        if case .image(let reference) = style { return reference }
        return nil
    }
}

extension Character {
    /// `0`…`9`.
    var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
