import Foundation

/// Lays a document out in pages for one viewport, lazily: page N needs only the text up to page N.
///
/// Page breaking: a page holds at most `viewport.rows` lines; blank lines between blocks are
/// dropped at the top of a page; a heading moves to the next page when the line after it would not
/// fit on the same page. The result depends only on the document and the viewport.
public final class Paginator: @unchecked Sendable {
    /// The document being paginated.
    public let document: any Document
    /// The viewport pages are laid out for.
    public let viewport: Viewport

    private let lock = NSLock()
    private var pageIndex: PageIndex
    private let initialPageCount: Int
    private let initiallyComplete: Bool
    private var cursor: BlockCursor
    /// The line ranges of the block the last page was split in: the next page starts inside it.
    private var splitBlockRanges: (section: Int, block: Int, ranges: [Range<Int>])?

    /// Creates a paginator, reusing `cachedIndex` when it was made for the same viewport and layout.
    public init(document: any Document, viewport: Viewport, cachedIndex: PageIndex? = nil) {
        self.document = document
        self.viewport = viewport
        if let cachedIndex, cachedIndex.viewport == viewport, cachedIndex.layoutVersion == PageIndex.layoutVersion,
           !cachedIndex.starts.isEmpty {
            pageIndex = cachedIndex
        } else {
            pageIndex = PageIndex(viewport: viewport)
        }
        cursor = BlockCursor(document: document)
        initialPageCount = pageIndex.starts.count
        initiallyComplete = pageIndex.isComplete
    }

    /// Whether the index holds more than it did when the paginator was made.
    public var hasLearnt: Bool {
        lock.withLock { pageIndex.starts.count != initialPageCount || pageIndex.isComplete != initiallyComplete }
    }

    /// The page starts computed so far, for caching.
    public var index: PageIndex {
        lock.withLock { pageIndex }
    }

    /// The total number of pages; lays out the whole document the first time.
    public func pageCount() throws(ReaderError) -> Int {
        lock.lock()
        defer { lock.unlock() }
        if !pageIndex.isComplete { document.willReadSequentially() }
        try extend(toPageCount: .max)
        return pageIndex.starts.count
    }

    /// The total number of pages when it is known, else an estimate that lays out no more than
    /// the rest of the section the last computed page is in: the pages of the sections laid out so
    /// far, scaled by the ``Section/byteCount`` of those not laid out yet.
    public func estimatedPageCount() throws(ReaderError) -> PageCount {
        lock.lock()
        defer { lock.unlock() }
        let section = pageIndex.starts[pageIndex.starts.count - 1].section
        while !pageIndex.isComplete, pageIndex.starts[pageIndex.starts.count - 1].section == section {
            try extend(toPageCount: pageIndex.starts.count + 1)
        }
        if pageIndex.isComplete { return PageCount(value: pageIndex.starts.count, isExact: true) }
        let firstUnmeasured = pageIndex.starts[pageIndex.starts.count - 1].section
        let estimate = PageCount.estimate(measuredPages: pageIndex.starts.count - 1,
                                          sections: document.readingOrder, firstUnmeasured: firstUnmeasured)
        return PageCount(value: max(pageIndex.starts.count, estimate), isExact: false)
    }

    /// Page `number` (1-based).
    /// - Throws: ``ReaderError`` of kind `invalidArgument` when the page does not exist.
    public func page(_ number: Int) throws(ReaderError) -> Page {
        lock.lock()
        defer { lock.unlock() }
        guard number >= 1 else {
            throw ReaderError(.invalidArgument, file: document.path, format: document.format,
                              reason: "page \(number) does not exist (pages start at 1)")
        }
        try extend(toPageCount: number)
        guard number <= pageIndex.starts.count else {
            throw ReaderError(.invalidArgument, file: document.path, format: document.format,
                              reason: "page \(number) is past the last page (\(pageIndex.starts.count)) at \(viewport)")
        }
        let start = pageIndex.starts[number - 1]
        let laid = try layPage(from: start, collectLines: true)
        if number == pageIndex.starts.count, !pageIndex.isComplete {
            if let next = laid.next { pageIndex.starts.append(next) } else { pageIndex.isComplete = true }
        }
        return Page(number: number, lines: laid.lines.text, start: start, end: laid.next, spans: laid.lines.spans)
    }

    /// The number of the page that holds `position`.
    public func pageNumber(containing position: TextPosition) throws(ReaderError) -> Int {
        lock.lock()
        defer { lock.unlock() }
        while true {
            if let number = pageIndex.pageNumber(containing: position) { return number }
            try extend(toPageCount: pageIndex.starts.count + 1)
        }
    }

    /// Every page in order, produced one at a time (for streaming the whole text); tells the
    /// document it is about to be read in order (``Document/willReadSequentially()``).
    public func pages() -> PageSequence {
        document.willReadSequentially()
        return PageSequence(paginator: self)
    }

    /// Computes page starts until there are `count` of them or the document ends.
    private func extend(toPageCount count: Int) throws(ReaderError) {
        while !pageIndex.isComplete, pageIndex.starts.count < count {
            let laid = try layPage(from: pageIndex.starts[pageIndex.starts.count - 1], collectLines: false)
            if let next = laid.next { pageIndex.starts.append(next) } else { pageIndex.isComplete = true }
        }
    }

    /// Lays out one page from `start`; returns its lines (when asked) and where the next page starts.
    private func layPage(from start: TextPosition, collectLines: Bool) throws(ReaderError) -> (lines: PageLines, next: TextPosition?) {
        let rows = viewport.rows, columns = viewport.columns
        var lines = PageLines()
        guard var (position, block) = try cursor.firstBlock(atOrAfter: start.section, block: start.block) else {
            return (lines, nil)
        }
        var startOffset = (position.section, position.block) == (start.section, start.block) ? start.offset : 0
        var used = 0
        var firstOnPage = true

        func appendBlank(_ count: Int) {
            if collectLines { lines.appendBlank(count) }
        }

        while true {
            // Strings are built only for pages that are shown; counting needs line ranges at most.
            let laidOut: [LayoutLine]? = collectLines ? BlockLayout.lines(of: block, columns: columns) : nil
            let ranges: [Range<Int>]? = laidOut.map { $0.map(\.textRange) }
                ?? (startOffset > 0 ? lineRanges(of: block, at: position) : nil)
            let total = ranges?.count ?? BlockLayout.lineCount(of: block, columns: columns)
            let firstLine = startOffset == 0 ? 0 : (ranges!.firstIndex { $0.lowerBound >= startOffset } ?? total)
            let remaining = total - firstLine
            let spacing = firstOnPage || firstLine > 0 ? 0 : block.spacingBefore
            let room = rows - used

            if spacing + remaining <= room {
                let next = try cursor.nextBlock(after: position)
                if block.isHeading, !firstOnPage, let (_, following) = next,
                   used + spacing + remaining + following.spacingBefore + 1 > rows,
                   remaining + following.spacingBefore + 1 <= rows {
                    // Keep the heading with what follows it.
                    return (lines, TextPosition(section: position.section, block: position.block, offset: 0))
                }
                appendBlank(spacing)
                if let laidOut { lines.append(laidOut[firstLine...], of: position) }
                used += spacing + remaining
                firstOnPage = false
                guard let (nextPosition, nextBlock) = next else { return (lines, nil) }
                if used >= rows || startsNewPage(nextPosition.section, after: position.section) {
                    return (lines, nextPosition)
                }
                (position, block, startOffset) = (nextPosition, nextBlock, 0)
                continue
            }

            // A heading, and text with no source position of its own (an image's alternative
            // text), is not split: a page starting inside it could not be pointed at by a Locator.
            let keepsWhole = block.isHeading || !block.sourceMap.runs.contains { $0.length > 0 }
            if !firstOnPage, spacing >= room || (keepsWhole && remaining + (block.isHeading ? 1 : 0) <= rows) {
                return (lines, TextPosition(section: position.section, block: position.block, offset: 0))
            }
            let fitting = room - spacing
            let breaks = ranges ?? lineRanges(of: block, at: position)
            appendBlank(spacing)
            if let laidOut { lines.append(laidOut[firstLine..<(firstLine + fitting)], of: position) }
            let breakOffset = breaks[firstLine + fitting].lowerBound
            return (lines, TextPosition(section: position.section, block: position.block, offset: breakOffset))
        }
    }
}

/// The lines of a page being laid out, with where each comes from.
private struct PageLines {
    var text: [String] = []
    var spans: [LineSpan?] = []

    mutating func appendBlank(_ count: Int) {
        guard count > 0 else { return }
        text.append(contentsOf: repeatElement("", count: count))
        spans.append(contentsOf: repeatElement(nil, count: count))
    }

    mutating func append(_ laid: ArraySlice<LayoutLine>, of position: TextPosition) {
        for line in laid {
            text.append(line.rendered)
            spans.append(LineSpan(section: position.section, block: position.block, textRange: line.textRange,
                                  prefix: line.prefix, text: line.text))
        }
    }
}

extension Paginator {
    /// Whether moving from section `previous` into `section` must start a new page.
    private func startsNewPage(_ section: Int, after previous: Int) -> Bool {
        section != previous && document.readingOrder[section].startsNewPage
    }

    /// The line ranges of a block, remembered for the block a page break falls in.
    private func lineRanges(of block: Block, at position: TextPosition) -> [Range<Int>] {
        if let memo = splitBlockRanges, memo.section == position.section, memo.block == position.block {
            return memo.ranges
        }
        let ranges = BlockLayout.lineRanges(of: block, columns: viewport.columns)
        splitBlockRanges = (position.section, position.block, ranges)
        return ranges
    }
}

/// The pages of a document in order, computed as they are iterated.
public struct PageSequence: Sequence, IteratorProtocol {
    let paginator: Paginator
    private var nextNumber = 1
    private var finished = false
    /// The error that ended the iteration early, if any.
    public private(set) var error: ReaderError?

    init(paginator: Paginator) {
        self.paginator = paginator
    }

    /// The next page, or nil after the last one (or after an error, kept in ``error``).
    public mutating func next() -> Page? {
        guard !finished else { return nil }
        do {
            let page = try paginator.page(nextNumber)
            nextNumber += 1
            if page.end == nil { finished = true }
            return page
        } catch {
            self.error = error
            finished = true
            return nil
        }
    }
}
