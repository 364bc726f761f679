/// How text is folded before it is compared: the same folding is applied to the query and to the
/// book, so a match in folded text is a match the reader would expect.
///
/// Folding always drops default-ignorable characters (soft hyphens, zero-width spaces and joiners,
/// byte-order marks, bidi controls) and the Arabic and Hebrew vowel signs and tatweel that readers
/// do not type, reads Arabic presentation forms as the letters they show, and turns every run of
/// whitespace into one space (or one line feed when ``keepsLineBreaks`` is set and the run holds a
/// line break).
public struct TextFolding: Hashable, Sendable {
    /// Folds case: each character is upper-cased, then lower-cased, so `ß` matches `SS`, `ς` and
    /// `Σ` match `σ`, and `Ё` matches `ё`.
    public var foldsCase: Bool
    /// Drops nonspacing marks after decomposition, so `é` matches `e`, `ё` matches `е` and Arabic
    /// vowel marks are ignored. Letters that do not decompose (`ø`, `ł`, `đ`) stay as they are.
    public var foldsDiacritics: Bool
    /// Decomposes characters canonically (except Hangul syllables), so a precomposed `é` matches
    /// `e` followed by a combining acute. Diacritic folding needs it.
    public var decomposes: Bool
    /// Keeps a whitespace run that holds a line break (or a block boundary) as a line feed instead of
    /// a space; regular expressions see line feeds, literal queries do not need them.
    public var keepsLineBreaks: Bool

    /// Creates a folding.
    public init(foldsCase: Bool, foldsDiacritics: Bool, decomposes: Bool = true, keepsLineBreaks: Bool = false) {
        self.foldsCase = foldsCase
        self.foldsDiacritics = foldsDiacritics
        self.decomposes = decomposes || foldsDiacritics
        self.keepsLineBreaks = keepsLineBreaks
    }

    /// Case and diacritics folded, whitespace runs as single spaces: what the full-text index stores.
    public static let full = TextFolding(foldsCase: true, foldsDiacritics: true)

    /// A number that changes whenever folding changes what it produces, so stored folded text made
    /// by another version is not trusted.
    public static let version = 3
}
