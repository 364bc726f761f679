import ReaderSearch

/// A search through the book, running on another thread while the reader reads on.
public struct SearchState: Sendable {
    /// What is searched for.
    public var query: String
    /// Which search this is (a new search makes the older one's reports stale).
    var id: Int
    /// The matches found so far, in reading order (at most ``SearchState/matchLimit``).
    public var matches: [SearchMatch] = []
    /// The match the reader went to last.
    public var current: Int?
    /// Sections scanned, of ``total``.
    public var scanned = 0
    /// Sections to scan.
    public var total = 0
    /// Whether the whole book has been searched.
    public var finished = false
    /// Why the search failed, if it did.
    public var error: String?

    /// The most matches kept; a search for a word on every page stops there.
    public static let matchLimit = 100_000

    /// The status line's account of it: `"query": hit 3 of 120`, with the percentage searched
    /// while it runs.
    public var summary: String {
        if let error { return "search failed: \(error)" }
        let shown = query.count > 40 ? String(query.prefix(39)) + "…" : query
        var text = "\"\(shown)\": "
        if matches.isEmpty {
            text += finished ? "not found" : "searching"
        } else if let current {
            text += "hit \(current + 1) of \(matches.count)\(finished ? "" : "+")"
        } else {
            text += "\(matches.count)\(finished ? "" : "+") hits"
        }
        if !finished, total > 0 { text += " (\(scanned * 100 / total)% searched)" }
        if finished, matches.count >= Self.matchLimit { text += " (the first \(Self.matchLimit))" }
        return text
    }
}
