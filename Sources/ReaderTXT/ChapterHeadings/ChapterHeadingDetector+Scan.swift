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
    struct LineSpan {
        /// The zero-based number of the line.
        var index: Int
        /// Where the line starts in the text, in bytes.
        var start: Int
        /// Where the line ends, before its terminator.
        var end: Int
        /// The offset of the first byte that is not a space, or `end` when the line is blank.
        var firstNonBlank: Int
        /// Whether the line holds nothing but spaces.
        var isBlank: Bool { firstNonBlank == end }
    }

    /// Finds the headings of a whole text of UTF-8 bytes: its lines found in bulk
    /// (``LineBreakWalk``) and judged by ``LineScan``, then outlines confirmed and tables of
    /// contents left out.
    private static func scanHeadings(in bytes: UnsafeBufferPointer<UInt8>) -> [Heading] {
        var scan = LineScan(bytes: bytes)
        LineBreakWalk.forEachLine(in: bytes, carriageReturns: UTF8Scanning.containsCarriageReturn(bytes)) { start, end in
            scan.take(start: start, end: end)
        }
        scan.finish()
        confirmOutline(&scan.candidates)
        return removingContents(scan.candidates)
    }

    /// The offset of the first byte in `start..<end` that does not belong to a space (ASCII blanks,
    /// U+00A0, U+3000, U+FEFF), or `end`.
    static func firstNonBlank(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Int {
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
    static func matchLine(_ bytes: UnsafeBufferPointer<UInt8>, _ line: LineSpan, standalone: Bool) -> Match? {
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
        // Count scalars on the bytes before decoding: most prose lines are too long.
        // The slack allows for trailing spaces, which the exact check below does not count.
        var scalarCount = 0
        for index in first..<line.end where bytes[index] & 0xC0 != 0x80 { scalarCount += 1 }
        guard scalarCount <= maximumHeadingLength + 8, let scalars = candidateScalars(bytes, line) else { return nil }
        return match(scalars, standalone: standalone)
    }

    /// The decimal section number of a line (``outlineNumbers(_:)``), decoding it only when it
    /// starts with a digit and is short enough to be a heading.
    static func outlineNumbers(_ bytes: UnsafeBufferPointer<UInt8>, _ line: LineSpan) -> [Int]? {
        guard line.end - line.start <= maximumHeadingLength * 4 + 64 else { return nil }
        let first = line.firstNonBlank
        guard first < line.end, (0x31...0x39).contains(bytes[first]) else { return nil }
        guard let scalars = candidateScalars(bytes, line) else { return nil }
        return outlineNumbers(scalars)
    }

    /// The text of a line, invalid UTF-8 repaired.
    static func lineString(_ bytes: UnsafeBufferPointer<UInt8>, _ line: LineSpan) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[line.start..<line.end]), as: UTF8.self)
    }

    /// The text of a line that follows a bare heading, when it reads like that heading's title.
    static func titleText(_ bytes: UnsafeBufferPointer<UInt8>, _ line: LineSpan) -> String? {
        guard line.end - line.start <= maximumHeadingLength * 4 else { return nil }
        let text = lineTitle(bytes, line)
        let scalars = Array(text.unicodeScalars)
        guard !scalars.isEmpty, scalars.count <= maximumHeadingLength, let last = scalars.last else { return nil }
        if ",;:，；：、。".unicodeScalars.contains(last) { return nil }
        if matchLine(bytes, line, standalone: false) != nil { return nil }
        return text
    }
}
