// MARK: - Western and Cyrillic headings

extension ChapterHeadingDetector {
    /// What a keyword introduces.
    fileprivate enum KeywordKind {
        /// A keyword that needs a number after it (`Chapter 3`).
        case numbered(level: Int)
        /// A keyword that stands alone or before a title (`Prologue`, `Epilogue: …`).
        case unnumbered
        /// A keyword that is a heading only alone between blank lines (`Introduction`).
        case standaloneOnly
    }

    /// The ASCII heading keywords in lower case, each packed by ``packedASCIIWord(_:from:to:)``, for
    /// rejecting prose lines by their first word without decoding them.
    /// Sorted, for a binary search: cheaper than hashing for a few dozen words.
    fileprivate static let asciiKeywords: [UInt64] = Set(keywords.compactMap { entry in
        guard entry.word.allSatisfy(\.isASCII), entry.word.count <= PackedWord.maximumLength else { return nil }
        return entry.word.reduce(UInt64(0)) { $0 << 5 | UInt64($1.value & 0x1F) }
    }).sorted()

    /// Whether `packed` is one of ``asciiKeywords``.
    private static func isASCIIKeyword(_ packed: UInt64) -> Bool {
        var low = 0, high = asciiKeywords.count
        while low < high {
            let middle = (low + high) / 2
            if asciiKeywords[middle] < packed { low = middle + 1 } else { high = middle }
        }
        return low < asciiKeywords.count && asciiKeywords[low] == packed
    }

    /// False when the line starts with an ASCII word that is not a heading keyword and cannot be
    /// a Roman numeral: the common case for prose, decided on the bytes alone, without allocating.
    /// A Roman numeral starts a heading only when a full stop follows it at once (`I. FEJEZET`)
    /// or it stands alone on the line (`XIV`), so `I went` is refused too.
    static func mayBeKeywordHeading(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Bool {
        if (0x30...0x39).contains(bytes[start]) { return mayBeNumberFirstHeading(bytes, from: start, to: end) }
        guard (0x41...0x5A).contains(bytes[start]) else { return true }
        // Most prose lines are refused by their first two letters alone.
        if start + 1 < end, case let second = bytes[start + 1] | 0x20, (0x61...0x7A).contains(second),
           !LetterPairs.keywordOrNumeralStarts.contains(bytes[start] | 0x20, second) { return false }
        guard let word = packedASCIIWord(bytes, from: start, to: end) else { return true }
        if word.length <= PackedWord.maximumLength && isASCIIKeyword(word.packed) { return true }
        guard word.romanLettersOnly else { return false }
        var index = word.end
        if index < end && bytes[index] == 0x2E { return true }
        while index < end, bytes[index] == 0x20 || (0x09...0x0D).contains(bytes[index]) { index += 1 }
        // The line ends here, or a space that is not ASCII may go on to its end.
        return index == end || bytes[index] >= 0x80
    }

    /// False when a line that starts with a digit cannot be a heading of the number-first order
    /// (``numberFirstMatch(_:)``: at most four digits, a full stop, a space, then one of
    /// ``numberFirstKeywords``), the only kind that starts with an ASCII digit, decided on the
    /// bytes alone: `1. Look at the light` and `23:20 it reported` are refused here.
    static func mayBeNumberFirstHeading(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Bool {
        var index = start
        while index < end, (0x30...0x39).contains(bytes[index]) { index += 1 }
        // Full-width digits count as digits too.
        if index < end, bytes[index] >= 0x80 { return true }
        guard index - start <= 4, index < end, bytes[index] == 0x2E else { return false }
        index += 1
        let spaces = index
        while index < end, bytes[index] == 0x20 || bytes[index] == 0x09 || bytes[index] == 0x0B || bytes[index] == 0x0C { index += 1 }
        // A space or a letter outside ASCII may follow: the full check decides.
        guard index < end else { return false }
        if bytes[index] >= 0x80 { return true }
        guard index > spaces, let word = packedASCIIWord(bytes, from: index, to: end) else { return index > spaces }
        return word.length <= PackedWord.maximumLength && asciiNumberFirstKeywords.contains(word.packed)
    }

    /// The ASCII words of ``numberFirstKeywords``, packed by ``packedASCIIWord(_:from:to:)``.
    private static let asciiNumberFirstKeywords: [UInt64] = numberFirstKeywords.compactMap { entry in
        guard entry.word.allSatisfy(\.isASCII) else { return nil }
        return entry.word.reduce(UInt64(0)) { $0 << 5 | UInt64($1.value & 0x1F) }
    }

    /// The first word of a line, ASCII letters only, folded to lower case.
    struct PackedWord {
        /// The longest word packed: five bits a letter in 64 bits.
        static let maximumLength = 12
        /// The letters, five bits each (`a` is 1), the first in the highest bits used.
        var packed: UInt64 = 0
        /// The letters read (counting stops past ``maximumLength``).
        var length = 0
        /// Whether every letter is one of `ivxlcdm`, in either case.
        var romanLettersOnly = true
        /// Where the word ends (where reading stopped, for a word longer than packing needs).
        var end = 0
    }

    /// The run of ASCII letters at `start` packed (see ``PackedWord``), or nil when a byte that is
    /// not ASCII comes before the run ends, so the word may go on in another script.
    static func packedASCIIWord(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> PackedWord? {
        var word = PackedWord()
        var index = start
        while index < end, word.length <= PackedWord.maximumLength + 4 {
            let byte = bytes[index]
            if byte >= 0x80 { return nil }
            let lower = byte | 0x20
            guard (0x61...0x7A).contains(lower) else { break }
            word.packed = word.packed << 5 | UInt64(lower & 0x1F)
            word.length += 1
            switch lower {
            case 0x69, 0x76, 0x78, 0x6C, 0x63, 0x64, 0x6D: break  // i v x l c d m
            default: word.romanLettersOnly = false
            }
            index += 1
        }
        word.end = index
        return word
    }

    /// Pairs of lower-case ASCII letters, one bit each.
    struct LetterPairs {
        private var words: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
                            UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)

        /// The first two letters of every heading keyword that starts with two ASCII letters,
        /// and every pair of Roman numeral letters: a word that starts with another pair is
        /// neither, whatever follows (a line's letters fold to the keywords' only when they match
        /// them letter for letter, and a Roman numeral is made of those letters alone).
        static let keywordOrNumeralStarts: LetterPairs = {
            var pairs = LetterPairs()
            for entry in ChapterHeadingDetector.keywords where entry.word.count >= 2 {
                let first = entry.word[0].value, second = entry.word[1].value
                guard (0x61...0x7A).contains(first), (0x61...0x7A).contains(second) else { continue }
                pairs.insert(UInt8(first), UInt8(second))
            }
            let roman = Array("ivxlcdm".utf8)
            for first in roman { for second in roman { pairs.insert(first, second) } }
            return pairs
        }()

        /// Whether the pair of lower-case ASCII letters `first`, `second` is in the set.
        @inline(__always)
        func contains(_ first: UInt8, _ second: UInt8) -> Bool {
            let index = Int(first & 0x1F) << 5 | Int(second & 0x1F)
            return withUnsafeBytes(of: words) { $0.load(fromByteOffset: (index >> 6) * 8, as: UInt64.self) }
                >> UInt64(index & 63) & 1 != 0
        }

        private mutating func insert(_ first: UInt8, _ second: UInt8) {
            let index = Int(first & 0x1F) << 5 | Int(second & 0x1F)
            withUnsafeMutableBytes(of: &words) { raw in
                let word = raw.load(fromByteOffset: (index >> 6) * 8, as: UInt64.self)
                raw.storeBytes(of: word | 1 << UInt64(index & 63), toByteOffset: (index >> 6) * 8, as: UInt64.self)
            }
        }
    }

    /// Heading keywords, folded with ``keyFolded(_:)``, with what they introduce.
    fileprivate static let keywords: [(word: [Unicode.Scalar], kind: KeywordKind)] = {
        let table: [(String, KeywordKind)] = [
            ("chapter", .numbered(level: 2)), ("part", .numbered(level: 1)), ("book", .numbered(level: 1)),
            ("volume", .numbered(level: 1)), ("act", .numbered(level: 1)), ("scene", .numbered(level: 2)),
            ("chapitre", .numbered(level: 2)), ("partie", .numbered(level: 1)), ("livre", .numbered(level: 1)),
            ("tome", .numbered(level: 1)), ("kapitel", .numbered(level: 2)), ("teil", .numbered(level: 1)),
            ("buch", .numbered(level: 1)), ("capítulo", .numbered(level: 2)), ("capitulo", .numbered(level: 2)),
            ("parte", .numbered(level: 1)), ("libro", .numbered(level: 1)), ("capitolo", .numbered(level: 2)),
            ("kapitola", .numbered(level: 2)), ("rozdział", .numbered(level: 2)), ("rozdzial", .numbered(level: 2)),
            ("hoofdstuk", .numbered(level: 2)), ("fejezet", .numbered(level: 2)),
            ("κεφαλαιο", .numbered(level: 2)), ("μερος", .numbered(level: 1)), ("βιβλιο", .numbered(level: 1)),
            ("глава", .numbered(level: 2)), ("часть", .numbered(level: 1)), ("книга", .numbered(level: 1)),
            ("том", .numbered(level: 1)),
            ("prologue", .unnumbered), ("epilogue", .unnumbered), ("prolog", .unnumbered), ("epilog", .unnumbered),
            ("prólogo", .unnumbered), ("epílogo", .unnumbered), ("пролог", .unnumbered), ("эпилог", .unnumbered),
            ("προλογος", .unnumbered), ("επιλογος", .unnumbered),
            ("introduction", .standaloneOnly), ("preface", .standaloneOnly), ("foreword", .standaloneOnly),
            ("afterword", .standaloneOnly), ("предисловие", .standaloneOnly), ("послесловие", .standaloneOnly),
            ("einleitung", .standaloneOnly), ("vorwort", .standaloneOnly), ("préface", .standaloneOnly),
        ]
        return table.map { ($0.0.unicodeScalars.map(keyFolded), $0.1) }
    }()

    /// `Keyword Number[separator Title]`, `Prologue[: Title]` or a standalone `Introduction`.
    static func keywordMatch(_ scalars: [Unicode.Scalar], standalone: Bool) -> Match? {
        guard isUpper(scalars[0]) else { return nil }
        var wordEnd = 0
        while wordEnd < scalars.count, isLetter(scalars[wordEnd]) { wordEnd += 1 }
        let word = scalars[0..<wordEnd].lazy.map(keyFolded)
        guard let entry = keywords.first(where: { $0.word.count == wordEnd && $0.word.elementsEqual(word) }) else { return nil }
        let rest = scalars[wordEnd...]
        switch entry.kind {
        case .standaloneOnly:
            guard standalone, tail(rest, requireSeparator: true) == .empty else { return nil }
            return Match(level: 2, hasTitle: false)
        case .unnumbered:
            switch tail(rest, requireSeparator: true) {
            case .empty: return Match(level: 2, hasTitle: false)
            case .title: return Match(level: 2, hasTitle: true)
            case .rejected: return nil
            }
        case .numbered(let level):
            var cursor = rest.startIndex
            var sawSpace = false
            while cursor < rest.endIndex, isSpace(rest[cursor]) { cursor += 1; sawSpace = true }
            guard sawSpace, cursor < rest.endIndex else { return nil }
            guard let numberEnd = numberEnd(scalars, from: cursor) else { return nil }
            switch tail(scalars[numberEnd...], requireSeparator: false) {
            case .empty: return Match(level: level, hasTitle: false)
            case .title: return Match(level: level, hasTitle: true)
            case .rejected: return nil
            }
        }
    }

    /// Keywords that follow their number, in lower case: Hungarian `I. FEJEZET`, German `1. Kapitel`,
    /// Czech `2. kapitola`, Polish `3. Rozdział`.
    private static let numberFirstKeywords: [(word: [Unicode.Scalar], level: Int)] = [
        ("fejezet", 2), ("rész", 1), ("kapitel", 2), ("teil", 1), ("buch", 1), ("kapitola", 2), ("část", 1),
        ("kniha", 1), ("rozdział", 2), ("rozdzial", 2), ("część", 1),
    ].map { (Array($0.0.unicodeScalars), $0.1) }

    /// `Number. Keyword[ Title]`, the order used by Hungarian, German, Czech and Polish.
    static func numberFirstMatch(_ scalars: [Unicode.Scalar]) -> Match? {
        var index = 0
        while index < scalars.count, isDigit(scalars[index]) { index += 1 }
        if index == 0 {
            guard let end = letterRunEnd(scalars, from: 0), romanValue(scalars[0..<end], maximum: 3999) != nil
            else { return nil }
            index = end
        } else if index > 4 {
            return nil
        }
        guard index < scalars.count, scalars[index] == "." else { return nil }
        index += 1
        let wordStart = index
        while index < scalars.count, isSpace(scalars[index]) { index += 1 }
        guard index > wordStart, let wordEnd = letterRunEnd(scalars, from: index) else { return nil }
        let word = scalars[index..<wordEnd].lazy.map(folded)
        guard let entry = numberFirstKeywords.first(where: { $0.word.count == wordEnd - index && $0.word.elementsEqual(word) })
        else { return nil }
        switch tail(scalars[wordEnd...], requireSeparator: false) {
        case .empty: return Match(level: entry.level, hasTitle: false)
        case .title: return Match(level: entry.level, hasTitle: true)
        case .rejected: return nil
        }
    }
}
