import Foundation

/// Turns text into ``NormalizedText`` the way ``TextNormalization`` describes. Both the target
/// document and a Locator's context go through the same normaliser, so they can be compared unit
/// by unit. The folding of each non-ASCII scalar is computed once and cached; a copy of a
/// normaliser keeps what it has cached so far.
struct TextNormalizer: Sendable {
    private let foldsDiacritics: Bool
    private var foldings: [UInt32: [UInt16]] = [:]

    init(_ normalization: TextNormalization) {
        foldsDiacritics = normalization.foldsDiacritics
    }

    /// Appends the normalised form of `text` to `output`; offsets count UTF-16 units of `text`.
    mutating func append(_ text: String, to output: inout NormalizedText) {
        var offset = 0
        for scalar in text.unicodeScalars {
            let value = scalar.value
            switch value {
            case 0x41...0x5A: output.append(UInt16(value + 0x20), from: offset)
            case 0x09...0x0D, 0x20: output.append(NormalizedText.space, from: offset)
            case 0x00..<0x20, 0x7F: break
            case 0x60: output.append(0x27, from: offset)  // a backtick used as an opening quote
            case 0x21..<0x7F: output.append(UInt16(value), from: offset)
            default:
                for unit in folding(of: scalar) { output.append(unit, from: offset) }
            }
            offset += value > 0xFFFF ? 2 : 1
        }
    }

    /// The normalised form of a whole string, without offsets.
    mutating func normalized(_ text: String) -> [UInt16] {
        var output = NormalizedText(tracksOffsets: false)
        append(text, to: &output)
        return output.units
    }

    private mutating func folding(of scalar: Unicode.Scalar) -> [UInt16] {
        if let known = foldings[scalar.value] { return known }
        let computed = Self.fold(scalar, foldsDiacritics: foldsDiacritics)
        foldings[scalar.value] = computed
        return computed
    }

    private static func fold(_ scalar: Unicode.Scalar, foldsDiacritics: Bool) -> [UInt16] {
        if let typographic = typographicVariant(of: scalar) { return typographic }
        if scalar.properties.isWhitespace { return [NormalizedText.space] }
        switch scalar.properties.generalCategory {
        case .format, .control, .surrogate: return []
        default: break
        }
        var units: [UInt16] = []
        for part in String(scalar).decomposedStringWithCompatibilityMapping.unicodeScalars {
            if let typographic = typographicVariant(of: part) {
                units += typographic
            } else if part.properties.isWhitespace {
                units.append(NormalizedText.space)
            } else if foldsDiacritics, isCombiningDiacritic(part) {
                continue
            } else {
                units += caseFolded(part).utf16
            }
        }
        return units
    }

    /// Quotes, apostrophes, dashes and the ellipsis as the ASCII a plain-text conversion writes;
    /// U+FFFD (a context cut inside a surrogate pair) as nothing.
    private static func typographicVariant(of scalar: Unicode.Scalar) -> [UInt16]? {
        switch scalar.value {
        case 0x2018, 0x2019, 0x201A, 0x201B, 0x2032, 0x2035, 0x2039, 0x203A, 0x02BC, 0x00B4, 0xFF07: [0x27]
        case 0x201C, 0x201D, 0x201E, 0x201F, 0x2033, 0x2036, 0x00AB, 0x00BB, 0xFF02: [0x22]
        case 0x2010...0x2015, 0x2043, 0x2212, 0x2E3A, 0x2E3B, 0xFE58, 0xFE63, 0xFF0D: [NormalizedText.dash]
        case 0x2026: [0x2E, 0x2E, 0x2E]
        case 0xFFFD: []
        default: nil
        }
    }

    /// Full case folding where it differs from lower-casing (ß, final sigma), else the lowercase mapping.
    private static func caseFolded(_ scalar: Unicode.Scalar) -> String {
        switch scalar.value {
        case 0x00DF, 0x1E9E: "ss"
        case 0x03C2: "\u{03C3}"
        default: scalar.properties.lowercaseMapping
        }
    }

    /// Marks of the combining diacritical blocks (Latin, Greek, Cyrillic accents); the vowel signs
    /// and points of other scripts are letters there and are kept.
    private static func isCombiningDiacritic(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0300...0x036F, 0x1AB0...0x1AFF, 0x1DC0...0x1DFF, 0x20D0...0x20FF, 0xFE20...0xFE2F: true
        default: false
        }
    }
}
