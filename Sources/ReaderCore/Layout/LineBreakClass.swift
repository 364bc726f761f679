/// What a grapheme cluster means for line breaking: a practical subset of the UAX #14 classes.
///
/// A cluster takes the properties of its first scalar; clusters two cells wide (ideographs,
/// kana, Hangul, emoji) also get ``breakAround``.
struct BreakProperties: OptionSet, Sendable {
    /// The raw bits.
    let rawValue: UInt16

    /// A space (or tab) in flowing text: a break may follow a run of them, and the run is dropped.
    static let space = BreakProperties(rawValue: 1 << 0)
    /// A tab, which preformatted text expands to the next multiple of four cells.
    static let tab = BreakProperties(rawValue: 1 << 1)
    /// A forced line break: LF, CR, CR LF, VT, FF, NEL, LINE and PARAGRAPH SEPARATOR.
    static let forcedBreak = BreakProperties(rawValue: 1 << 2)
    /// Closing punctuation or a small kana: no line should start with it.
    static let noBreakBefore = BreakProperties(rawValue: 1 << 3)
    /// Opening punctuation: no line should end with it.
    static let noBreakAfter = BreakProperties(rawValue: 1 << 4)
    /// An ideograph, kana, Hangul syllable or emoji: breaks are allowed on both sides.
    static let breakAround = BreakProperties(rawValue: 1 << 5)
    /// A zero-width space: a break is allowed after it.
    static let breakAfter = BreakProperties(rawValue: 1 << 6)
    /// A hyphen or dash: a break is allowed after it between two letters.
    static let hyphen = BreakProperties(rawValue: 1 << 7)
    /// A solidus: a break is allowed after it between letters or digits, as a last resort.
    static let slash = BreakProperties(rawValue: 1 << 8)
    /// A letter (any script).
    static let letter = BreakProperties(rawValue: 1 << 9)
    /// A decimal digit.
    static let digit = BreakProperties(rawValue: 1 << 10)

    // Unions spelled as raw values: option-set array literals may allocate on every use in hot loops.

    /// ``breakAround``, ``breakAfter``, ``hyphen`` or ``slash``: what lets a line end after a cluster
    /// with no space after it.
    static let endsBreakableRun = BreakProperties(rawValue: 1 << 5 | 1 << 6 | 1 << 7 | 1 << 8)
    /// ``letter`` or ``digit``.
    static let letterOrDigit = BreakProperties(rawValue: 1 << 9 | 1 << 10)

    /// The properties of a cluster starting with `scalar`, not counting ``breakAround``.
    static func of(_ scalar: Unicode.Scalar) -> BreakProperties {
        let value = scalar.value
        if value < 0x80 { return ofASCII(value) }
        if value >= 0x4E00 && value <= 0x9FFF || value >= 0xAC00 && value <= 0xD7A3 { return .letter }
        if value >= 0xC0 && value <= 0x24F { return value == 0xD7 || value == 0xF7 ? [] : .letter }
        switch value {
        case 0x85, 0x2028, 0x2029: return .forcedBreak
        case 0x1680, 0x2000...0x2006, 0x2008...0x200A, 0x205F: return .space
        case 0x200B: return .breakAfter
        case 0x2010, 0x2013, 0x2014: return .hyphen
        default: break
        }
        if value >= 0xA1 && value <= 0xBF || value >= 0x2018 && value <= 0x204F
            || value >= 0x3000 && value <= 0x31FF || value >= 0xFF01 && value <= 0xFF70 {
            if Self.sorted(closingScalars, contains: value) { return .noBreakBefore }
            if Self.sorted(openingScalars, contains: value) { return .noBreakAfter }
            if value >= 0x3041 && value <= 0x30FF { return .letter }  // kana
        }
        let properties = scalar.properties
        if properties.isAlphabetic { return .letter }
        return properties.numericType == .decimal ? .digit : []
    }

    /// The properties of the ASCII scalar `value`.
    private static func ofASCII(_ value: UInt32) -> BreakProperties {
        switch value {
        case 0x20: return .space
        case 0x09: return [.space, .tab]
        case 0x0A, 0x0B, 0x0C, 0x0D: return .forcedBreak
        case 0x2D: return .hyphen
        case 0x2F: return .slash
        case 0x21, 0x29, 0x2C, 0x2E, 0x3A, 0x3B, 0x3F, 0x5D, 0x7D: return .noBreakBefore
        case 0x28, 0x5B, 0x7B: return .noBreakAfter
        case 0x30...0x39: return .digit
        case 0x41...0x5A, 0x61...0x7A: return .letter
        default: return []
        }
    }

    /// Whether the ascending `values` hold `value` (binary search).
    private static func sorted(_ values: [UInt32], contains value: UInt32) -> Bool {
        var low = 0
        var high = values.count
        while low < high {
            let middle = (low + high) / 2
            if values[middle] < value { low = middle + 1 } else { high = middle }
        }
        return low < values.count && values[low] == value
    }

    /// Non-ASCII closing punctuation, prolonged sound and iteration marks and small kana (UAX #14
    /// CL, CP, IS, EX, NS and closing quotes), ascending. A line should not start with them.
    static let closingScalars: [UInt32] = [
        0xBB, 0x2019, 0x201D, 0x2025, 0x2026, 0x203A, 0x203C, 0x2047, 0x2048, 0x2049,
        0x3000, 0x3001, 0x3002, 0x3005, 0x3009, 0x300B, 0x300D, 0x300F, 0x3011, 0x3015,
        0x3017, 0x3019, 0x301B, 0x301C, 0x301E, 0x301F, 0x303B,
        0x3041, 0x3043, 0x3045, 0x3047, 0x3049, 0x3063, 0x3083, 0x3085, 0x3087, 0x308E,
        0x3095, 0x3096, 0x309D, 0x309E, 0x30A0,
        0x30A1, 0x30A3, 0x30A5, 0x30A7, 0x30A9, 0x30C3, 0x30E3, 0x30E5, 0x30E7, 0x30EE,
        0x30F5, 0x30F6, 0x30FB, 0x30FC, 0x30FD, 0x30FE,
        0x31F0, 0x31F1, 0x31F2, 0x31F3, 0x31F4, 0x31F5, 0x31F6, 0x31F7,
        0x31F8, 0x31F9, 0x31FA, 0x31FB, 0x31FC, 0x31FD, 0x31FE, 0x31FF,
        0xFF01, 0xFF09, 0xFF0C, 0xFF0E, 0xFF1A, 0xFF1B, 0xFF1F, 0xFF3D, 0xFF5D, 0xFF60,
        0xFF61, 0xFF63, 0xFF64, 0xFF65, 0xFF67, 0xFF68, 0xFF69, 0xFF6A, 0xFF6B, 0xFF6C,
        0xFF6D, 0xFF6E, 0xFF6F, 0xFF70,
    ]

    /// Non-ASCII opening punctuation and opening quotes (UAX #14 OP and opening quotes),
    /// ascending. A line should not end with them.
    static let openingScalars: [UInt32] = [
        0xA1, 0xAB, 0xBF, 0x2018, 0x201A, 0x201C, 0x201E, 0x2039,
        0x3008, 0x300A, 0x300C, 0x300E, 0x3010, 0x3014, 0x3016, 0x3018, 0x301A, 0x301D,
        0xFF08, 0xFF3B, 0xFF5B, 0xFF5F, 0xFF62,
    ]
}
