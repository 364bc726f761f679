/// Recognises chapter headings in plain text lines, for the TXT table of contents.
///
/// The detector is called on every line of files that may be hundreds of megabytes long, so it
/// works on Unicode scalars without Foundation or regular expressions, and it gives up early: a
/// line whose trimmed length exceeds ``maximumHeadingLength`` scalars, or whose first character
/// cannot start any heading, costs a handful of comparisons.
///
/// What counts as a heading (leading ASCII, no-break and ideographic spaces are ignored):
/// - a keyword, a number and an optional title: `Chapter 1`, `CHAPTER XII`, `Chapter Twenty-Three`,
///   `CHAPTER I. THE POOL OF TEARS`, `Chapter 3: Title`, `Book the First—Recalled to Life`,
///   `Part One`, `PART II`, `Book 3`, `Volume I`, `Act II`, `Scene 3`, `Глава 1`, `ГЛАВА ПЕРВАЯ`,
///   `Часть первая`, `Chapitre premier`, `Kapitel 4`, `Capítulo 2`, `Capitolo 3`, `Kapitola I`,
///   `Rozdział 2`, `Fejezet II`, `Κεφάλαιο 3`, `الفصل الأول`. The keyword starts with a capital;
///   the number is Arabic (ASCII or full-width digits), a valid Roman numeral (Greek and Cyrillic
///   look-alikes of I and X included), or a number word (English, Russian, a few Romance ordinals);
/// - the number-first order of Hungarian, German, Czech and Polish: `I. FEJEZET`, `1. Kapitel`;
/// - `Prologue`, `Epilogue`, `Пролог`, `Эпилог` (and their French, Spanish, German and Greek forms),
///   alone or with a title after a separator;
/// - `Introduction`, `Preface`, `Foreword`, `Afterword`, `Предисловие`, `Послесловие` alone on a
///   line with blank lines on both sides;
/// - a Roman numeral alone (`I.`, `XIV`) with blank lines on both sides;
/// - CJK `第一章`, `第1章`, `第十二回`, `第一节`, `第一話`, `第三卷`, `第一部`, `第四部分`, optionally
///   followed by a title (`第一章　出发`, `第二章泪池`), and the bare words `序章`, `楔子`, `尾声`, `终章`.
///
/// To keep ordinary prose out (`Chapter 3 of the report was late, he said.`, `Part of the reason`,
/// `第一章的内容很长，…`): a title written after a plain space must look like a title (it starts
/// with a capital and has no more lower-case words than capitalised ones); no title may end with a
/// comma, run past ten words, or, after a separator, read like a sentence (five or more mostly
/// lower-case words ending with a full stop); a Chinese title may not contain `。` or end with
/// `，`, and text running on from the unit character is refused when it begins with a grammatical
/// particle (`的`, `是`, …).
///
/// Level 1 is a part, book or volume (`Part`, `Book`, `Volume`, `Act`, `Часть`, `Книга`, `Том`, `卷`,
/// `部`, `篇`, `集`); level 2 is everything else.
public struct ChapterHeadingDetector: Sendable {
    /// The longest trimmed line, in Unicode scalars, that can be a heading.
    public static let maximumHeadingLength = 60

    /// Creates a detector.
    public init() {}

    /// The heading level (1 = part/book/volume, 2 = chapter) if `line` is a chapter heading, nil otherwise.
    /// `line` is one line without its line terminator; `previousLineBlank`/`nextLineBlank` say whether the
    /// neighbouring lines are empty (headings in plain text usually stand alone).
    public func headingLevel(of line: Substring, previousLineBlank: Bool, nextLineBlank: Bool) -> Int? {
        guard let scalars = Self.trimmedCandidateScalars(line.unicodeScalars) else { return nil }
        return Self.match(scalars, standalone: previousLineBlank && nextLineBlank)?.level
    }
}

// MARK: - Scanning a whole text

extension ChapterHeadingDetector {
    /// One heading found by ``headings(in:)``.
    public struct Heading: Sendable, Equatable {
        /// The zero-based number of the heading's line (lines end at LF, CR LF or a lone CR).
        public var lineIndex: Int
        /// Where the heading line lies in the scanned text, in UTF-8 bytes, without its terminator.
        public var utf8Range: Range<Int>
        /// 1 for a part, book or volume; 2 for a chapter.
        public var level: Int
        /// The heading line, trimmed; when the heading has no title of its own and a short title line
        /// follows directly, that line is appended after a space (`CHAPTER I. Down the Rabbit-Hole`).
        public var title: String
    }

    /// Finds the headings of a whole text, in order, leaving out tables of contents.
    ///
    /// Every line goes through ``headingLevel(of:previousLineBlank:nextLineBlank:)``; whitespace-only
    /// lines count as blank. A table of contents shows up as a run of at least three headings of one
    /// level with at most two non-blank lines between neighbours (Project Gutenberg lists
    /// `CHAPTER I.` / title / `CHAPTER II.` … whether or not blank lines separate the entries). Such
    /// a run is dropped except for its last heading, which is often the real first chapter right
    /// after the list; that one is dropped too when the same heading line appears again later.
    public func headings(in text: String) -> [Heading] {
        var text = text
        return text.withUTF8 { Self.scanHeadings(in: $0) }
    }

    /// Finds the headings of a whole text given as UTF-8 bytes; see ``headings(in:)``.
    /// Invalid UTF-8 is tolerated (it is replaced with U+FFFD where a heading's text is built).
    public func headings(inUTF8 bytes: UnsafeBufferPointer<UInt8>) -> [Heading] {
        Self.scanHeadings(in: bytes)
    }

    /// A line's extent and whether it holds only whitespace.
    private struct LineSpan {
        var index: Int
        var start: Int
        var end: Int
        var isBlank: Bool
    }

    /// A detected heading with the bookkeeping used to find tables of contents.
    private struct Candidate {
        var heading: Heading
        /// The heading line alone, for spotting a contents entry repeated as a real heading.
        var lineText: String
        /// Non-blank, non-heading lines between the previous heading and this one.
        var linesSincePrevious: Int
        /// Whether the heading consists of keyword and number only (a title line may follow).
        var awaitsTitle: Bool
    }

    private static func scanHeadings(in bytes: UnsafeBufferPointer<UInt8>) -> [Heading] {
        var candidates: [Candidate] = []
        var nonBlankSinceHeading = 0
        // The three most recent lines: the one to judge sits in the middle.
        var before: LineSpan? = nil
        var current: LineSpan? = nil
        // A heading still waiting to know whether the next line is its title.
        var titlePending: Int? = nil
        var titleLine: LineSpan? = nil

        func judge(_ line: LineSpan, previous: LineSpan?, next: LineSpan?) {
            let previousBlank = previous?.isBlank ?? true
            let nextBlank = next?.isBlank ?? true
            // A pending heading takes this line as its title when it is short, not itself a heading,
            // and a blank line (or the end) follows it.
            if let pending = titlePending, let candidateTitle = titleLine, candidateTitle.index == line.index {
                titlePending = nil
                titleLine = nil
                if nextBlank, let title = titleText(bytes, candidateTitle) {
                    candidates[pending].heading.title += " " + title
                    return
                }
            }
            guard !line.isBlank else { return }
            if let found = matchLine(bytes, line, standalone: previousBlank && nextBlank) {
                let trimmed = trimmedString(lineString(bytes, line))
                candidates.append(Candidate(
                    heading: Heading(
                        lineIndex: line.index, utf8Range: line.start..<line.end, level: found.level, title: trimmed),
                    lineText: trimmed,
                    linesSincePrevious: nonBlankSinceHeading,
                    awaitsTitle: !found.hasTitle))
                nonBlankSinceHeading = 0
                if candidates[candidates.count - 1].awaitsTitle, let next, !next.isBlank {
                    titlePending = candidates.count - 1
                    titleLine = next
                }
            } else {
                nonBlankSinceHeading += 1
            }
        }

        var lineIndex = 0
        var position = 0
        let count = bytes.count
        while position < count {
            var end = position
            while end < count, bytes[end] != 0x0A, bytes[end] != 0x0D { end += 1 }
            let line = LineSpan(
                index: lineIndex, start: position, end: end,
                isBlank: firstNonBlank(bytes, from: position, to: end) == end)
            if let current { judge(current, previous: before, next: line) }
            before = current
            current = line
            lineIndex += 1
            if end < count, bytes[end] == 0x0D, end + 1 < count, bytes[end + 1] == 0x0A {
                position = end + 2
            } else {
                position = end + 1
            }
        }
        if let current { judge(current, previous: before, next: nil) }
        return removingContents(candidates)
    }

    /// Drops tables of contents (see ``headings(in:)``).
    private static func removingContents(_ candidates: [Candidate]) -> [Heading] {
        var keep = [Bool](repeating: true, count: candidates.count)
        var runStart = 0
        while runStart < candidates.count {
            var runEnd = runStart
            while runEnd + 1 < candidates.count, candidates[runEnd + 1].linesSincePrevious <= 2 { runEnd += 1 }
            let run = runStart...runEnd
            var perLevel = [0, 0, 0]
            for index in run { perLevel[min(candidates[index].heading.level, 2)] += 1 }
            if perLevel.max()! >= 3 {
                for index in runStart..<runEnd { keep[index] = false }
                let last = candidates[runEnd].lineText
                if candidates[(runEnd + 1)...].contains(where: { $0.lineText == last }) { keep[runEnd] = false }
            }
            runStart = runEnd + 1
        }
        return candidates.indices.filter { keep[$0] }.map { candidates[$0].heading }
    }

    /// The offset of the first byte in `start..<end` that does not belong to a space (ASCII blanks,
    /// U+00A0, U+3000, U+FEFF), or `end`.
    private static func firstNonBlank(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Int {
        var offset = start
        while offset < end {
            switch bytes[offset] {
            case 0x20, 0x09, 0x0B, 0x0C:
                offset += 1
            case 0xC2 where offset + 1 < end && bytes[offset + 1] == 0xA0:
                offset += 2
            case 0xE3 where offset + 2 < end && bytes[offset + 1] == 0x80 && bytes[offset + 2] == 0x80:
                offset += 3
            case 0xEF where offset + 2 < end && bytes[offset + 1] == 0xBB && bytes[offset + 2] == 0xBF:
                offset += 3
            default:
                return offset
            }
        }
        return end
    }

    /// Runs the detector on one line of the buffer, decoding it only when the cheap checks pass.
    private static func matchLine(_ bytes: UnsafeBufferPointer<UInt8>, _ line: LineSpan, standalone: Bool) -> Match? {
        // At most 4 bytes per scalar, plus leading indentation of a reasonable width.
        guard line.end - line.start <= maximumHeadingLength * 4 + 64 else { return nil }
        let first = firstNonBlank(bytes, from: line.start, to: line.end)
        guard first < line.end else { return nil }
        // Cheap check on the first scalar before decoding the line.
        var iterator = UnsafeBufferPointer(rebasing: bytes[first..<line.end]).makeIterator()
        var decoder = UTF8()
        guard case .scalarValue(let initial) = decoder.decode(&iterator), canStartHeading(initial) else { return nil }
        guard mayBeKeywordHeading(bytes, from: first, to: line.end) else { return nil }
        // Count scalars on the bytes before building a string: most prose lines are too long.
        // The slack allows for trailing spaces, which the exact check below does not count.
        var scalarCount = 0
        for index in first..<line.end where bytes[index] & 0xC0 != 0x80 { scalarCount += 1 }
        guard scalarCount <= maximumHeadingLength + 8 else { return nil }
        let text = lineString(bytes, line)
        guard let scalars = trimmedCandidateScalars(text.unicodeScalars[...]) else { return nil }
        return match(scalars, standalone: standalone)
    }

    private static func lineString(_ bytes: UnsafeBufferPointer<UInt8>, _ line: LineSpan) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[line.start..<line.end]), as: UTF8.self)
    }

    private static func trimmedString(_ text: String) -> String {
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !isSpace($0) }) else { return "" }
        let last = scalars.lastIndex(where: { !isSpace($0) })!
        return String(scalars[first...last])
    }

    /// The text of a line that follows a bare heading, when it reads like that heading's title.
    private static func titleText(_ bytes: UnsafeBufferPointer<UInt8>, _ line: LineSpan) -> String? {
        guard line.end - line.start <= maximumHeadingLength * 4 else { return nil }
        let text = trimmedString(lineString(bytes, line))
        let scalars = Array(text.unicodeScalars)
        guard !scalars.isEmpty, scalars.count <= maximumHeadingLength, let last = scalars.last else { return nil }
        if ",;:，；：、。".unicodeScalars.contains(last) { return nil }
        if matchLine(bytes, line, standalone: false) != nil { return nil }
        return text
    }
}

// MARK: - Recognising one line

extension ChapterHeadingDetector {
    /// The line's scalars without surrounding whitespace, or nil when the line is empty, too long,
    /// or begins with a character no heading begins with.
    fileprivate static func trimmedCandidateScalars(_ view: Substring.UnicodeScalarView) -> [Unicode.Scalar]? {
        var index = view.startIndex
        while index < view.endIndex, isSpace(view[index]) { index = view.index(after: index) }
        guard index < view.endIndex, canStartHeading(view[index]) else { return nil }
        var scalars: [Unicode.Scalar] = []
        scalars.reserveCapacity(16)
        var trailingSpaces = 0
        while index < view.endIndex {
            let scalar = view[index]
            if isSpace(scalar) || scalar == "\r" || scalar == "\n" { trailingSpaces += 1 } else { trailingSpaces = 0 }
            scalars.append(scalar)
            if scalars.count - trailingSpaces > maximumHeadingLength { return nil }
            index = view.index(after: index)
        }
        scalars.removeLast(trailingSpaces)
        return scalars
    }

    /// Whether `scalar` is the first character of some heading.
    fileprivate static func canStartHeading(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "A", "B", "C", "E", "F", "H", "I", "K", "L", "P", "R", "S", "T", "V", "X", "0"..."9":
            return true
        case "Κ", "Μ", "Β", "Π", "Ε", "\u{388}", "\u{627}":
            return true
        case "Г", "Ч", "К", "Т", "П", "Э":
            return true
        case "第", "序", "楔", "尾", "终", "終":
            return true
        default:
            return false
        }
    }

    /// Spaces that may surround or separate the parts of a heading.
    fileprivate static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case " ", "\t", "\u{0B}", "\u{0C}", "\u{00A0}", "\u{2002}", "\u{2003}", "\u{2009}", "\u{3000}", "\u{FEFF}":
            return true
        default:
            return false
        }
    }

    /// Lower-cases ASCII, Latin-1, Latin Extended-A, Greek and basic Cyrillic letters; other scalars
    /// are returned unchanged.
    fileprivate static func folded(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
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
    fileprivate static func keyFolded(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
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
    fileprivate static func isUpper(_ scalar: Unicode.Scalar) -> Bool {
        folded(scalar) != scalar
    }

    /// Whether `scalar` is a Latin, Greek or Cyrillic letter (the scripts of heading keywords and
    /// number words).
    fileprivate static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x41...0x5A, 0x61...0x7A, 0xC0...0xD6, 0xD8...0xF6, 0xF8...0x17F, 0x386...0x3CE, 0x400...0x45F:
            return true
        default:
            return false
        }
    }

    /// What a keyword introduces.
    fileprivate enum KeywordKind {
        /// A keyword that needs a number after it (`Chapter 3`).
        case numbered(level: Int)
        /// A keyword that stands alone or before a title (`Prologue`, `Epilogue: …`).
        case unnumbered
        /// A keyword that is a heading only alone between blank lines (`Introduction`).
        case standaloneOnly
    }

    /// The ASCII heading keywords in lower case, for rejecting prose lines by their first word
    /// without decoding them.
    fileprivate static let asciiKeywords: Set<[UInt8]> = Set(keywords.compactMap { entry in
        entry.word.allSatisfy(\.isASCII) ? entry.word.map { UInt8($0.value) } : nil
    })

    /// False when the line starts with an ASCII word that is not a heading keyword and cannot be
    /// a Roman numeral: the common case for prose, decided on the bytes alone.
    fileprivate static func mayBeKeywordHeading(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Bool {
        let initial = bytes[start]
        guard (0x41...0x5A).contains(initial), !"IVXLC".utf8.contains(initial) else { return true }
        var word: [UInt8] = []
        var index = start
        while index < end, word.count <= 16 {
            let byte = bytes[index]
            if byte >= 0x80 { return true }
            guard (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) else { break }
            word.append(byte | 0x20)
            index += 1
        }
        return asciiKeywords.contains(word)
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

    /// A recognised heading: its level, and whether a title follows the number on the same line.
    fileprivate struct Match {
        var level: Int
        var hasTitle: Bool
    }

    /// What follows the number of a heading.
    private enum Tail {
        /// Nothing, or only a closing full stop or colon.
        case empty
        /// A separator and a plausible title.
        case title
        /// Text that makes the line prose rather than a heading.
        case rejected
    }

    /// Recognises a trimmed, length-checked line.
    fileprivate static func match(_ scalars: [Unicode.Scalar], standalone: Bool) -> Match? {
        guard let first = scalars.first else { return nil }
        switch first {
        case "第": return cjkNumberedMatch(scalars)
        case "序", "楔", "尾", "终", "終": return cjkBareMatch(scalars)
        case "\u{627}": return arabicMatch(scalars)
        case "0"..."9", "I", "V", "X", "L", "C":
            if let found = numberFirstMatch(scalars) { return found }
        default: break
        }
        if let found = keywordMatch(scalars, standalone: standalone) { return found }
        if standalone, isStandaloneRomanNumeral(scalars) { return Match(level: 2, hasTitle: false) }
        return nil
    }

    // MARK: Western and Cyrillic headings

    /// `Keyword Number[separator Title]`, `Prologue[: Title]` or a standalone `Introduction`.
    private static func keywordMatch(_ scalars: [Unicode.Scalar], standalone: Bool) -> Match? {
        guard isUpper(scalars[0]) else { return nil }
        var wordEnd = 0
        while wordEnd < scalars.count, isLetter(scalars[wordEnd]) { wordEnd += 1 }
        let word = scalars[0..<wordEnd].map(keyFolded)
        guard let entry = keywords.first(where: { $0.word.elementsEqual(word) }) else { return nil }
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

    /// Where the number that starts at `start` ends: Arabic digits, a Roman numeral, an English
    /// number or ordinal word (`Twenty-Three`, `the First`), or a Russian or Romance ordinal word.
    private static func numberEnd(_ scalars: [Unicode.Scalar], from start: Int) -> Int? {
        // Arabic digits, ASCII or full-width.
        var index = start
        while index < scalars.count, isDigit(scalars[index]) { index += 1 }
        if index > start {
            guard index - start <= 5, index == scalars.count || !isLetter(scalars[index]) else { return nil }
            return index
        }
        // A word: Roman numeral or number word(s).
        guard let firstWordEnd = letterRunEnd(scalars, from: start) else { return nil }
        let firstWord = Array(scalars[start..<firstWordEnd])
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

    private static func letterRunEnd(_ scalars: [Unicode.Scalar], from start: Int) -> Int? {
        var end = start
        while end < scalars.count, isLetter(scalars[end]) { end += 1 }
        return end > start ? end : nil
    }

    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool {
        ("0"..."9").contains(scalar) || ("\u{FF10}"..."\u{FF19}").contains(scalar)
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

    private static func words(_ list: String) -> [[Unicode.Scalar]] {
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

    /// Judges what follows the number (or an unnumbered keyword).
    ///
    /// A title needs a separator (`.`, `:`, a dash, a full-width colon) or, after a plain space when
    /// `requireSeparator` is false, has to start with an upper-case letter and have no more lower-case
    /// words than capitalised ones. A title may not end with `,` or `;`, run past ten words, or read
    /// like a sentence (five or more words, mostly lower-case, ending with a full stop).
    private static func tail(_ rest: ArraySlice<Unicode.Scalar>, requireSeparator: Bool) -> Tail {
        var cursor = rest.startIndex
        var sawSpace = false
        while cursor < rest.endIndex, isSpace(rest[cursor]) { cursor += 1; sawSpace = true }
        if cursor == rest.endIndex { return .empty }
        var separated = false
        switch rest[cursor] {
        case ".", ":", "\u{FF1A}", "\u{2014}", "\u{2013}", "-", "\u{FF0E}":
            separated = true
            cursor += 1
            while cursor < rest.endIndex, rest[cursor] == "-" || rest[cursor] == "\u{2014}" { cursor += 1 }
        default:
            break
        }
        // "Chapter 3rd" never gets here; "Prologue of the book" and "Chapter 3of" stop here.
        if !separated, !sawSpace || requireSeparator { return .rejected }
        let afterSeparator = cursor
        while cursor < rest.endIndex, isSpace(rest[cursor]) { cursor += 1 }
        if cursor == rest.endIndex {
            // "CHAPTER I." and "Prologue:" are complete; a dangling dash is not.
            return rest[afterSeparator - 1] == "." || rest[afterSeparator - 1] == ":" ? .empty : .rejected
        }
        // "Chapter 1.2" or "Book 3:4" are references, not headings.
        if separated, cursor == afterSeparator, isDigit(rest[cursor]) { return .rejected }
        let title = rest[cursor...]
        // A trailing semicolon is a question mark in Greek, so only a separated title may end with one.
        let forbiddenEnds = separated ? ",\u{FF0C}\u{3001}" : ",;\u{FF0C}\u{FF1B}\u{3001}"
        guard let last = title.last, !forbiddenEnds.unicodeScalars.contains(last) else { return .rejected }
        var wordCount = 0
        var capitalised = 0
        var lowercase = 0
        var index = title.startIndex
        while index < title.endIndex {
            while index < title.endIndex, isSpace(title[index]) { index += 1 }
            guard index < title.endIndex else { break }
            wordCount += 1
            var letter = index
            while letter < title.endIndex, !isSpace(title[letter]), !isLetter(title[letter]) { letter += 1 }
            if letter < title.endIndex, isLetter(title[letter]) {
                if isUpper(title[letter]) { capitalised += 1 } else { lowercase += 1 }
            }
            while index < title.endIndex, !isSpace(title[index]) { index += 1 }
        }
        guard wordCount <= 10 else { return .rejected }
        if separated {
            if last == ".", wordCount >= 5, lowercase > capitalised { return .rejected }
        } else {
            var firstLetter = title.startIndex
            while firstLetter < title.endIndex, !isLetter(title[firstLetter]) {
                // Only opening quotes and brackets may precede the first letter.
                guard "\"'“‘«([".unicodeScalars.contains(title[firstLetter]) else { return .rejected }
                firstLetter += 1
            }
            guard firstLetter < title.endIndex, isUpper(title[firstLetter]), lowercase <= capitalised else {
                return .rejected
            }
        }
        return .title
    }

    /// Whether the line is a Roman numeral alone, optionally followed by a full stop (`XIV`, `I.`).
    private static func isStandaloneRomanNumeral(_ scalars: [Unicode.Scalar]) -> Bool {
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

    /// Keywords that follow their number, in lower case: Hungarian `I. FEJEZET`, German `1. Kapitel`,
    /// Czech `2. kapitola`, Polish `3. Rozdział`.
    private static let numberFirstKeywords: [(word: [Unicode.Scalar], level: Int)] = [
        ("fejezet", 2), ("rész", 1), ("kapitel", 2), ("teil", 1), ("buch", 1), ("kapitola", 2), ("část", 1),
        ("kniha", 1), ("rozdział", 2), ("rozdzial", 2), ("część", 1),
    ].map { (Array($0.0.unicodeScalars), $0.1) }

    /// `Number. Keyword[ Title]`, the order used by Hungarian, German, Czech and Polish.
    private static func numberFirstMatch(_ scalars: [Unicode.Scalar]) -> Match? {
        var index = 0
        while index < scalars.count, isDigit(scalars[index]) { index += 1 }
        if index == 0 {
            guard let end = letterRunEnd(scalars, from: 0), romanValue(Array(scalars[0..<end]), maximum: 3999) != nil
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
        let word = scalars[index..<wordEnd].map(folded)
        guard let entry = numberFirstKeywords.first(where: { $0.word.elementsEqual(word) }) else { return nil }
        switch tail(scalars[wordEnd...], requireSeparator: false) {
        case .empty: return Match(level: entry.level, hasTitle: false)
        case .title: return Match(level: entry.level, hasTitle: true)
        case .rejected: return nil
        }
    }

    // MARK: Arabic headings

    /// Arabic keywords: `الفصل` (chapter), `الباب` (chapter), `الجزء` (part).
    private static let arabicKeywords: [(word: [Unicode.Scalar], level: Int)] = [
        ("الفصل", 2), ("الباب", 2), ("الجزء", 1),
    ].map { (Array($0.0.unicodeScalars), $0.1) }

    /// Arabic ordinal words, with and without hamza, and the words that build 11th to 39th.
    private static let arabicOrdinals: [[Unicode.Scalar]] = words(
        "الأول الاول الثاني الثالث الرابع الخامس السادس السابع الثامن التاسع العاشر الحادي"
            + " عشر والعشرون العشرون والثلاثون الثلاثون الأخير الاخير")

    private static func isArabicLetter(_ scalar: Unicode.Scalar) -> Bool {
        (0x621...0x64A).contains(scalar.value) || (0x671...0x6D3).contains(scalar.value)
    }

    /// `الفصل الأول`, `الفصل 3`, optionally followed by a short title.
    private static func arabicMatch(_ scalars: [Unicode.Scalar]) -> Match? {
        var index = 0
        while index < scalars.count, isArabicLetter(scalars[index]) { index += 1 }
        let keyword = scalars[0..<index]
        guard let entry = arabicKeywords.first(where: { $0.word.elementsEqual(keyword) }) else { return nil }
        var numberWords = 0
        while numberWords < 3 {
            var start = index
            while start < scalars.count, isSpace(scalars[start]) { start += 1 }
            guard start > index, start < scalars.count else { break }
            var end = start
            if isDigit(scalars[start]) || (0x660...0x669).contains(scalars[start].value) {
                while end < scalars.count, isDigit(scalars[end]) || (0x660...0x669).contains(scalars[end].value) {
                    end += 1
                }
            } else {
                while end < scalars.count, isArabicLetter(scalars[end]) { end += 1 }
                guard arabicOrdinals.contains(where: { $0.elementsEqual(scalars[start..<end]) }) else { break }
            }
            guard end > start else { break }
            index = end
            numberWords += 1
        }
        guard numberWords > 0 else { return nil }
        let rest = scalars[index...]
        guard let last = rest.last(where: { !isSpace($0) }) else { return Match(level: entry.level, hasTitle: false) }
        // Arabic has no capitals to tell a title from a sentence: keep titles short and unpunctuated.
        if ".,;،؛".unicodeScalars.contains(last) { return nil }
        let titleWords = rest.split(whereSeparator: { isSpace($0) }).count
        return titleWords <= 8 ? Match(level: entry.level, hasTitle: true) : nil
    }

    // MARK: Chinese and Japanese headings

    /// Units after `第…`, with their heading level.
    fileprivate static let cjkUnitLevels: [Unicode.Scalar: Int] = [
        "章": 2, "回": 2, "节": 2, "節": 2, "话": 2, "話": 2, "幕": 2,
        "卷": 1, "巻": 1, "部": 1, "篇": 1, "集": 1,
    ]

    private static func isCJKNumeral(_ scalar: Unicode.Scalar) -> Bool {
        "〇零一二两兩三四五六七八九十百千万萬壹贰貳叁參肆伍陆陸柒捌玖拾佰仟".unicodeScalars.contains(scalar) || isDigit(scalar)
    }

    /// Characters that, right after `第一章`, show a sentence rather than a title (`第一章的内容`,
    /// `第一百回合`, `第三节课`).
    private static let cjkParticles: Set<Unicode.Scalar> = Set(
        "的了是和与與及中里裡就也还還都在有说說讲講写寫提到已又才要会會把被比我你他她它们們这這那很太更最并並或而对對为為讨討论論看读讀過过没沒不合课課".unicodeScalars)

    /// `第` numeral unit, optionally followed by a title.
    private static func cjkNumberedMatch(_ scalars: [Unicode.Scalar]) -> Match? {
        var index = 1
        while index < scalars.count, isSpace(scalars[index]) { index += 1 }
        let numberStart = index
        while index < scalars.count, isCJKNumeral(scalars[index]) { index += 1 }
        guard index > numberStart, index - numberStart <= 8, index < scalars.count else { return nil }
        while index < scalars.count, isSpace(scalars[index]) { index += 1 }
        guard index < scalars.count, let level = cjkUnitLevels[scalars[index]] else { return nil }
        index += 1
        // 第四部分: "part four".
        if scalars[index - 1] == "部", index < scalars.count, scalars[index] == "分" { index += 1 }
        guard index < scalars.count else { return Match(level: level, hasTitle: false) }
        return cjkTitleAcceptable(scalars[index...]) ? Match(level: level, hasTitle: true) : nil
    }

    /// Whether the text after `第一章` is a title rather than the rest of a sentence.
    private static func cjkTitleAcceptable(_ rest: ArraySlice<Unicode.Scalar>) -> Bool {
        guard let first = rest.first, let last = rest.last else { return true }
        if cjkParticles.contains(first) { return false }
        if "，。；、,;".unicodeScalars.contains(last) { return false }
        var commas = 0
        for scalar in rest {
            if scalar == "。" { return false }
            if scalar == "，" || scalar == "," { commas += 1 }
        }
        guard commas <= 1 else { return false }
        // Text running on without a separator must stay short, like a title.
        let separated = isSpace(first) || "：:、.．·—-–「『《（(".unicodeScalars.contains(first)
        return separated || rest.count <= 20
    }

    /// `序章`, `楔子`, `尾声`, `终章` alone, or followed by a separated title.
    private static func cjkBareMatch(_ scalars: [Unicode.Scalar]) -> Match? {
        guard scalars.count >= 2 else { return nil }
        let word = String(String.UnicodeScalarView(scalars[0..<2]))
        guard ["序章", "序幕", "楔子", "尾声", "尾聲", "终章", "終章"].contains(word) else { return nil }
        let rest = scalars[2...]
        if rest.isEmpty { return Match(level: 2, hasTitle: false) }
        guard let first = rest.first, isSpace(first) || "：:、.．·—-–".unicodeScalars.contains(first) else { return nil }
        return cjkTitleAcceptable(rest) ? Match(level: 2, hasTitle: true) : nil
    }
}
