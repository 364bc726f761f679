// MARK: - Numbers after a keyword

extension ChapterHeadingDetector {
    /// Where the number that starts at `start` ends: Arabic digits, a Roman numeral, an English
    /// number or ordinal word (`Twenty-Three`, `the First`), or a Russian or Romance ordinal word.
    static func numberEnd(_ scalars: [Unicode.Scalar], from start: Int) -> Int? {
        // Arabic digits, ASCII or full-width.
        var index = start
        while index < scalars.count, isDigit(scalars[index]) { index += 1 }
        if index > start {
            guard index - start <= 5, index == scalars.count || !isLetter(scalars[index]) else { return nil }
            return index
        }
        // A word: Roman numeral or number word(s).
        guard let firstWordEnd = letterRunEnd(scalars, from: start) else { return nil }
        let firstWord = scalars[start..<firstWordEnd]
        if romanValue(firstWord, maximum: 3999) != nil { return firstWordEnd }
        var lowered = firstWord.map(folded)
        var wordEnd = firstWordEnd
        // "Book the First"
        if lowered.elementsEqual("the".unicodeScalars) {
            var next = wordEnd
            while next < scalars.count, isSpace(scalars[next]) { next += 1 }
            guard next > wordEnd, let end = letterRunEnd(scalars, from: next) else { return nil }
            lowered = scalars[next..<end].map(folded)
            guard englishOrdinals.contains(where: { $0.elementsEqual(lowered) }) else { return nil }
            return end
        }
        guard isNumberWord(lowered) else { return nil }
        // Compound numbers: "Twenty-Three", "Twenty Three", "двадцать первая".
        var words = 1
        while words < 3 {
            var next = wordEnd
            while next < scalars.count, isSpace(scalars[next]) || scalars[next] == "-" { next += 1 }
            guard next > wordEnd, let end = letterRunEnd(scalars, from: next) else { break }
            guard isNumberWord(scalars[next..<end].map(folded)) else { break }
            wordEnd = end
            words += 1
        }
        return wordEnd
    }

    private static let englishCardinals: [[Unicode.Scalar]] = words(
        "one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen"
            + " seventeen eighteen nineteen twenty thirty forty fifty sixty seventy eighty ninety hundred")

    private static let englishOrdinals: [[Unicode.Scalar]] = words(
        "first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth thirteenth"
            + " fourteenth fifteenth sixteenth seventeenth eighteenth nineteenth twentieth last")

    /// Ordinal words of French, Spanish and German used after the keyword (`Chapitre premier`).
    private static let romanceOrdinals: [[Unicode.Scalar]] = words(
        "premier première premiere primero primera segundo segunda tercero tercera único unico")

    /// Beginnings of Russian ordinal and tens words (`первая`, `двадцать`, `тридцать`).
    private static let russianNumberStems: [[Unicode.Scalar]] = words(
        "перв втор трет четв пят шест седьм восьм девят десят одиннадцат двенадцат тринадцат"
            + " четырнадцат пятнадцат шестнадцат семнадцат восемнадцат девятнадцат двадцат тридцат"
            + " сорок пятьдесят последн")

    /// The space-separated words of `list`, as arrays of scalars.
    static func words(_ list: String) -> [[Unicode.Scalar]] {
        list.split(separator: " ").map { Array($0.unicodeScalars) }
    }

    /// Whether a lower-cased word is a number word in one of the supported languages.
    private static func isNumberWord(_ word: [Unicode.Scalar]) -> Bool {
        if englishCardinals.contains(where: { $0.elementsEqual(word) }) { return true }
        if englishOrdinals.contains(where: { $0.elementsEqual(word) }) { return true }
        if romanceOrdinals.contains(where: { $0.elementsEqual(word) }) { return true }
        guard let first = word.first, (0x430...0x45F).contains(first.value), word.count <= 16 else { return false }
        return russianNumberStems.contains(where: { word.starts(with: $0) })
    }
}
