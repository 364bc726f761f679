/// Decides what a hyphen at the end of a line is: a word cut to fit (`exam-` `ple` → `example`) or
/// a hyphen the word always has (`well-` `known` → `well-known`).
///
/// Without a dictionary the words of the page and its neighbours are the evidence: a compound
/// written elsewhere with its hyphen keeps it; a word written elsewhere whole loses it; a few
/// English heads and tails that make compounds keep it; two parts that are both words on their own
/// elsewhere keep it; otherwise the hyphen was a cut.
enum PDFHyphenation {
    /// How a line ending and the next line's start are joined.
    enum Join: Hashable, Sendable {
        /// Drop the hyphen and join the parts.
        case removeHyphen
        /// Keep the hyphen and join the parts without a space.
        case keepHyphen
        /// Not a hyphenated word: join with a space.
        case space
        /// Ideographic text on both sides: join without a space.
        case none
    }

    /// Heads that take a hyphen in compounds (`self-evident`, `twenty-three`), checked before the
    /// weaker "both parts are words" rule.
    static let compoundHeads: Set<String> = [
        "self", "well", "ill", "half", "all", "non", "quasi", "semi", "twenty", "thirty", "forty",
        "fifty", "sixty", "seventy", "eighty", "ninety",
    ]

    /// Second halves that make compounds (`well-known`, `old-fashioned`), for heads of three letters or more.
    static let compoundTails: Set<String> = [
        "known", "like", "based", "free", "wide", "fashioned", "minded", "looking", "sized", "shaped",
        "hearted", "eyed", "legged", "haired", "coloured", "colored", "made", "year", "years",
    ]

    /// Whether a scalar is a hyphen that can end a line.
    static func isLineEndHyphen(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "-" || scalar == "\u{00AD}" || scalar == "\u{2010}"
    }

    /// How to join a line ending in `previous` to a line starting with `next`.
    static func join(_ previous: String, _ next: String, vocabulary: PDFVocabulary) -> Join {
        guard let last = previous.unicodeScalars.last, let first = next.unicodeScalars.first else { return .space }
        if isIdeographic(last) && isIdeographic(first) { return .none }
        guard isLineEndHyphen(last) else { return .space }
        let beforeHyphen = previous.unicodeScalars.dropLast().last
        if let beforeHyphen, beforeHyphen.properties.numericType != nil, first.properties.numericType != nil {
            return .keepHyphen  // a range: 10-20
        }
        let head = lastWord(of: previous)
        guard let headLetter = head.unicodeScalars.last, headLetter.isPDFLetter,
              first.isPDFLetter else { return .space }
        if last == "\u{00AD}" { return .removeHyphen }
        if !first.properties.isLowercase { return .keepHyphen }
        let tail = firstWord(of: next)
        let lowerHead = head.lowercased(), lowerTail = tail.lowercased()
        if vocabulary.contains(lowerHead + "-" + lowerTail) { return .keepHyphen }
        if vocabulary.contains(lowerHead + lowerTail) { return .removeHyphen }
        if compoundHeads.contains(lowerHead) { return .keepHyphen }
        if lowerHead.count >= 3, compoundTails.contains(lowerTail) { return .keepHyphen }
        if lowerHead.count >= 2, lowerTail.count >= 3, vocabulary.contains(lowerHead), vocabulary.contains(lowerTail) {
            return .keepHyphen
        }
        return .removeHyphen
    }

    /// The letters before the final hyphen of a line (after its last space or hyphen).
    static func lastWord(of line: String) -> String {
        let scalars = Array(line.unicodeScalars.dropLast())
        let start = scalars.lastIndex { !$0.isPDFLetter } .map { $0 + 1 } ?? 0
        var word = String()
        word.unicodeScalars.append(contentsOf: scalars[start...])
        return word
    }

    /// The letters a line starts with.
    static func firstWord(of line: String) -> String {
        var word = String()
        word.unicodeScalars.append(contentsOf: line.unicodeScalars.prefix { $0.isPDFLetter })
        return word
    }

    /// Han, kana, hangul and fullwidth forms: scripts written without spaces between words.
    static func isIdeographic(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x3000...0x30FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xAC00...0xD7AF, 0xF900...0xFAFF,
             0xFF00...0xFFEF, 0x20000...0x3FFFF: true
        default: false
        }
    }
}

/// The words of a few pages, lowercased, as evidence for ``PDFHyphenation``. The two halves of a
/// word cut at a line end are left out, so a cut word is not evidence for itself.
struct PDFVocabulary: Sendable {
    private var words: Set<String> = []

    /// An empty vocabulary.
    init() {}

    /// The words of a page's lines.
    init(lines: [PDFTextLine]) {
        var skipFirst = false
        for line in lines {
            var tokens = Self.tokens(of: line.text)
            let endsCut = line.text.unicodeScalars.last.map(PDFHyphenation.isLineEndHyphen) ?? false
            if endsCut, !tokens.isEmpty { tokens.removeLast() }
            if skipFirst, !tokens.isEmpty { tokens.removeFirst() }
            for token in tokens {
                var trimmed = Substring(token)
                while trimmed.first == "-" { trimmed = trimmed.dropFirst() }
                while trimmed.last == "-" { trimmed = trimmed.dropLast() }
                if !trimmed.isEmpty { words.insert(String(trimmed)) }
            }
            skipFirst = endsCut
        }
    }

    /// The space-separated tokens of a line, lowercased, keeping only letters and hyphens.
    private static func tokens(of text: String) -> [String] {
        var tokens: [String] = []
        var current = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if scalar == " " {
                tokens.append(String(current))
                current = String.UnicodeScalarView()
            } else if scalar.value < 0x80 {
                if (0x41...0x5A).contains(scalar.value) {
                    current.append(Unicode.Scalar(scalar.value + 0x20)!)
                } else if (0x61...0x7A).contains(scalar.value) || scalar == "-" {
                    current.append(scalar)
                }
            } else if scalar.properties.isAlphabetic {
                current.append(contentsOf: scalar.properties.lowercaseMapping.unicodeScalars)
            }
        }
        tokens.append(String(current))
        return tokens
    }

    /// Whether the word (lowercased) occurs.
    func contains(_ word: String) -> Bool { words.contains(word) }

    /// The words of both.
    func union(_ other: PDFVocabulary) -> PDFVocabulary {
        var merged = self
        merged.words.formUnion(other.words)
        return merged
    }
}
