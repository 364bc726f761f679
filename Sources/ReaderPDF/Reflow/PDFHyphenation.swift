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
        return String(scalars: scalars[start...])
    }

    /// The letters a line starts with.
    static func firstWord(of line: String) -> String {
        String(scalars: line.unicodeScalars.prefix { $0.isPDFLetter })
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
///
/// A word is kept as a 64-bit FNV-1a hash of its scalars rather than as a String: a page has a
/// few hundred words, so two of them sharing a hash is vanishingly unlikely, and hashing costs a
/// fraction of allocating every word. Each page's words stay in a set of their own: joining the
/// vocabularies of neighbouring pages only lists their sets.
struct PDFVocabulary: Sendable {
    private var pages: [Set<UInt64>] = []

    /// An empty vocabulary.
    init() {}

    /// The words of a page's lines.
    init(lines: [PDFTextLine]) {
        var words: Set<UInt64> = []
        var skipFirst = false
        for line in lines {
            let endsCut = line.text.unicodeScalars.last.map(PDFHyphenation.isLineEndHyphen) ?? false
            Self.forEachToken(of: line.text, skippingFirst: skipFirst, skippingLast: endsCut) { token in
                words.insert(Self.hash(token))
            }
            skipFirst = endsCut
        }
        pages = [words]
    }

    /// Calls `body` with the space-separated tokens of a line, lowercased, keeping only letters
    /// and inner hyphens. The first or last token is left out when asked, then empty ones.
    private static func forEachToken(of text: String, skippingFirst: Bool, skippingLast: Bool,
                                     _ body: (ArraySlice<Unicode.Scalar>) -> Void) {
        // The token before the current one, held back in case it is the last.
        var pending: ArraySlice<Unicode.Scalar>?
        var isFirst = true
        var current: [Unicode.Scalar] = []
        func emit(_ token: ArraySlice<Unicode.Scalar>?) {
            if let token, !token.isEmpty { body(token) }
        }
        func finish() {
            emit(pending)
            let start = current.firstIndex { $0 != "-" } ?? current.endIndex
            let end = current.lastIndex { $0 != "-" }.map { $0 + 1 } ?? start
            pending = isFirst && skippingFirst ? nil : current[start..<max(start, end)]
            current = []
            isFirst = false
        }
        for scalar in text.unicodeScalars {
            if scalar == " " {
                finish()
            } else if scalar.value < 0x80 {
                if (0x41...0x5A).contains(scalar.value) {
                    current.append(Unicode.Scalar(scalar.value + 0x20)!)
                } else if (0x61...0x7A).contains(scalar.value) || scalar == "-" {
                    current.append(scalar)
                }
            } else if scalar.properties.isAlphabetic {
                current += scalar.properties.lowercaseMapping.unicodeScalars
            }
        }
        finish()
        if !skippingLast { emit(pending) }
    }

    /// FNV-1a over the scalar values: fixed, so the same words give the same sets on every run.
    private static func hash(_ scalars: some Sequence<Unicode.Scalar>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for scalar in scalars {
            hash = (hash ^ UInt64(scalar.value)) &* 0x0000_0100_0000_01b3
        }
        return hash
    }

    /// Whether the word (lowercased) occurs.
    func contains(_ word: String) -> Bool {
        let key = Self.hash(word.unicodeScalars)
        return pages.contains { $0.contains(key) }
    }

    /// The words of both.
    func union(_ other: PDFVocabulary) -> PDFVocabulary {
        var merged = self
        merged.pages += other.pages
        return merged
    }
}
