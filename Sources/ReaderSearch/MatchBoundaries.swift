/// The checks a candidate match must pass besides equal units: it may not cut a character in two,
/// and for whole-word searches it must start and end at word boundaries.
///
/// Whole words: a boundary lies between two characters unless both are word characters (letters,
/// digits, marks, connector punctuation) of a script written with spaces. Characters of scripts
/// written without spaces (Han ideographs, kana, Thai, Lao, Khmer, Myanmar) are words of their own:
/// there is a boundary on both sides of each, so whole-word search never fails a CJK query.
enum MatchBoundaries {
    /// Whether `start..<end` in `text` may be reported.
    static func accepts(_ text: FoldedText, start: Int, end: Int, wholeWords: Bool) -> Bool {
        guard text.startsSource(at: start), text.startsSource(at: end) else { return false }
        let units = text.unitBuffer
        if end < units.count, let next = scalar(in: units, at: end), ScalarFolder.isMark(next) { return false }
        if start > 0, let first = scalar(in: units, at: start), ScalarFolder.isMark(first) { return false }
        guard wholeWords else { return true }
        return isBoundary(before: scalar(in: units, endingAt: start), after: scalar(in: units, at: start))
            && isBoundary(before: scalar(in: units, endingAt: end), after: scalar(in: units, at: end))
    }

    /// Whether there is a word boundary between two characters (nil: the edge of the text).
    static func isBoundary(before: Unicode.Scalar?, after: Unicode.Scalar?) -> Bool {
        guard let before, let after else { return true }
        return !(wordClass(before) == .spaced && wordClass(after) == .spaced)
    }

    enum WordClass { case none, spaced, unspaced }

    static func wordClass(_ scalar: Unicode.Scalar) -> WordClass {
        let value = scalar.value
        if value < 0x80 {
            switch value {
            case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x5F: return .spaced
            default: return .none
            }
        }
        if isUnspacedScript(scalar) { return .unspaced }
        let properties = scalar.properties
        if properties.isAlphabetic || properties.numericType != nil { return .spaced }
        switch properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark, .connectorPunctuation: return .spaced
        default: return .none
        }
    }

    static func isUnspacedScript(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0E00...0x0EFF,  // Thai, Lao
             0x1000...0x109F,  // Myanmar
             0x1780...0x17FF,  // Khmer
             0x3040...0x30FF, 0x31F0...0x31FF, 0xFF66...0xFF9F:  // kana
            true
        default:
            scalar.properties.isIdeographic
        }
    }

    /// The scalar whose first unit is at `index`, nil past the end.
    static func scalar(in units: UnsafeBufferPointer<UInt16>, at index: Int) -> Unicode.Scalar? {
        guard index >= 0, index < units.count else { return nil }
        let unit = units[index]
        if UTF16.isLeadSurrogate(unit), index + 1 < units.count, UTF16.isTrailSurrogate(units[index + 1]) {
            return Unicode.Scalar(0x1_0000 + (UInt32(unit - 0xD800) << 10) + UInt32(units[index + 1] - 0xDC00))
        }
        return Unicode.Scalar(unit)
    }

    /// The scalar that ends just before `index`, nil at the start.
    static func scalar(in units: UnsafeBufferPointer<UInt16>, endingAt index: Int) -> Unicode.Scalar? {
        guard index > 0, index <= units.count else { return nil }
        let unit = units[index - 1]
        if UTF16.isTrailSurrogate(unit), index >= 2, UTF16.isLeadSurrogate(units[index - 2]) {
            return scalar(in: units, at: index - 2)
        }
        return Unicode.Scalar(unit)
    }
}
