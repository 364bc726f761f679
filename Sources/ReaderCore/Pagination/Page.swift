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

    /// Creates a page.
    public init(number: Int, lines: [String], start: TextPosition, end: TextPosition?) {
        self.number = number
        self.lines = lines
        self.start = start
        self.end = end
    }

    /// Whether a text position lies on this page.
    public func contains(_ position: TextPosition) -> Bool {
        position >= start && (end.map { position < $0 } ?? true)
    }
}
