extension PDFPageText {
    /// Whether a font's name says its text is strong: a bold weight (``isBoldFont(_:)``) or URW's
    /// `Medi`, the bold of its Nimbus and Palladio clones of the base fonts (`NimbusRomNo9L-Medi`
    /// is Times-Bold); `Medium` elsewhere is a weight between regular and bold, and is not.
    /// Only runs use it: lines and headings keep ``isBoldFont(_:)``, which reflow was tuned on.
    static func isStrongFont(_ name: String) -> Bool {
        if isBoldFont(name) { return true }
        let style = styleSuffix(name)
        return style.hasPrefix("medi") && !style.hasPrefix("medium")
    }

    /// Whether a font's name says it is italic or oblique (`Times-Italic`, `Helvetica-Oblique`,
    /// `Arial,Italic`, `NimbusRomNo9L-ReguItal`, `MinionPro-It`, `…-Regu-Slant_167`, TeX's `CMTI10` and
    /// `CMSL10`). TeX's math italic (`CMMI`) is left out: its letters are symbols, not emphasis.
    static func isItalicFont(_ name: String) -> Bool {
        let lowered = name.lowercased()
        let base = lowered.split(separator: "+", maxSplits: 1).last.map(String.init) ?? lowered
        if base.contains("italic") || base.contains("oblique") { return true }
        if ["cmti", "cmsl", "cmbxti", "cmbxsl", "cmitt", "sfti", "sfsl"].contains(where: { base.hasPrefix($0) }) { return true }
        let style = styleSuffix(name)
        guard style != base else { return false }
        return style.contains("ital") || style.contains("obl") || style.contains("slant") || style.contains("kursiv")
            || style.hasSuffix("it")
    }

    /// The lowercased part of a font name after its last `-` or `,` (the style: `bolditalic`,
    /// `medi`), or the whole name, subset prefix removed, when it has neither.
    private static func styleSuffix(_ name: String) -> String {
        let lowered = name.lowercased()
        let base = lowered.split(separator: "+", maxSplits: 1).last.map(String.init) ?? lowered
        guard let cut = base.lastIndex(where: { $0 == "-" || $0 == "," }) else { return base }
        return String(base[base.index(after: cut)...])
    }
}
