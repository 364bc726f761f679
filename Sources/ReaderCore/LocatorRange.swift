/// A stretch of a document between two Locators, as a highlight or a bookmark with a selection
/// is stored: format-agnostic, serialisable, and resolvable on any viewport.
public struct LocatorRange: Hashable, Sendable, Codable {
    /// Where the stretch begins.
    public var start: Locator
    /// Where it ends (exclusive).
    public var end: Locator
    /// The text between them, for showing the highlight and for re-anchoring it.
    public var text: String?

    /// Creates a range.
    public init(start: Locator, end: Locator, text: String? = nil) {
        self.start = start
        self.end = end
        self.text = text
    }
}

extension Document {
    /// The range between two text positions (in either order), with the text between them.
    /// - Parameters:
    ///   - first: one end of the range.
    ///   - second: the other end.
    ///   - textLimit: the most UTF-16 units of text kept; the text is cut there.
    /// - Throws: ``ReaderError`` when a position is not in the document.
    public func range(from first: TextPosition, to second: TextPosition, textLimit: Int = 4096) throws(ReaderError) -> LocatorRange {
        let (start, end) = first <= second ? (first, second) : (second, first)
        return LocatorRange(start: try locator(at: start), end: try locator(at: end),
                            text: try text(from: start, to: end, limit: textLimit))
    }

    /// The text positions a range spans, start first.
    /// - Throws: ``ReaderError`` when either end does not resolve, or one belongs to another document.
    public func textRange(of range: LocatorRange) throws(ReaderError) -> Range<TextPosition> {
        let start = try resolve(range.start), end = try resolve(range.end)
        return min(start, end)..<max(start, end)
    }

    /// The text between two positions, blocks joined by a line break, at most `limit` UTF-16 units.
    /// - Throws: ``ReaderError`` when a section cannot be read.
    public func text(from start: TextPosition, to end: TextPosition, limit: Int = 4096) throws(ReaderError) -> String {
        guard start < end, limit > 0 else { return "" }
        var collected: [UInt16] = []
        sections: for section in start.section...min(end.section, readingOrder.count - 1) {
            let blocks = try content(ofSection: section).blocks
            for index in blocks.indices {
                let here = TextPosition(section: section, block: index, offset: 0)
                guard (section, index) >= (start.section, start.block) else { continue }
                guard here < end || (section, index) == (end.section, end.block) else { break sections }
                let units = Array(blocks[index].text.utf16)
                let from = (section, index) == (start.section, start.block) ? min(start.offset, units.count) : 0
                let to = (section, index) == (end.section, end.block) ? min(end.offset, units.count) : units.count
                if !collected.isEmpty { collected.append(0x0A) }
                if from < to { collected.append(contentsOf: units[from..<to]) }
                if collected.count >= limit { break sections }
            }
        }
        return String(decoding: collected.prefix(limit), as: UTF16.self)
    }

    /// Locators in reading order. Distinct positions never tie; Locators of the same position
    /// keep their given order.
    /// - Throws: ``ReaderError`` when a Locator does not resolve in this document.
    public func sortedInReadingOrder(_ locators: [Locator]) throws(ReaderError) -> [Locator] {
        var keyed: [(position: TextPosition, index: Int)] = []
        for (index, locator) in locators.enumerated() { keyed.append((try resolve(locator), index)) }
        return keyed.sorted { ($0.position, $0.index) < ($1.position, $1.index) }.map { locators[$0.index] }
    }

    /// Ranges in reading order: by start, then by end; equal ranges keep their given order.
    /// - Throws: ``ReaderError`` when a range does not resolve in this document.
    public func sortedInReadingOrder(_ ranges: [LocatorRange]) throws(ReaderError) -> [LocatorRange] {
        var keyed: [(span: Range<TextPosition>, index: Int)] = []
        for (index, range) in ranges.enumerated() { keyed.append((try textRange(of: range), index)) }
        return keyed.sorted {
            ($0.span.lowerBound, $0.span.upperBound, $0.index) < ($1.span.lowerBound, $1.span.upperBound, $1.index)
        }.map { ranges[$0.index] }
    }
}
