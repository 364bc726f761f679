// MARK: - Characters

extension ChapterHeadingDetector {
    /// The line's scalars without surrounding whitespace, or nil when the line is empty, too long,
    /// or begins with a character no heading begins with.
    static func trimmedCandidateScalars(_ line: some Sequence<Unicode.Scalar>) -> [Unicode.Scalar]? {
        var refused = false
        // Written into an array made once, without a check per append. Only the first scalars
        // past the limit need keeping: after them, the line is refused unless only spaces follow,
        // and those are dropped.
        let scalars = [Unicode.Scalar](unsafeUninitializedCapacity: maximumHeadingLength + 1) { buffer, kept in
            var count = 0, trailingSpaces = 0
            for scalar in line {
                if count == 0 {
                    if isSpace(scalar) { continue }
                    guard canStartHeading(scalar) else { break }
                }
                if isTrailingSpace(scalar) { trailingSpaces += 1 } else { trailingSpaces = 0 }
                if count < buffer.count { buffer.initializeElement(at: count, to: scalar) }
                count += 1
                if count - trailingSpaces > maximumHeadingLength { break }
            }
            refused = count == 0 || count - trailingSpaces > maximumHeadingLength
            kept = refused ? 0 : count - trailingSpaces
        }
        return refused ? nil : scalars
    }

    /// Whether `scalar` is dropped from the end of a candidate line: a space, a carriage return or
    /// a line feed; ASCII is told with two comparisons.
    @inline(__always)
    private static func isTrailingSpace(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.value < 0x80 { return scalar.value == 0x20 || scalar.value &- 0x09 <= 4 }
        return isSpace(scalar)
    }

    /// Whether `scalar` is the first character of some heading.
    static func canStartHeading(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "A", "B", "C", "E", "F", "H", "I", "K", "L", "P", "R", "S", "T", "V", "X", "0"..."9":
            return true
        case "Κ", "Μ", "Β", "Π", "Ε", "\u{388}", "\u{627}":
            return true
        case "Г", "Ч", "К", "Т", "П", "Э":
            return true
        case "第", "序", "楔", "尾", "终", "終", "一", "二", "三", "四", "五", "六", "七", "八", "九", "十", "百":
            return true
        default:
            return false
        }
    }

    /// Spaces that may surround or separate the parts of a heading.
    static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case " ", "\t", "\u{0B}", "\u{0C}", "\u{00A0}", "\u{2002}", "\u{2003}", "\u{2009}", "\u{3000}", "\u{FEFF}":
            return true
        default:
            return false
        }
    }

    /// Lower-cases ASCII, Latin-1, Latin Extended-A, Greek and basic Cyrillic letters; other scalars
    /// are returned unchanged.
    static func folded(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        let value = scalar.value
        let lower: UInt32
        switch value {
        case 0x41...0x5A, 0xC0...0xD6, 0xD8...0xDE, 0x391...0x3A1, 0x3A3...0x3A9, 0x410...0x42F:
            lower = value + 0x20
        case 0x100...0x137 where value % 2 == 0, 0x14A...0x177 where value % 2 == 0:
            lower = value + 1
        case 0x139...0x148 where value % 2 == 1, 0x179...0x17E where value % 2 == 1:
            lower = value + 1
        case 0x386: lower = 0x3AC
        case 0x388...0x38A: lower = value + 0x25
        case 0x38C: lower = 0x3CC
        case 0x38E, 0x38F: lower = value + 0x3F
        case 0x400...0x40F: lower = value + 0x50
        default: return scalar
        }
        return Unicode.Scalar(lower) ?? scalar
    }

    /// Lower-cases like ``folded(_:)``, drops the Greek tonos and writes final sigma as σ, so that
    /// `ΚΕΦΑΛΑΙΟ` and `Κεφάλαιο`, `ΜΕΡΟΣ` and `Μέρος` compare equal.
    static func keyFolded(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        let lower = folded(scalar)
        switch lower.value {
        case 0x3AC: return "\u{3B1}"
        case 0x3AD: return "\u{3B5}"
        case 0x3AE: return "\u{3B7}"
        case 0x3AF: return "\u{3B9}"
        case 0x3CC: return "\u{3BF}"
        case 0x3CD: return "\u{3C5}"
        case 0x3CE: return "\u{3C9}"
        case 0x3C2: return "\u{3C3}"  // final sigma
        default: return lower
        }
    }

    /// Whether `scalar` is an upper-case Latin, Greek or Cyrillic letter.
    static func isUpper(_ scalar: Unicode.Scalar) -> Bool {
        folded(scalar) != scalar
    }

    /// Whether `scalar` is a Latin, Greek or Cyrillic letter (the scripts of heading keywords and
    /// number words).
    static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x41...0x5A, 0x61...0x7A, 0xC0...0xD6, 0xD8...0xF6, 0xF8...0x17F, 0x386...0x3CE, 0x400...0x45F:
            return true
        default:
            return false
        }
    }

    /// Whether `scalar` is an ASCII or full-width decimal digit.
    static func isDigit(_ scalar: Unicode.Scalar) -> Bool {
        ("0"..."9").contains(scalar) || ("\u{FF10}"..."\u{FF19}").contains(scalar)
    }

    /// The end of the run of letters (see ``isLetter(_:)``) that starts at `start`, or nil when no
    /// letter starts there.
    static func letterRunEnd(_ scalars: [Unicode.Scalar], from start: Int) -> Int? {
        var end = start
        while end < scalars.count, isLetter(scalars[end]) { end += 1 }
        return end > start ? end : nil
    }

    /// `text` without the spaces (see ``isSpace(_:)``) at its start and end.
    static func trimmedString(_ text: String) -> String {
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !isSpace($0) }) else { return "" }
        let last = scalars.lastIndex(where: { !isSpace($0) })!
        return String(scalars[first...last])
    }
}
