import ReaderCore

/// Hits as a list of results shows them (``SearchHitSummary``), a section's worth at a time, the
/// text of their contexts kept in one UTF-8 buffer instead of three strings a hit: what
/// ``DocumentSearch/nextSummaries()`` gives, for a caller that writes thousands of hits out.
public struct SearchHitSummaries: Sendable {
    /// One hit: its section, its title, and where the pieces of its context lie in ``text``.
    public struct Hit: Sendable {
        /// The section the match starts in.
        public var section: Int
        /// The title of the table-of-contents entry the match falls under, if any.
        public var tocTitle: String?
        /// The text before the match (``Locator/TextContext/before``), as a range of ``text``.
        public var before: Range<Int>
        /// The matched text (``Locator/TextContext/highlight``), as a range of ``text``.
        public var highlight: Range<Int>
        /// The text after the match (``Locator/TextContext/after``), as a range of ``text``.
        public var after: Range<Int>
    }

    /// The UTF-8 text of the hits' contexts, well-formed.
    public internal(set) var text: [UInt8] = []
    /// The hits, in reading order.
    public internal(set) var hits: [Hit] = []

    /// No hits.
    public init() {}

    /// The hit at `index` as a summary, its strings made from ``text``.
    public func summary(at index: Int) -> SearchHitSummary {
        let hit = hits[index]
        let pieces = HitContext.PieceRanges(before: hit.before, highlight: hit.highlight, after: hit.after)
        return SearchHitSummary(section: hit.section, tocTitle: hit.tocTitle, context: pieces.context(in: text))
    }

    /// Adds `summary` after the hits there are (a missing piece of its context as an empty one).
    mutating func append(_ summary: SearchHitSummary) {
        let pieces = HitContext.PieceRanges(summary.context, appendingTo: &text)
        hits.append(Hit(section: summary.section, tocTitle: summary.tocTitle, before: pieces.before,
                        highlight: pieces.highlight, after: pieces.after))
    }

    /// Keeps the first `count` hits.
    mutating func keepFirst(_ count: Int) {
        if hits.count > count { hits.removeSubrange(count...) }
    }
}
