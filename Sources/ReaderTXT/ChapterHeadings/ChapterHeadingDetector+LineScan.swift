// MARK: - Judging a text's lines in turn

extension ChapterHeadingDetector {
    /// The scan of a whole text (``headings(in:)``), fed its lines in order.
    ///
    /// A line is judged once the line after it is known (a heading's neighbours say whether it
    /// stands alone, and whether the next line is its title). Most lines are prose told by their
    /// first bytes (``isPlainProse(at:end:)``), which only count: only blank lines, lines that
    /// may be headings and a heading's awaited title line go on to ``takeSlowly(start:end:)``.
    struct LineScan {
        /// The text scanned.
        let bytes: UnsafeBufferPointer<UInt8>
        /// The headings found so far, tables of contents still in.
        var candidates: [Candidate] = []
        /// Non-blank lines since the last candidate that were no heading.
        private var nonBlankSinceHeading = 0
        /// The number of the next line taken.
        private var lineIndex = 0
        /// Whether the last line taken was blank (as if one were before the first line).
        private var previousBlank = true
        /// A line still to be judged, with whether the line before it was blank.
        private var waiting: (line: LineSpan, previousBlank: Bool)? = nil
        /// The candidate whose title the waiting line may be.
        private var titlePending: Int? = nil
        /// The byte sets, kept here rather than read through their lazily made global.
        private let tables = ProseTables.shared

        /// Starts a scan of `bytes`.
        init(bytes: UnsafeBufferPointer<UInt8>) {
            self.bytes = bytes
        }

        /// Takes the line `start..<end`, the one after the last line taken.
        @inline(__always)
        mutating func take(start: Int, end: Int) {
            guard waiting == nil else { return takeSlowly(start: start, end: end) }
            if start == end {
                previousBlank = true
            } else if isPlainProse(at: start, end: end) {
                nonBlankSinceHeading += 1
                previousBlank = false
            } else {
                return takeSlowly(start: start, end: end)
            }
            lineIndex += 1
        }

        /// Judges the line still waiting, the last one of the text.
        mutating func finish() {
            if let waiting {
                self.waiting = nil
                judge(waiting.line, previousBlank: waiting.previousBlank, next: nil)
            }
        }

        /// Whether the non-blank line whose first non-blank byte is at `first` is prose that
        /// ``judge(_:previousBlank:next:)`` would only count: its first byte starts no heading, or
        /// it starts with a capital and goes on as ``mayBeKeywordHeading(_:from:to:)`` refuses at
        /// once: with a letter that makes a pair no keyword or Roman numeral starts with, or with a
        /// space and a character (`I went`, `A boat`: a one-letter word is no keyword, and a Roman
        /// numeral would have to end the line or be followed by a full stop). Blank lines are never prose.
        @inline(__always)
        private func isPlainProse(at first: Int, end: Int) -> Bool {
            let lead = bytes[first]
            if tables.isProseStart(lead) { return true }
            guard lead &- 0x41 < 26, first &+ 1 < end else { return false }
            let second = bytes[first &+ 1]
            let lowered = second | 0x20
            if lowered &- 0x61 < 26 { return tables.refusesPair(lead, lowered) }
            guard second == 0x20, first &+ 2 < end else { return false }
            let third = bytes[first &+ 2]
            return third < 0x80 && third != 0x20 && third &- 0x09 > 4
        }

        /// ``take(start:end:)`` for a line that is blank, may be a heading, or comes after a
        /// waiting line: judges the waiting line, then counts this one or keeps it waiting.
        @inline(never)
        private mutating func takeSlowly(start: Int, end: Int) {
            let line = LineSpan(index: lineIndex, start: start, end: end,
                                firstNonBlank: firstNonBlank(bytes, from: start, to: end))
            lineIndex += 1
            if let waiting {
                self.waiting = nil
                judge(waiting.line, previousBlank: waiting.previousBlank, next: line)
            }
            if line.isBlank {
                previousBlank = true
            } else if titlePending == nil, isPlainProse(at: line.firstNonBlank, end: end) {
                nonBlankSinceHeading += 1
                previousBlank = false
            } else {
                waiting = (line, previousBlank)
                previousBlank = false
            }
        }

        /// Judges a non-blank line once the line after it (`next`, nil at the end) is known.
        private mutating func judge(_ line: LineSpan, previousBlank: Bool, next: LineSpan?) {
            let nextBlank = next?.isBlank ?? true
            // A pending heading takes this line as its title when it is short, not itself a heading,
            // and a blank line (or the end) follows it.
            if let pending = titlePending {
                titlePending = nil
                if nextBlank, let title = titleText(bytes, line) {
                    candidates[pending].heading.title += " " + title
                    return
                }
            }
            guard tables.isHeadingStart(bytes[line.firstNonBlank]) else {
                nonBlankSinceHeading += 1
                return
            }
            if let found = matchLine(bytes, line, standalone: previousBlank && nextBlank) {
                let trimmed = lineTitle(bytes, line)
                candidates.append(Candidate(
                    heading: Heading(
                        lineIndex: line.index, utf8Range: line.start..<line.end, level: found.level, title: trimmed),
                    lineText: trimmed,
                    linesSincePrevious: nonBlankSinceHeading))
                nonBlankSinceHeading = 0
                if !found.hasTitle, let next, !next.isBlank { titlePending = candidates.count - 1 }
            } else if previousBlank, let numbers = outlineNumbers(bytes, line) {
                let trimmed = lineTitle(bytes, line)
                candidates.append(Candidate(
                    heading: Heading(lineIndex: line.index, utf8Range: line.start..<line.end,
                                     level: numbers.count == 1 ? 1 : 2, title: trimmed),
                    lineText: trimmed, linesSincePrevious: nonBlankSinceHeading, outlineNumbers: numbers))
                nonBlankSinceHeading = 0
            } else {
                nonBlankSinceHeading += 1
            }
        }
    }
}
