/// How the lines of a plain-text file become paragraphs, decided once per file from a sample.
///
/// Many text files are hard-wrapped (Project Gutenberg wraps at about 70 columns). A line break is
/// taken as a soft wrap when the line is nearly full, or when the next line's first word would not
/// have fitted on it; otherwise the break was meant (verse, addresses, lists) and is kept.
struct TXTLineJoining: Hashable, Sendable {
    /// The width the file appears to be wrapped at, in UTF-16 units; nil when lines are not wrapped.
    let wrapWidth: Int?

    /// Lines longer than this are paragraphs of their own, never a hard wrap.
    static let longestWrappedLine = 160

    /// A line at least this fraction of the wrap width long counts as full (wrappers differ on
    /// how much room they leave at the margin).
    static let fullLineFraction = 0.85

    /// Estimates the wrap width from sample lines: the 98th percentile of non-blank line lengths;
    /// none (every line kept) for `tabular` text, whose rows are records, not wrapped prose.
    init(sampleLineLengths lengths: [Int], tabular: Bool = false) {
        let sorted = lengths.filter { $0 > 0 }.sorted()
        guard sorted.count >= 8, !tabular else {
            wrapWidth = nil
            return
        }
        let percentile = sorted[min(sorted.count - 1, sorted.count * 98 / 100)]
        wrapWidth = (20...Self.longestWrappedLine).contains(percentile) ? percentile : nil
    }

    /// Whether a line of `previousLength` units followed by a line whose first word is
    /// `nextWordLength` units long was wrapped by the author's tool rather than broken on purpose.
    func isSoftWrap(previousLength: Int, nextWordLength: Int) -> Bool {
        guard let wrapWidth else { return false }
        return previousLength + 1 + nextWordLength > wrapWidth
            || Double(previousLength) >= Double(wrapWidth) * Self.fullLineFraction
    }
}

extension TXTLineJoining {
    /// Whether sample text reads as a table (CSV, TSV, pipe- or semicolon-separated rows): at
    /// least eight non-blank lines, nine in ten of which hold the same number of one separator
    /// (at least two commas, since prose has commas; at least one tab, `;` or `|`). A comma or
    /// semicolon followed by a space is prose punctuation and is not counted.
    static func looksTabular(_ sample: String, limit: Int = 200) -> Bool {
        let lines = sample.split(whereSeparator: \.isNewline).prefix(limit)
            .filter { !$0.allSatisfy(\.isWhitespace) }
        guard lines.count >= 8 else { return false }
        for (separator, least) in [(Character(","), 2), ("\t", 1), (";", 1), ("|", 1)] {
            var counts: [Int: Int] = [:]
            for line in lines {
                let punctuation = separator == "," || separator == ";"
                var count = 0
                var index = line.startIndex
                while let found = line[index...].firstIndex(of: separator) {
                    index = line.index(after: found)
                    if !(punctuation && index < line.endIndex && line[index] == " ") { count += 1 }
                }
                counts[count, default: 0] += 1
            }
            if let (count, lineCount) = counts.max(by: { $0.value < $1.value }), count >= least,
               lineCount * 10 >= lines.count * 9 {
                return true
            }
        }
        return false
    }
}
