/// What to look for and how.
///
/// A literal query matches folded text: whitespace in the query matches any run of whitespace in
/// the book, block and section boundaries included (see ``DocumentSearch``).
public struct SearchQuery: Hashable, Sendable {
    /// The text to find, or the pattern when ``isRegularExpression`` is set.
    public var text: String
    /// Match case exactly. Off by default: case is folded (`ß` matches `SS`, `Ё` matches `ё`).
    public var isCaseSensitive: Bool
    /// Report only matches that start and end at word boundaries (see ``DocumentSearch`` for CJK).
    public var matchesWholeWords: Bool
    /// Treat ``text`` as an ICU regular expression (`NSRegularExpression` syntax).
    public var isRegularExpression: Bool
    /// Ignore diacritics: `é` matches `e`, `ё` matches `е`.
    public var ignoresDiacritics: Bool
    /// Stop after this many hits; nil for no limit.
    public var limit: Int?

    /// Creates a query.
    public init(_ text: String, caseSensitive: Bool = false, wholeWords: Bool = false, regularExpression: Bool = false,
                ignoringDiacritics: Bool = false, limit: Int? = nil) {
        self.text = text
        isCaseSensitive = caseSensitive
        matchesWholeWords = wholeWords
        isRegularExpression = regularExpression
        ignoresDiacritics = ignoringDiacritics
        self.limit = limit
    }

    /// The folding applied to the book's text (and, for a literal query, to the query) before matching.
    /// A regular expression sees line feeds at line and block breaks and is matched without case
    /// folding, its own case-insensitive option doing that work.
    public var folding: TextFolding {
        if isRegularExpression {
            return TextFolding(foldsCase: false, foldsDiacritics: ignoresDiacritics, decomposes: ignoresDiacritics,
                               keepsLineBreaks: true)
        }
        return TextFolding(foldsCase: !isCaseSensitive, foldsDiacritics: ignoresDiacritics)
    }
}
