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

    /// Estimates the wrap width from sample lines: the 98th percentile of non-blank line lengths.
    init(sampleLineLengths lengths: [Int]) {
        let sorted = lengths.filter { $0 > 0 }.sorted()
        guard sorted.count >= 8 else {
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
