import ReaderCore

/// A stretch of a page's text drawn a particular way: a search hit, a highlight, the selection.
public struct PageMark: Hashable, Sendable {
    /// The text marked.
    public var range: Range<TextPosition>
    /// How it is drawn (added to the text's own style).
    public var attributes: TextAttributes

    /// Creates a mark.
    public init(_ range: Range<TextPosition>, _ attributes: TextAttributes) {
        self.range = range
        self.attributes = attributes
    }
}

/// A label drawn over the start of a link or image on the page (`1`, `2`, … `a`, `b`), typed to
/// pick it.
public struct PageHint: Hashable, Sendable {
    /// Where the link or image starts.
    public var position: TextPosition
    /// The label.
    public var label: String

    /// Creates a hint.
    public init(position: TextPosition, label: String) {
        self.position = position
        self.label = label
    }
}
