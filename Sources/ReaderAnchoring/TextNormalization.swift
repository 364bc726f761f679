/// How both sides of a re-anchoring are normalised before they are compared.
///
/// Whatever the options, text is case-folded, Unicode compatibility forms are decomposed (`ﬁ`,
/// full-width letters, `…`), runs of white space (NBSP and ideographic spaces included) become one
/// space, invisible format characters (soft hyphens, zero-width spaces, bidi marks) are dropped,
/// and typographic variants are unified: curly and straight quotes and apostrophes, guillemets,
/// and every dash (a run of dashes, as in `---` for `—`, is one dash).
public struct TextNormalization: Hashable, Sendable {
    /// Whether combining diacritical marks are dropped too, so `é` matches `e` and `ё` matches `е`.
    public var foldsDiacritics: Bool

    /// Creates normalisation options.
    public init(foldsDiacritics: Bool = false) {
        self.foldsDiacritics = foldsDiacritics
    }
}
