/// How the lines of a plain-text file become paragraphs, decided once per file from a sample.
///
/// Many text files are hard-wrapped (Project Gutenberg wraps at about 70 columns). A line break is
/// taken as a soft wrap when the line is nearly full, or when the next line's first word would not
/// have fitted on it; otherwise the break was meant (verse, addresses, lists) and is kept.
///
/// A wrapping tool breaks a line only where the next word would not fit, so in wrapped prose
/// nearly every break between two lines of a paragraph passes that test. In verse, whose lines are
/// as ragged as they are long, a short line followed by a long one reads as a wrap while its
/// neighbours do not, and a poem came out with some lines joined and others kept. So a file whose
/// sample breaks mostly fail the test is not taken as wrapped at all, and every line is kept.
struct TXTLineJoining: Hashable, Sendable {
    /// A break between two non-blank lines of the sample, the second not indented: one a wrapping
    /// tool could have made.
    struct SampleBreak: Hashable, Sendable {
        /// The UTF-16 length of the line before the break, without trailing white space.
        var lineLength: Int
        /// The first word of the line after it, as ``UTF8Scanning/firstWordLength(_:in:limit:)`` counts it.
        var nextWordLength: Int
    }

    /// The width the file appears to be wrapped at, in UTF-16 units; nil when lines are not wrapped.
    let wrapWidth: Int?

    /// Lines longer than this are paragraphs of their own, never a hard wrap.
    static let longestWrappedLine = 160

    /// A line at least this fraction of the wrap width long counts as full (wrappers differ on
    /// how much room they leave at the margin).
    static let fullLineFraction = 0.85

    /// The share of the sample's breaks that must read as wraps for the file to be taken as
    /// wrapped: wrapped prose in the corpus scores 0.87 to 0.97 (verse quoted in it brings the
    /// share down), a poem 0.43.
    static let leastWrappedShare = 0.6

    /// Fewer sample breaks than this say nothing either way; the width alone decides.
    static let leastBreaksJudged = 20

    /// Estimates the wrap width from sample lines: the 98th percentile of non-blank line lengths;
    /// none (every line kept) for `tabular` text, whose rows are records, not wrapped prose, and for
    /// text whose `breaks` mostly do not read as wraps at that width (verse).
    init(sampleLineLengths lengths: [Int], breaks: [SampleBreak] = [], tabular: Bool = false) {
        let sorted = lengths.filter { $0 > 0 }.sorted()
        guard sorted.count >= 8, !tabular else {
            wrapWidth = nil
            return
        }
        let percentile = sorted[min(sorted.count - 1, sorted.count * 98 / 100)]
        guard (20...Self.longestWrappedLine).contains(percentile) else {
            wrapWidth = nil
            return
        }
        if breaks.count >= Self.leastBreaksJudged {
            let wraps = breaks.filter {
                Self.isSoftWrap(previousLength: $0.lineLength, nextWordLength: $0.nextWordLength, width: percentile)
            }
            if Double(wraps.count) < Double(breaks.count) * Self.leastWrappedShare {
                wrapWidth = nil
                return
            }
        }
        wrapWidth = percentile
    }

    /// Whether a line of `previousLength` units followed by a line whose first word is
    /// `nextWordLength` units long was wrapped by the author's tool rather than broken on purpose.
    func isSoftWrap(previousLength: Int, nextWordLength: Int) -> Bool {
        guard let wrapWidth else { return false }
        return Self.isSoftWrap(previousLength: previousLength, nextWordLength: nextWordLength, width: wrapWidth)
    }

    private static func isSoftWrap(previousLength: Int, nextWordLength: Int, width: Int) -> Bool {
        previousLength + 1 + nextWordLength > width || Double(previousLength) >= Double(width) * fullLineFraction
    }
}

extension TXTLineJoining {
    /// Whether sample text reads as a table (CSV, TSV, pipe- or semicolon-separated rows): at
    /// least eight non-blank lines, nine in ten of which hold the same number of one separator
    /// (at least two commas, since prose has commas; at least one tab, `;` or `|`). A comma or
    /// semicolon followed by a space is prose punctuation and is not counted.
    static func looksTabular(_ sample: String, limit: Int = 200) -> Bool {
        let lines = nonBlankLines(of: sample, limit: limit)
        guard lines.count >= 8 else { return false }
        for (separator, least) in [(Character(","), 2), ("\t", 1), (";", 1), ("|", 1)] {
            var counts: [Int: Int] = [:]
            let punctuation = separator == "," || separator == ";"
            for line in lines {
                counts[separatorCount(line, separator, punctuation: punctuation), default: 0] += 1
            }
            if let (count, lineCount) = counts.max(by: { $0.value < $1.value }), count >= least,
               lineCount * 10 >= lines.count * 9 {
                return true
            }
        }
        return false
    }

    /// The lines among the first `limit` non-empty ones of `sample` that are not all whitespace,
    /// lines ending at every newline character (LF, CR, CR LF, VT, FF, U+0085, U+2028, U+2029):
    /// what `sample.split(maxSplits: limit, whereSeparator: \.isNewline).prefix(limit)` filtered
    /// by `allSatisfy(\.isWhitespace)` gives, found on the bytes rather than character by
    /// character (the sample is 256 KiB, of which only the first lines are read).
    static func nonBlankLines(of sample: String, limit: Int) -> [Substring] {
        var lines: [Substring] = []
        var lineCount = 0
        var start = 0
        var offset = 0
        func endLine(at end: Int, next: Int) {
            defer { start = next }
            guard end > start else { return }
            lineCount += 1
            let line = sample.slice(utf8: start..<end)
            if !isBlank(line) { lines.append(line) }
        }
        let found: Void? = sample.utf8.withContiguousStorageIfAvailable { bytes in
            while offset < bytes.count, lineCount < limit {
                switch bytes[offset] {
                case 0x0A...0x0D:
                    endLine(at: offset, next: offset + 1)
                case 0xC2 where offset + 1 < bytes.count && bytes[offset + 1] == 0x85:
                    endLine(at: offset, next: offset + 2)
                    offset += 1
                case 0xE2 where offset + 2 < bytes.count && bytes[offset + 1] == 0x80 && (bytes[offset + 2] & 0xFE) == 0xA8:
                    endLine(at: offset, next: offset + 3)
                    offset += 2
                default:
                    break
                }
                offset += 1
            }
            if lineCount < limit { endLine(at: bytes.count, next: bytes.count) }
        }
        guard found != nil else {
            return sample.split(maxSplits: limit, whereSeparator: \.isNewline).prefix(limit).filter { !isBlank($0) }
        }
        return lines
    }

    /// Whether every character of `line` is whitespace; on the bytes when they are all ASCII.
    private static func isBlank(_ line: Substring) -> Bool {
        let asciiBlank = line.utf8.withContiguousStorageIfAvailable { bytes -> Bool? in
            for byte in bytes {
                if byte >= 0x80 { return nil }
                if byte != 0x20, byte != 0x09 { return false }
            }
            return true
        }
        return (asciiBlank ?? nil) ?? line.allSatisfy(\.isWhitespace)
    }

    /// How many times the ASCII `separator` stands in `line` as a character of its own, one
    /// followed by a space not counted when it is `punctuation`. Counted on the bytes when every
    /// occurrence (and the space after it) has ASCII bytes either side, which makes each a
    /// character of its own; else character by character.
    static func separatorCount(_ line: Substring, _ separator: Character, punctuation: Bool) -> Int {
        let target = separator.asciiValue!
        let counted = line.utf8.withContiguousStorageIfAvailable { bytes -> Int? in
            var count = 0
            for index in bytes.indices where bytes[index] == target {
                let after = index + 1
                guard index == 0 || bytes[index - 1] < 0x80, after == bytes.count || bytes[after] < 0x80 else { return nil }
                if punctuation, after < bytes.count, bytes[after] == 0x20 {
                    guard after + 1 == bytes.count || bytes[after + 1] < 0x80 else { return nil }
                    continue
                }
                count += 1
            }
            return count
        }
        if let counted = counted ?? nil { return counted }
        var count = 0
        var index = line.startIndex
        while let found = line[index...].firstIndex(of: separator) {
            index = line.index(after: found)
            if !(punctuation && index < line.endIndex && line[index] == " ") { count += 1 }
        }
        return count
    }
}
