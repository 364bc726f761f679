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

    /// A line's extent and where its first non-blank character starts.
    private struct LineSpan {
        var index: Int
        var start: Int
        var end: Int
        /// The offset of the first byte that is not a space, or `end` when the line is blank.
        var firstNonBlank: Int
        var isBlank: Bool { firstNonBlank == end }
    }

    private static func scanHeadings(in bytes: UnsafeBufferPointer<UInt8>) -> [Heading] {
        let headingStarts = LeadBytes.headingStarts
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
            // Most prose lines are told apart by their first byte, without the checks below.
            guard headingStarts.contains(bytes[line.firstNonBlank]) else {
                nonBlankSinceHeading += 1
                return
            }
            if let (found, text) = matchLine(bytes, line, standalone: previousBlank && nextBlank) {
                let trimmed = trimmedString(text)
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
            } else if previousBlank, let numbers = outlineNumbers(bytes, line) {
                let trimmed = trimmedString(lineString(bytes, line))
                candidates.append(Candidate(
                    heading: Heading(lineIndex: line.index, utf8Range: line.start..<line.end,
                                     level: numbers.count == 1 ? 1 : 2, title: trimmed),
                    lineText: trimmed, linesSincePrevious: nonBlankSinceHeading, awaitsTitle: false,
                    outlineNumbers: numbers))
                nonBlankSinceHeading = 0
            } else {
                nonBlankSinceHeading += 1
            }
        }

        var lineIndex = 0
        var position = 0
        let count = bytes.count
        // Most texts have no carriage return at all: then a line ends at the next line feed.
        let hasCarriageReturns = UTF8Scanning.containsCarriageReturn(bytes)
        while position < count {
            let end = hasCarriageReturns ? UTF8Scanning.lineBreak(bytes, from: position) : UTF8Scanning.lineFeed(bytes, from: position)
            let line = LineSpan(index: lineIndex, start: position, end: end,
                                firstNonBlank: firstNonBlank(bytes, from: position, to: end))
            if let current {
                // A prose line, told by its first byte and awaited as no heading's title, only
                // counts (as `judge` would count it, without the call).
                if !current.isBlank, !headingStarts.contains(bytes[current.firstNonBlank]),
                   titleLine.map({ $0.index != current.index }) ?? true {
                    nonBlankSinceHeading += 1
                } else {
                    judge(current, previous: before, next: line)
                }
            }
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
        confirmOutline(&candidates)
        return removingContents(candidates)
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

    /// Runs the detector on one line of the buffer, decoding it only when the cheap checks pass;
    /// a match comes with the line's text.
    private static func matchLine(_ bytes: UnsafeBufferPointer<UInt8>, _ line: LineSpan,
                                  standalone: Bool) -> (match: Match, text: String)? {
        // At most 4 bytes per scalar, plus leading indentation of a reasonable width.
        guard line.end - line.start <= maximumHeadingLength * 4 + 64 else { return nil }
        let first = line.firstNonBlank
        guard first < line.end else { return nil }
        // Cheap check on the first scalar before decoding the line.
        if bytes[first] < 0x80 {
            guard canStartHeading(Unicode.Scalar(bytes[first])) else { return nil }
        } else {
            var iterator = UnsafeBufferPointer(rebasing: bytes[first..<line.end]).makeIterator()
            var decoder = UTF8()
            guard case .scalarValue(let initial) = decoder.decode(&iterator), canStartHeading(initial) else { return nil }
        }
        guard mayBeKeywordHeading(bytes, from: first, to: line.end) else { return nil }
        // Count scalars on the bytes before building a string: most prose lines are too long.
        // The slack allows for trailing spaces, which the exact check below does not count.
        var scalarCount = 0
        for index in first..<line.end where bytes[index] & 0xC0 != 0x80 { scalarCount += 1 }
        guard scalarCount <= maximumHeadingLength + 8 else { return nil }
        let text = lineString(bytes, line)
        guard let scalars = trimmedCandidateScalars(text.unicodeScalars),
              let found = match(scalars, standalone: standalone) else { return nil }
        return (found, text)
    }

    /// The decimal section number of a line (``outlineNumbers(_:)``), decoding it only when it
    /// starts with a digit and is short enough to be a heading.
    private static func outlineNumbers(_ bytes: UnsafeBufferPointer<UInt8>, _ line: LineSpan) -> [Int]? {
        guard line.end - line.start <= maximumHeadingLength * 4 + 64 else { return nil }
        let first = line.firstNonBlank
        guard first < line.end, (0x31...0x39).contains(bytes[first]) else { return nil }
        guard let scalars = trimmedCandidateScalars(lineString(bytes, line).unicodeScalars) else { return nil }
        return outlineNumbers(scalars)
    }

    private static func lineString(_ bytes: UnsafeBufferPointer<UInt8>, _ line: LineSpan) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[line.start..<line.end]), as: UTF8.self)
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
