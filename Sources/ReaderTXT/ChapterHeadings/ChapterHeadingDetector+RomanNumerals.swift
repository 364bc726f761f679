// MARK: - Roman numerals

extension ChapterHeadingDetector {
    /// Whether the line is a Roman numeral alone, optionally followed by a full stop (`XIV`, `I.`).
    static func isStandaloneRomanNumeral(_ scalars: [Unicode.Scalar]) -> Bool {
        var letters = scalars[...]
        if letters.last == "." { letters.removeLast() }
        guard !letters.isEmpty, letters.allSatisfy({ "IVXLC".unicodeScalars.contains($0) }) else { return false }
        return romanValue(letters, maximum: 399) != nil
    }

    /// The value of a well-formed Roman numeral in one case (`XIV`, `xiv`), or nil.
    static func romanValue(_ letters: ArraySlice<Unicode.Scalar>, maximum: Int) -> Int? {
        guard !letters.isEmpty, letters.count <= 15 else { return nil }
        // Numeral letters first: a word such as `CHAPTER` is refused at its second letter.
        guard letters.allSatisfy({ letterValue($0) != nil }) else { return nil }
        let upper = letters.allSatisfy { isUpper($0) }
        let lower = letters.allSatisfy { !isUpper($0) }
        guard upper || lower else { return nil }
        var total = 0
        for index in letters.indices {
            let value = letterValue(letters[index])!
            if index + 1 < letters.endIndex, value < letterValue(letters[index + 1])! { total -= value } else { total += value }
        }
        guard total >= 1, total <= maximum else { return nil }
        // Only the canonical spelling counts: "IIII", "VX" and words such as "DIM" are refused.
        return isCanonical(letters, total) ? total : nil
    }

    /// The value of one Roman numeral letter in either case (Greek and Cyrillic look-alikes of I
    /// and X included), or nil.
    private static func letterValue(_ letter: Unicode.Scalar) -> Int? {
        switch folded(romanLookalikeMapped(letter)) {
        case "i": 1
        case "v": 5
        case "x": 10
        case "l": 50
        case "c": 100
        case "d": 500
        case "m": 1000
        default: nil
        }
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

    /// The steps of the canonical spelling, largest first: a value and the values of its letters.
    private static let canonicalSteps: [(value: Int, letters: [Int])] = [
        (1000, [1000]), (900, [100, 1000]), (500, [500]), (400, [100, 500]), (100, [100]), (90, [10, 100]),
        (50, [50]), (40, [10, 50]), (10, [10]), (9, [1, 10]), (5, [5]), (4, [1, 5]), (1, [1]),
    ]

    /// Whether `letters`, Roman numeral letters all, spell `number` the canonical way, compared
    /// letter by letter as the canonical spelling is written out.
    private static func isCanonical(_ letters: ArraySlice<Unicode.Scalar>, _ number: Int) -> Bool {
        var remaining = number
        var position = letters.startIndex
        for step in canonicalSteps {
            while remaining >= step.value {
                for value in step.letters {
                    guard position < letters.endIndex, letterValue(letters[position]) == value else { return false }
                    position += 1
                }
                remaining -= step.value
            }
        }
        return position == letters.endIndex
    }
}
