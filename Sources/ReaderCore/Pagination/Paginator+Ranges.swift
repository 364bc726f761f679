extension Paginator {
    /// The pages a stretch of text is shown on: from the page holding its start to the page
    /// holding its last character (the start's page alone when the stretch is empty).
    /// - Throws: ``ReaderError`` when the document cannot be laid out that far.
    public func pageNumbers(covering range: Range<TextPosition>) throws(ReaderError) -> ClosedRange<Int> {
        let first = try pageNumber(containing: range.lowerBound)
        guard !range.isEmpty else { return first...first }
        var last = try pageNumber(containing: range.upperBound)
        if last > first, try page(last).start == range.upperBound { last -= 1 }
        return first...last
    }
}
