// MARK: - Roman numerals

extension ChapterHeadingDetector {
    /// Whether the line is a Roman numeral alone, optionally followed by a full stop (`XIV`, `I.`).
    static func isStandaloneRomanNumeral(_ scalars: [Unicode.Scalar]) -> Bool {
        var letters = scalars[...]
        if letters.last == "." { letters.removeLast() }
        guard !letters.isEmpty, letters.allSatisfy({ "IVXLC".unicodeScalars.contains($0) }) else { return false }
        return romanValue(Array(letters), maximum: 399) != nil
    }

    /// The value of a well-formed Roman numeral in one case (`XIV`, `xiv`), or nil.
    static func romanValue(_ letters: [Unicode.Scalar], maximum: Int) -> Int? {
        guard !letters.isEmpty, letters.count <= 15 else { return nil }
        let upper = letters.allSatisfy { isUpper($0) }
        let lower = letters.allSatisfy { !isUpper($0) }
        guard upper || lower else { return nil }
        var values: [Int] = []
        for letter in letters {
            switch folded(romanLookalikeMapped(letter)) {
            case "i": values.append(1)
            case "v": values.append(5)
            case "x": values.append(10)
            case "l": values.append(50)
            case "c": values.append(100)
            case "d": values.append(500)
            case "m": values.append(1000)
            default: return nil
            }
        }
        var total = 0
        for (offset, value) in values.enumerated() {
            if offset + 1 < values.count, value < values[offset + 1] { total -= value } else { total += value }
        }
        guard total >= 1, total <= maximum else { return nil }
        // Only the canonical spelling counts: "IIII", "VX" and words such as "DIM" are refused.
        return canonicalRoman(total) == values ? total : nil
    }

    /// Greek and Cyrillic capitals that are typed for Roman I and X (`ГЛАВА Х`, `ΚΕΦΑΛΑΙΟ Ι`) mapped to
    /// the Latin letters.
    private static func romanLookalikeMapped(_ letter: Unicode.Scalar) -> Unicode.Scalar {
        switch letter {
        case "\u{399}", "\u{406}": return "I"
        case "\u{3A7}", "\u{425}": return "X"
        default: return letter
        }
    }

    /// The letter values of the canonical Roman numeral for `number`.
    private static func canonicalRoman(_ number: Int) -> [Int] {
        let steps: [(Int, [Int])] = [
            (1000, [1000]), (900, [100, 1000]), (500, [500]), (400, [100, 500]), (100, [100]), (90, [10, 100]),
            (50, [50]), (40, [10, 50]), (10, [10]), (9, [1, 10]), (5, [5]), (4, [1, 5]), (1, [1]),
        ]
        var remaining = number
        var result: [Int] = []
        for (value, letters) in steps {
            while remaining >= value {
                result += letters
                remaining -= value
            }
        }
        return result
    }
}
