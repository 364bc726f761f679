// MARK: - Recognising one line

extension ChapterHeadingDetector {
    /// A recognised heading: its level, and whether a title follows the number on the same line.
    struct Match {
        /// 1 for a part, book or volume; 2 for a chapter.
        var level: Int
        /// Whether a title follows the number (or the unnumbered keyword) on the same line.
        var hasTitle: Bool
    }

    /// Recognises a trimmed, length-checked line.
    static func match(_ scalars: [Unicode.Scalar], standalone: Bool) -> Match? {
        guard let first = scalars.first else { return nil }
        switch first {
        case "第": return cjkNumberedMatch(scalars)
        case "序", "楔", "尾", "终", "終": return cjkBareMatch(scalars)
        case "\u{627}": return arabicMatch(scalars)
        // Not a set look-up for ASCII, which holds no numeral.
        case _ where first.value > 0x7F && bareChapterNumerals.contains(first): return cjkBareNumeralMatch(scalars)
        case "0"..."9", "I", "V", "X", "L", "C":
            if let found = numberFirstMatch(scalars) { return found }
        default: break
        }
        if let found = keywordMatch(scalars, standalone: standalone) { return found }
        if standalone, isStandaloneRomanNumeral(scalars) { return Match(level: 2, hasTitle: false) }
        return nil
    }
}
