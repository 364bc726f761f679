// MARK: - Chinese and Japanese headings

extension ChapterHeadingDetector {
    /// Units after `第…`, with their heading level.
    fileprivate static let cjkUnitLevels: [Unicode.Scalar: Int] = [
        "章": 2, "回": 2, "节": 2, "節": 2, "话": 2, "話": 2, "幕": 2,
        "卷": 1, "巻": 1, "部": 1, "篇": 1, "集": 1,
    ]

    private static func isCJKNumeral(_ scalar: Unicode.Scalar) -> Bool {
        cjkNumerals.contains(scalar) || isDigit(scalar)
    }

    private static let cjkNumerals: Set<Unicode.Scalar> = Set("〇零一二两兩三四五六七八九十百千万萬壹贰貳叁參肆伍陆陸柒捌玖拾佰仟".unicodeScalars)

    /// Characters that, right after `第一章`, show a sentence rather than a title (`第一章的内容`,
    /// `第一百回合`, `第三节课`).
    private static let cjkParticles: Set<Unicode.Scalar> = Set(
        "的了是和与與及中里裡就也还還都在有说說讲講写寫提到已又才要会會把被比我你他她它们們这這那很太更最并並或而对對为為讨討论論看读讀過过没沒不合课課".unicodeScalars)

    /// `第` numeral unit, optionally followed by a title.
    static func cjkNumberedMatch(_ scalars: [Unicode.Scalar]) -> Match? {
        var index = 1
        while index < scalars.count, isSpace(scalars[index]) { index += 1 }
        let numberStart = index
        while index < scalars.count, isCJKNumeral(scalars[index]) { index += 1 }
        guard index > numberStart, index - numberStart <= 8, index < scalars.count else { return nil }
        while index < scalars.count, isSpace(scalars[index]) { index += 1 }
        guard index < scalars.count, let level = cjkUnitLevels[scalars[index]] else { return nil }
        index += 1
        // 第四部分: "part four".
        if scalars[index - 1] == "部", index < scalars.count, scalars[index] == "分" { index += 1 }
        guard index < scalars.count else { return Match(level: level, hasTitle: false) }
        return cjkTitleAcceptable(scalars[index...]) ? Match(level: level, hasTitle: true) : nil
    }

    /// Whether the text after `第一章` is a title rather than the rest of a sentence.
    private static func cjkTitleAcceptable(_ rest: ArraySlice<Unicode.Scalar>) -> Bool {
        guard let first = rest.first, let last = rest.last else { return true }
        if cjkParticles.contains(first) { return false }
        if "，。；、,;".unicodeScalars.contains(last) { return false }
        var commas = 0
        for scalar in rest {
            if scalar == "。" { return false }
            if scalar == "，" || scalar == "," { commas += 1 }
        }
        guard commas <= 1 else { return false }
        // Text running on without a separator must stay short, like a title.
        let separated = isSpace(first) || "：:、.．·—-–「『《（(".unicodeScalars.contains(first)
        return separated || rest.count <= 20
    }

    /// `序章`, `楔子`, `尾声`, `终章` alone, or followed by a separated title.
    static func cjkBareMatch(_ scalars: [Unicode.Scalar]) -> Match? {
        guard scalars.count >= 2 else { return nil }
        let word = String(String.UnicodeScalarView(scalars[0..<2]))
        guard ["序章", "序幕", "楔子", "尾声", "尾聲", "终章", "終章"].contains(word) else { return nil }
        let rest = scalars[2...]
        if rest.isEmpty { return Match(level: 2, hasTitle: false) }
        guard let first = rest.first, isSpace(first) || "：:、.．·—-–".unicodeScalars.contains(first) else { return nil }
        return cjkTitleAcceptable(rest) ? Match(level: 2, hasTitle: true) : nil
    }

    /// Numerals that may stand alone on a line as a chapter number (`一`, `十二`, `二十一、`).
    static let bareChapterNumerals: Set<Unicode.Scalar> = Set("〇零一二三四五六七八九十百".unicodeScalars)

    /// A chapter numbered only with Chinese numerals on a line of its own, as many Chinese and
    /// Japanese novels are: at most five numerals, optionally closed by `、`, `.` or `．`.
    static func cjkBareNumeralMatch(_ scalars: [Unicode.Scalar]) -> Match? {
        var numerals = scalars[...]
        if let last = numerals.last, "、.．".unicodeScalars.contains(last) { numerals = numerals.dropLast() }
        guard (1...5).contains(numerals.count), numerals.allSatisfy(bareChapterNumerals.contains),
              numerals.first != "〇", numerals.first != "零" else { return nil }
        return Match(level: 2, hasTitle: false)
    }
}
