/// Receives the lines a ``LineBreaker`` finds.
protocol LineSink {
    /// One line: `start..<end` is its share of the text (tiling it), `start..<contentEnd` is shown.
    mutating func addLine(start: TextOffset, contentEnd: TextOffset, end: TextOffset)
}

/// A sink that only counts lines.
struct LineCounter: LineSink {
    /// Lines seen so far.
    var count = 0

    /// Counts one line.
    @inline(__always)
    mutating func addLine(start: TextOffset, contentEnd: TextOffset, end: TextOffset) {
        count += 1
    }
}

/// A sink that keeps every line's offsets.
struct LineRecorder: LineSink {
    /// One recorded line.
    struct Line {
        /// Where the line's share of the text starts.
        var start: TextOffset
        /// Where the shown content ends.
        var contentEnd: TextOffset
        /// Where the line's share of the text ends.
        var end: TextOffset
    }

    /// The lines so far, in order.
    var lines: [Line] = []

    /// A recorder with room for the lines of `utf8Count` bytes of text wrapped at `available`
    /// cells (one cell a byte, as in Latin text), so most blocks allocate their lines once.
    init(utf8Count: Int = 0, available: Int = 1) {
        lines.reserveCapacity(min(utf8Count / max(1, available) + 2, 1 << 12))
    }

    /// Records one line.
    mutating func addLine(start: TextOffset, contentEnd: TextOffset, end: TextOffset) {
        lines.append(Line(start: start, contentEnd: contentEnd, end: end))
    }
}

/// How a block's text is broken into lines.
enum WrapMode: Sendable {
    /// Word wrap with the break opportunities of ``BreakProperties``; spaces at a break are dropped.
    case flowing
    /// Keep every source line; wrap hard at the width between any two clusters; expand tabs.
    case preformatted

    /// The cells a preformatted tab takes at `column`: to the next multiple of four, cut at the
    /// end of a line of `available` cells.
    static func tabWidth(at column: Int, available: Int) -> Int {
        let toStop = 4 - column % 4
        return column < available ? min(toStop, available - column) : toStop
    }
}

/// Greedy line breaking over a stream of clusters, reporting lines to a ``LineSink``.
///
/// Feed it every cluster (it is a ``ClusterConsumer``), then call ``finish(at:)``. Both
/// ``BlockLayout/lines(of:columns:)`` and ``BlockLayout/lineCount(of:columns:)`` run this same
/// code, so they cannot disagree.
struct LineBreaker<Sink: LineSink>: ClusterConsumer {
    /// A place where the current line may end.
    private struct Candidate {
        /// Where the shown content would end (before the spaces that are dropped).
        var contentEnd: TextOffset
        /// Where the next line would start.
        var next: TextOffset
        /// The current line's width up to `next`, spaces included.
        var widthAtNext: Int
    }

    /// Where the lines go.
    private(set) var sink: Sink
    /// The wrapping rules.
    private let mode: WrapMode
    /// Cells available for content on every line (at least 1).
    private let available: Int

    /// Where the current line starts.
    private var lineStart = TextOffset.zero
    /// Cells taken on the current line, trailing spaces included.
    private var width = 0
    /// Lines reported so far.
    private var linesReported = 0
    /// Whether a tab was taken, which a line's shown text expands (see ``LineText``).
    private(set) var sawTab = false
    /// Whether the current line started a source line and holds nothing but spaces so far:
    /// those spaces are indentation, kept and measured, not a break opportunity.
    private var atLineHead = true
    /// Whether the clusters just before the current one are spaces that a break would drop.
    private var inSpaceRun = false
    /// Where that run of spaces starts.
    private var spaceRunStart = TextOffset.zero
    /// The cluster before the current one.
    private var previous = BreakProperties()
    /// The cluster before ``previous``.
    private var beforePrevious = BreakProperties()
    /// The last cluster that was not a space.
    private var lastNonSpace = BreakProperties()
    /// The last break opportunity on the current line.
    private var primary: Candidate?
    /// The last break after a solidus on the current line, used only when ``primary`` is missing.
    private var secondary: Candidate?

    /// Creates a breaker for lines of `available` cells (clamped to at least 1).
    init(sink: Sink, mode: WrapMode, available: Int) {
        self.sink = sink
        self.mode = mode
        self.available = max(1, available)
    }

    /// Takes the next cluster of the text.
    @inline(__always)
    mutating func consume(start: TextOffset, utf8Count: Int, utf16Count: Int, width clusterWidth: Int,
                          properties: BreakProperties) {
        if properties.contains(.forcedBreak) {
            let end = TextOffset(utf8: start.utf8 + utf8Count, utf16: start.utf16 + utf16Count)
            let contentEnd = mode == .flowing && inSpaceRun ? spaceRunStart : start
            report(contentEnd: contentEnd, next: end)
            startSourceLine()
            return
        }
        switch mode {
        case .flowing: flow(start: start, width: clusterWidth, properties: properties)
        case .preformatted: keep(start: start, width: clusterWidth, properties: properties)
        }
    }

    /// Takes a run of plain one-cell ASCII clusters. After the first, none of them can open a
    /// break opportunity, so while the run fits only the width changes.
    @inline(__always)
    mutating func consumePlainRun(start: TextOffset, _ run: UnsafeBufferPointer<UInt8>,
                                  table: UnsafeBufferPointer<ScalarInfo>) {
        consume(start: start, utf8Count: 1, utf16Count: 1, width: 1, properties: table[Int(run[0])].properties)
        consumeRunAfterFirst(start: start, run, table: table)
    }

    /// Takes the clusters of a plain run after its first one, which is taken already.
    @inline(__always)
    private mutating func consumeRunAfterFirst(start: TextOffset, _ run: UnsafeBufferPointer<UInt8>,
                                               table: UnsafeBufferPointer<ScalarInfo>) {
        let properties = { (offset: Int) in table[Int(run[offset])].properties }
        let rest = run.count - 1
        guard rest > 0 else { return }
        if width + rest <= available {
            width += rest
            beforePrevious = properties(rest - 1)
            previous = properties(rest)
            lastNonSpace = previous
            return
        }
        for offset in 1...rest {
            consume(start: TextOffset(utf8: start.utf8 + offset, utf16: start.utf16 + offset), utf8Count: 1,
                    utf16Count: 1, width: 1, properties: properties(offset))
        }
    }

    /// Takes an ASCII space, then a run of plain clusters. In flowing text off a line's head this
    /// is what ``consume(start:utf8Count:utf16Count:width:properties:)`` does for the space and
    /// ``flow(start:width:properties:)`` for the run's first cluster, with what is known after a
    /// space taken as known: a space run is open, and the only opportunity is before the word.
    @inline(__always)
    mutating func consumeSpaceAndPlainRun(start: TextOffset, _ run: UnsafeBufferPointer<UInt8>,
                                          table: UnsafeBufferPointer<ScalarInfo>) {
        let spaceInfo = table[0x20], space = spaceInfo.properties
        let wordStart = TextOffset(utf8: start.utf8 + 1, utf16: start.utf16 + 1)
        guard mode == .flowing, !atLineHead, space == .space else {
            consume(start: start, utf8Count: 1, utf16Count: 1, width: spaceInfo.width, properties: space)
            consumePlainRun(start: wordStart, run, table: table)
            return
        }
        if !inSpaceRun {
            inSpaceRun = true
            spaceRunStart = start
        }
        width += 1
        let first = table[Int(run[0])].properties
        if !first.contains(.noBreakBefore) && !lastNonSpace.contains(.noBreakAfter) {
            primary = Candidate(contentEnd: spaceRunStart, next: wordStart, widthAtNext: width)
        }
        inSpaceRun = false
        if width + 1 > available {
            makeRoom(for: 1, at: wordStart, contentEnd: spaceRunStart)
        }
        width += 1
        beforePrevious = space
        previous = first
        lastNonSpace = first
        consumeRunAfterFirst(start: wordStart, run, table: table)
    }

    /// The cells a stretch taken by ``consumeFittingStretch(start:_:table:)`` may take: what is
    /// left on the current line in flowing text off a line's head, else 0 (every cluster is then
    /// taken alone).
    var stretchRoom: Int {
        @inline(__always) get { mode == .flowing && !atLineHead ? available - width : 0 }
    }

    /// Takes a stretch of one-byte clusters, each plain (see ``ScalarInfo/isPlain``) or an ASCII
    /// space, no longer than ``stretchRoom``: it fits on the current line whole, so nothing in it
    /// ends a line. Its first cluster is taken as usual; after it only the state the last one
    /// leaves counts: the width, the clusters before, an open run of spaces, and the last break
    /// opportunity, found walking back from the end (the last word after spaces that may start a
    /// line).
    @inline(__always)
    mutating func consumeFittingStretch(start: TextOffset, _ stretch: UnsafeBufferPointer<UInt8>,
                                        table: UnsafeBufferPointer<ScalarInfo>) {
        let first = table[Int(stretch[0])]
        consume(start: start, utf8Count: 1, utf16Count: 1, width: first.width, properties: first.properties)
        let last = stretch.count - 1
        guard last > 0 else { return }
        // What the first cluster left: the context of spaces that reach back to it.
        let widthAfterFirst = width, lastNonSpaceAfterFirst = lastNonSpace, spaceRunStartAfterFirst = spaceRunStart
        let offset = { (index: Int) in TextOffset(utf8: start.utf8 + index, utf16: start.utf16 + index) }
        width += last
        beforePrevious = table[Int(stretch[last - 1])].properties
        previous = table[Int(stretch[last])].properties
        var index = last
        while index > 0 && stretch[index] == 0x20 { index -= 1 }
        if index < last {
            // Trailing spaces open a run where they start, unless it opened at the first byte.
            if stretch[index] != 0x20 {
                inSpaceRun = true
                spaceRunStart = offset(index + 1)
            }
        } else {
            inSpaceRun = false
        }
        guard stretch[index] != 0x20 else { return }
        lastNonSpace = table[Int(stretch[index])].properties
        // `index` is the last byte of a word; a word after spaces offers the opportunity before it.
        while index > 0 {
            var wordStart = index
            while wordStart > 0 && stretch[wordStart - 1] != 0x20 { wordStart -= 1 }
            guard wordStart > 0 else { return }
            var spaceStart = wordStart - 1
            while spaceStart > 0 && stretch[spaceStart - 1] == 0x20 { spaceStart -= 1 }
            let before = spaceStart > 0 ? table[Int(stretch[spaceStart - 1])].properties : lastNonSpaceAfterFirst
            if !table[Int(stretch[wordStart])].properties.contains(.noBreakBefore) && !before.contains(.noBreakAfter) {
                primary = Candidate(contentEnd: spaceStart > 0 ? offset(spaceStart) : spaceRunStartAfterFirst,
                                    next: offset(wordStart), widthAtNext: widthAfterFirst + wordStart - 1)
                return
            }
            guard spaceStart > 0 else { return }
            index = spaceStart - 1
        }
    }

    /// Takes a run of wide letters (three UTF-8 bytes, one UTF-16 unit, two cells, a letter with
    /// a break allowed around it). In flowing text every letter after the first is a break
    /// opportunity that ``flow(start:width:properties:)`` would take exactly when the letter does not
    /// fit, so only the width and the last opportunity need tracking.
    @inline(__always)
    mutating func consumeWideRun(start: TextOffset, count: Int) {
        let properties = ScalarInfo.wideLetter.properties
        consume(start: start, utf8Count: 3, utf16Count: 1, width: 2, properties: properties)
        guard count > 1 else { return }
        guard mode == .flowing else {
            for offset in 1..<count {
                consume(start: TextOffset(utf8: start.utf8 + 3 * offset, utf16: start.utf16 + offset), utf8Count: 3,
                        utf16Count: 1, width: 2, properties: properties)
            }
            return
        }
        var opportunity: Candidate?
        for offset in 1..<count {
            let position = TextOffset(utf8: start.utf8 + 3 * offset, utf16: start.utf16 + offset)
            if width + 2 > available {
                report(contentEnd: position, next: position)
                width = 0
                primary = nil
                secondary = nil
                opportunity = nil
            } else {
                opportunity = Candidate(contentEnd: position, next: position, widthAtNext: width)
            }
            width += 2
        }
        if let opportunity { primary = opportunity }
        beforePrevious = properties
        previous = properties
        lastNonSpace = properties
    }

    /// Reports the last line; `end` is the end of the text.
    mutating func finish(at end: TextOffset) {
        guard linesReported == 0 || lineStart.utf16 < end.utf16 else { return }
        let contentEnd = mode == .flowing && inSpaceRun ? spaceRunStart : end
        report(contentEnd: contentEnd, next: end)
    }

    // MARK: Flowing text

    /// Word-wraps one cluster of flowing text.
    @inline(__always)
    private mutating func flow(start: TextOffset, width clusterWidth: Int, properties: BreakProperties) {
        if properties.contains(.space) {
            if properties.contains(.tab) { sawTab = true }
            let spaceWidth = 1  // a tab in flowing text is one space
            if atLineHead {
                if width + spaceWidth > available && start.utf16 > lineStart.utf16 {
                    breakHard(at: start, contentEnd: start)
                }
            } else if !inSpaceRun {
                inSpaceRun = true
                spaceRunStart = start
            }
            width += spaceWidth
            beforePrevious = previous
            previous = properties
            return
        }
        if atLineHead {
            atLineHead = false
        } else {
            noteBreakOpportunity(before: start, properties: properties)
        }
        let contentEnd = inSpaceRun ? spaceRunStart : start
        inSpaceRun = false
        if width + clusterWidth > available {
            makeRoom(for: clusterWidth, at: start, contentEnd: contentEnd)
        }
        width += clusterWidth
        beforePrevious = previous
        previous = properties
        lastNonSpace = properties
    }

    /// Records whether the line may end just before a cluster at `start` with `properties`.
    @inline(__always)
    private mutating func noteBreakOpportunity(before start: TextOffset, properties: BreakProperties) {
        if inSpaceRun {
            if !properties.contains(.noBreakBefore) && !lastNonSpace.contains(.noBreakAfter) {
                primary = Candidate(contentEnd: spaceRunStart, next: start, widthAtNext: width)
            }
            return
        }
        // Letters after letters are by far the most common case: no opportunity, nothing to check.
        if previous.isDisjoint(with: .endsBreakableRun) && properties.isDisjoint(with: .breakAround) { return }
        if Self.allowsBreak(beforePrevious, previous, properties) {
            primary = Candidate(contentEnd: start, next: start, widthAtNext: width)
        } else if previous.contains(.slash) && !beforePrevious.isDisjoint(with: .letterOrDigit)
                    && !properties.isDisjoint(with: .letterOrDigit) {
            secondary = Candidate(contentEnd: start, next: start, widthAtNext: width)
        }
    }

    /// Whether a line may end between `previous` and `next` with no space between them.
    @inline(__always)
    private static func allowsBreak(_ beforePrevious: BreakProperties, _ previous: BreakProperties,
                                    _ next: BreakProperties) -> Bool {
        if previous.contains(.breakAfter) { return true }
        if next.contains(.noBreakBefore) || previous.contains(.noBreakAfter) { return false }
        if previous.contains(.breakAround) || next.contains(.breakAround) { return true }
        return previous.contains(.hyphen) && beforePrevious.contains(.letter) && next.contains(.letter)
    }

    /// Ends lines until a cluster `clusterWidth` wide fits after them: at the last break
    /// opportunity, else after the last solidus, else just before the cluster. A cluster wider
    /// than a whole line gets a line of its own.
    private mutating func makeRoom(for clusterWidth: Int, at start: TextOffset, contentEnd: TextOffset) {
        while width + clusterWidth > available {
            if let candidate = primary, candidate.next.utf16 > lineStart.utf16 {
                primary = nil
                breakSoft(at: candidate)
            } else if let candidate = secondary, candidate.next.utf16 > lineStart.utf16 {
                secondary = nil
                breakSoft(at: candidate)
            } else if start.utf16 > lineStart.utf16 {
                breakHard(at: start, contentEnd: contentEnd)
            } else {
                return
            }
        }
    }

    /// Ends the current line at a break opportunity.
    private mutating func breakSoft(at candidate: Candidate) {
        report(contentEnd: candidate.contentEnd, next: candidate.next)
        width -= candidate.widthAtNext
        primary = Self.shift(primary, pastBreakAt: candidate)
        secondary = Self.shift(secondary, pastBreakAt: candidate)
    }

    /// `other` moved onto the line that starts at `candidate`, or nil when it lies before it.
    private static func shift(_ other: Candidate?, pastBreakAt candidate: Candidate) -> Candidate? {
        guard let other, other.next.utf16 > candidate.next.utf16 else { return nil }
        return Candidate(contentEnd: other.contentEnd, next: other.next,
                         widthAtNext: other.widthAtNext - candidate.widthAtNext)
    }

    /// Ends the current line just before `start`, showing it up to `contentEnd`.
    private mutating func breakHard(at start: TextOffset, contentEnd: TextOffset) {
        report(contentEnd: contentEnd, next: start)
        width = 0
        primary = nil
        secondary = nil
    }

    // MARK: Preformatted text

    /// Places one cluster of preformatted text, wrapping hard when it does not fit.
    @inline(__always)
    private mutating func keep(start: TextOffset, width clusterWidth: Int, properties: BreakProperties) {
        let isTab = properties.contains(.tab)
        if isTab { sawTab = true }
        var cells = isTab ? WrapMode.tabWidth(at: width, available: available) : clusterWidth
        if width + cells > available && start.utf16 > lineStart.utf16 {
            breakHard(at: start, contentEnd: start)
            if isTab { cells = WrapMode.tabWidth(at: 0, available: available) }
        }
        width += cells
    }

    // MARK: Lines

    /// Reports the line from ``lineStart`` to `next` and starts the next line there.
    private mutating func report(contentEnd: TextOffset, next: TextOffset) {
        sink.addLine(start: lineStart, contentEnd: contentEnd, end: next)
        linesReported += 1
        lineStart = next
    }

    /// Resets the state after a forced break.
    private mutating func startSourceLine() {
        width = 0
        atLineHead = true
        inSpaceRun = false
        previous = BreakProperties()
        beforePrevious = BreakProperties()
        lastNonSpace = BreakProperties()
        primary = nil
        secondary = nil
    }
}
