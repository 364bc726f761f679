// MARK: - Arabic headings

extension ChapterHeadingDetector {
    /// Arabic keywords: `الفصل` (chapter), `الباب` (chapter), `الجزء` (part).
    private static let arabicKeywords: [(word: [Unicode.Scalar], level: Int)] = [
        ("الفصل", 2), ("الباب", 2), ("الجزء", 1),
    ].map { (Array($0.0.unicodeScalars), $0.1) }

    /// Arabic ordinal words, with and without hamza, and the words that build 11th to 39th.
    private static let arabicOrdinals: [[Unicode.Scalar]] = words(
        "الأول الاول الثاني الثالث الرابع الخامس السادس السابع الثامن التاسع العاشر الحادي"
            + " عشر والعشرون العشرون والثلاثون الثلاثون الأخير الاخير")

    private static func isArabicLetter(_ scalar: Unicode.Scalar) -> Bool {
        (0x621...0x64A).contains(scalar.value) || (0x671...0x6D3).contains(scalar.value)
    }

    /// `الفصل الأول`, `الفصل 3`, optionally followed by a short title.
    static func arabicMatch(_ scalars: [Unicode.Scalar]) -> Match? {
        var index = 0
        while index < scalars.count, isArabicLetter(scalars[index]) { index += 1 }
        let keyword = scalars[0..<index]
        guard let entry = arabicKeywords.first(where: { $0.word.elementsEqual(keyword) }) else { return nil }
        var numberWords = 0
        while numberWords < 3 {
            var start = index
            while start < scalars.count, isSpace(scalars[start]) { start += 1 }
            guard start > index, start < scalars.count else { break }
            var end = start
            if isDigit(scalars[start]) || (0x660...0x669).contains(scalars[start].value) {
                while end < scalars.count, isDigit(scalars[end]) || (0x660...0x669).contains(scalars[end].value) {
                    end += 1
                }
            } else {
                while end < scalars.count, isArabicLetter(scalars[end]) { end += 1 }
                guard arabicOrdinals.contains(where: { $0.elementsEqual(scalars[start..<end]) }) else { break }
            }
            guard end > start else { break }
            index = end
            numberWords += 1
        }
        guard numberWords > 0 else { return nil }
        let rest = scalars[index...]
        guard let last = rest.last(where: { !isSpace($0) }) else { return Match(level: entry.level, hasTitle: false) }
        // Arabic has no capitals to tell a title from a sentence: keep titles short and unpunctuated.
        if ".,;،؛".unicodeScalars.contains(last) { return nil }
        let titleWords = rest.split(whereSeparator: { isSpace($0) }).count
        return titleWords <= 8 ? Match(level: entry.level, hasTitle: true) : nil
    }
}
