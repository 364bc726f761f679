import ReaderCore

/// Where a match is: its first character and the position just after its last one.
public struct SearchMatch: Hashable, Sendable {
    /// The position of the first matched character.
    public var start: TextPosition
    /// The position just after the last matched character (in a later block or section when the
    /// match runs across a boundary).
    public var end: TextPosition

    /// Creates a match.
    public init(start: TextPosition, end: TextPosition) {
        self.start = start
        self.end = end
    }
}

/// One search result, ready to show.
public struct SearchHit: Hashable, Sendable {
    /// Where the match is.
    public var match: SearchMatch
    /// The Locator of the match's start, with ``Locator/text`` holding the text before the match,
    /// the matched text and the text after it (whitespace collapsed).
    public var locator: Locator
    /// The title of the table-of-contents entry the match falls under (its Locator's title), if any.
    public var tocTitle: String?
    /// The number of the page holding the match's start, when the search was given a paginator.
    public var pageNumber: Int?

    /// Creates a hit.
    public init(match: SearchMatch, locator: Locator, tocTitle: String? = nil, pageNumber: Int? = nil) {
        self.match = match
        self.locator = locator
        self.tocTitle = tocTitle
        self.pageNumber = pageNumber
    }

    /// The position of the first matched character.
    public var start: TextPosition { match.start }
    /// The position just after the last matched character.
    public var end: TextPosition { match.end }
}

/// A hit as a list of results shows it: the table-of-contents entry it falls under and the text
/// around it. ``DocumentSearch/nextSummary()`` gives it without building blocks where it can.
public struct SearchHitSummary: Hashable, Sendable {
    /// The section the match starts in.
    public var section: Int
    /// The title of the table-of-contents entry the match falls under, if any.
    public var tocTitle: String?
    /// The text before the match, the matched text and the text after it (whitespace collapsed),
    /// as ``SearchHit/locator``'s text.
    public var context: Locator.TextContext

    /// Creates a summary.
    public init(section: Int, tocTitle: String?, context: Locator.TextContext) {
        self.section = section
        self.tocTitle = tocTitle
        self.context = context
    }
}

extension SearchHit {
    /// The hit as a list of results shows it.
    public var summary: SearchHitSummary {
        SearchHitSummary(section: start.section, tocTitle: tocTitle, context: locator.text ?? Locator.TextContext())
    }
}
