import Foundation

/// Lays a document out in pages for one viewport, lazily: page N needs only the text up to page N.
///
/// Page breaking: a page holds at most `viewport.rows` lines; blank lines between blocks are
/// dropped at the top of a page; a heading moves to the next page when the line after it would not
/// fit on the same page. The result depends only on the document and the viewport.
public final class Paginator: @unchecked Sendable {
    // @unchecked: `pageIndex` is read and written only while `indexLock` is held, `growthCursor`
    // only while `growthLock` is, `splitBlockRanges` and `pageCursor` only while `memoLock` is;
    // the rest is immutable. `growthLock` may be taken before `indexLock`, never after it.
    //
    // Many threads may use one paginator at once: a page whose start is known is laid out on the
    // caller's thread with a cursor of its own, holding no lock, so threads asking for different
    // pages run in parallel. Only growing the index (finding the starts of pages not reached yet)
    // is done by one thread at a time, as each start follows from the one before.

    /// The document being paginated.
    public let document: any Document
    /// The viewport pages are laid out for.
    public let viewport: Viewport

    /// Whether each section starts a new page, read once from the document's `readingOrder`.
    private let sectionStartsNewPage: [Bool]
    private let indexLock = NSLock()
    private var pageIndex: PageIndex
    private let initialPageCount: Int
    private let initiallyComplete: Bool
    private let growthLock = NSLock()
    private var growthCursor: BlockCursor
    private let memoLock = NSLock()
    /// The estimated page count, once computed (it depends on the document and viewport alone).
    private var sampledEstimate: Int?
    /// The line ranges of the block the last page was split in: the next page starts inside it.
    private var splitBlockRanges: (section: Int, block: Int, ranges: [Range<Int>])?
    /// The cursor the last page asked for was laid out with, holding its section's blocks: the
    /// next page in that section is laid out without asking the document again, whose cache of
    /// recent sections a walk on another thread (a page count, the contents) may have emptied.
    private var pageCursor: BlockCursor?

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
        growthCursor = BlockCursor(document: document)
        sectionStartsNewPage = document.readingOrder.map(\.startsNewPage)
        initialPageCount = pageIndex.starts.count
        initiallyComplete = pageIndex.isComplete
    }

    /// Whether the index holds more than it did when the paginator was made.
    public var hasLearnt: Bool {
        indexLock.withLock { pageIndex.starts.count != initialPageCount || pageIndex.isComplete != initiallyComplete }
    }

    /// The page starts computed so far, for caching.
    public var index: PageIndex {
        indexLock.withLock { pageIndex }
    }

    /// Whether the index reaches the last page, so the page count is known without laying out.
    public var isComplete: Bool {
        indexLock.withLock { pageIndex.isComplete }
    }

    /// Takes the page starts another paginator of the same document and viewport has found when
    /// they reach further than this one's (laying out is deterministic, so where both reach they
    /// agree), and the blocks of the section its last page came from: a session replaced by one
    /// with a page-index cache keeps what it had laid out.
    public func learn(from other: Paginator) {
        guard other !== self, other.document === document, other.viewport == viewport else { return }
        let theirs = other.index
        indexLock.withLock {
            guard !pageIndex.isComplete, theirs.isComplete || theirs.starts.count > pageIndex.starts.count else { return }
            pageIndex = theirs
        }
        let cursor = other.memoLock.withLock { other.pageCursor }
        memoLock.withLock { if pageCursor == nil { pageCursor = cursor } }
    }

    /// The total number of pages; lays out the whole document the first time.
    public func pageCount() throws(ReaderError) -> Int {
        growthLock.lock()
        defer { growthLock.unlock() }
        if !isComplete { document.willReadSequentially() }
        try extend(toPageCount: .max)
        return indexLock.withLock { pageIndex.starts.count }
    }

    /// The total number of pages when it is known, else an estimate that depends on the document
    /// and the viewport alone, not on how far the index reaches, so it is the same on every call
    /// until the exact count replaces it: a few sections of typical size are laid out whole (see
    /// ``PageCount/sampleSections(weights:)``) and the others get pages in proportion to their
    /// size (``Section/byteCount``, else their positions).
    public func estimatedPageCount() throws(ReaderError) -> PageCount {
        growthLock.lock()
        defer { growthLock.unlock() }
        let section = lastStart().section
        if section == sectionStartsNewPage.count - 1 {
            // The index has reached the last section: finishing it makes the count exact, cheaply.
            while !isComplete, lastStart().section == section {
                try extend(toPageCount: indexLock.withLock { pageIndex.starts.count } + 1)
            }
        }
        let (count, complete) = indexLock.withLock { (pageIndex.starts.count, pageIndex.isComplete) }
        if complete { return PageCount(value: count, isExact: true) }
        if sampledEstimate == nil { sampledEstimate = try sampleEstimate() }
        let estimate = sampledEstimate!
        return PageCount(value: max(count, estimate), isExact: false)
    }

    /// The estimate from the sampled sections, laid out at once on the available cores.
    private func sampleEstimate() throws(ReaderError) -> Int {
        let weights = try sectionWeights()
        let samples = PageCount.sampleSections(weights: weights)
        let counts = try ParallelWork.run(samples.count) { @Sendable (job: Int) throws(ReaderError) -> Int in
            try self.pageCount(ofSection: samples[job])
        }
        let sampled = Dictionary(uniqueKeysWithValues: zip(samples, counts))
        return PageCount.estimate(weights: weights, sampledPages: sampled, startsNewPage: sectionStartsNewPage)
    }

    /// How much text each section holds, in comparable units: its byte count where the format
    /// knows it, else its positions (1024-unit chunks of decoded content), else one.
    private func sectionWeights() throws(ReaderError) -> [Int] {
        let sections = document.readingOrder
        if sections.allSatisfy({ $0.byteCount != nil }) { return sections.map { max(1, $0.byteCount!) } }
        let resources = try document.positionedResources(counting: .content)
        if resources.count == sections.count { return resources.map { $0.positionCount * ResourcePositions.bytesPerPosition } }
        return sections.map { _ in 1 }
    }

    /// The pages laid out from the start of `section` to its end, the last one perhaps not full;
    /// the section is read as a sample (``SectionUse/sampling``) and the next one is not read.
    private func pageCount(ofSection section: Int) throws(ReaderError) -> Int {
        var cursor = BlockCursor(document: document, use: .sampling, through: section)
        var start = TextPosition(section: section, block: 0, offset: 0)
        var pages = 0
        var lines = PageStartsOnly()
        while start.section == section {
            let next = try layPage(from: start, into: &lines, cursor: &cursor)
            pages += 1
            guard let next, next > start else { break }
            start = next
        }
        return pages
    }

    /// Page `number` (1-based).
    /// - Throws: ``ReaderError`` of kind `invalidArgument` when the page does not exist.
    public func page(_ number: Int) throws(ReaderError) -> Page {
        guard number >= 1 else {
            throw ReaderError(.invalidArgument, file: document.path, format: document.format,
                              reason: "page \(number) does not exist (pages start at 1)")
        }
        var start = knownStart(ofPage: number)
        if start == nil {
            growthLock.lock()
            defer { growthLock.unlock() }
            try extend(toPageCount: number)
            start = knownStart(ofPage: number)
        }
        guard let start else {
            let count = indexLock.withLock { pageIndex.starts.count }
            throw ReaderError(.invalidArgument, file: document.path, format: document.format,
                              reason: "page \(number) is past the last page (\(count)) at \(viewport)")
        }
        var cursor = memoLock.withLock { () -> BlockCursor? in
            defer { pageCursor = nil }
            return pageCursor
        } ?? BlockCursor(document: document)
        var lines = PageLines()
        let next = try layPage(from: start, into: &lines, cursor: &cursor)
        memoLock.withLock { pageCursor = cursor }
        record(next: next, after: start)
        return Page(number: number, lines: lines.text, start: start, end: next, spans: lines.spans)
    }

    /// The lines of every page from the first, as UTF-8 each followed by a line feed, handed to
    /// `write` a page at a time (the bytes live only for the call): what ``pages()`` gives in
    /// ``Page/lines``, without a string per line, for streaming a whole text. Tells the document
    /// it is about to be read in order. Pages written before an error stay written.
    public func writeText(_ write: (UnsafeBufferPointer<UInt8>) -> Void) throws(ReaderError) {
        document.willReadSequentially()
        var start = knownStart(ofPage: 1) ?? .start
        var cursor = BlockCursor(document: document, readingAheadAt: viewport.columns)
        var lines = PageTextBytes()
        while true {
            let next = try layPage(from: start, into: &lines, cursor: &cursor)
            record(next: next, after: start)
            lines.bytes.withUnsafeBufferPointer(write)
            lines.bytes.removeAll(keepingCapacity: true)
            guard let next else { return }
            start = next
        }
    }

    /// The number of the page that holds `position`.
    public func pageNumber(containing position: TextPosition) throws(ReaderError) -> Int {
        if let number = indexLock.withLock({ pageIndex.pageNumber(containing: position) }) { return number }
        growthLock.lock()
        defer { growthLock.unlock() }
        while true {
            let (number, count) = indexLock.withLock { (pageIndex.pageNumber(containing: position), pageIndex.starts.count) }
            if let number { return number }
            try extend(toPageCount: count + 1)
        }
    }

    /// Every page in order, produced one at a time (for streaming the whole text); tells the
    /// document it is about to be read in order (``Document/willReadSequentially()``).
    public func pages() -> PageSequence {
        document.willReadSequentially()
        return PageSequence(paginator: self)
    }

    /// The start of page `number` when the index reaches it.
    private func knownStart(ofPage number: Int) -> TextPosition? {
        indexLock.withLock { number <= pageIndex.starts.count ? pageIndex.starts[number - 1] : nil }
    }

    /// The start of the last page known.
    private func lastStart() -> TextPosition {
        indexLock.withLock { pageIndex.starts[pageIndex.starts.count - 1] }
    }

    /// Adds the page after the one starting at `start` to the index, when that page is the last
    /// known (laying out is deterministic, so two threads that laid it out agree on the next start).
    private func record(next: TextPosition?, after start: TextPosition) {
        indexLock.withLock {
            guard !pageIndex.isComplete, pageIndex.starts[pageIndex.starts.count - 1] == start else { return }
            if let next { pageIndex.starts.append(next) } else { pageIndex.isComplete = true }
        }
    }

    /// Computes page starts until there are `count` of them or the document ends.
    /// Must be called with `growthLock` held.
    private func extend(toPageCount count: Int) throws(ReaderError) {
        while true {
            let start: TextPosition? = indexLock.withLock {
                pageIndex.isComplete || pageIndex.starts.count >= count ? nil : pageIndex.starts[pageIndex.starts.count - 1]
            }
            guard let start else { return }
            var lines = PageStartsOnly()
            let next = try layPage(from: start, into: &lines, cursor: &growthCursor)
            record(next: next, after: start)
        }
    }

    /// Lays out one page from `start`, its lines going to `lines` (when it takes them); returns
    /// where the next page starts.
    private func layPage<Lines: PageLineCollector>(from start: TextPosition, into lines: inout Lines,
                                                   cursor: inout BlockCursor) throws(ReaderError) -> TextPosition? {
        let rows = viewport.rows, columns = viewport.columns
        // Blocks are read in place from the cursor (`cursor.blocks[position.block]`), never copied.
        guard var position = try cursor.firstBlock(atOrAfter: start.section, block: start.block) else {
            return nil
        }
        var startOffset = (position.section, position.block) == (start.section, start.block) ? start.offset : 0
        var used = 0
        var firstOnPage = true

        while true {
            // Lines are cut only for pages that are shown; counting needs line ranges at most.
            let laidOut = lines.takesLines ? lines.layOut(at: position, in: cursor, columns: columns) : nil
            let ranges: [Range<Int>]? = laidOut == nil && startOffset > 0
                ? lineRanges(of: cursor.blocks[position.block], at: position) : nil
            let total = laidOut?.count ?? ranges?.count
                ?? BlockLayout.lineCount(of: cursor.blocks[position.block], columns: columns)
            let firstLine: Int
            if startOffset == 0 {
                firstLine = 0
            } else if let laidOut {
                firstLine = laidOut.firstLine(startingAtOrAfter: startOffset) ?? total
            } else {
                firstLine = ranges!.firstIndex { $0.lowerBound >= startOffset } ?? total
            }
            let remaining = total - firstLine
            let isHeading = cursor.blocks[position.block].isHeading
            let spacing = firstOnPage || firstLine > 0 ? 0 : cursor.blocks[position.block].spacingBefore
            let room = rows - used

            if spacing + remaining <= room {
                // The cursor may move to the next section: the block at `position` is not read after this.
                let next = try cursor.nextBlock(after: position)
                if isHeading, !firstOnPage, let next {
                    let following = cursor.blocks[next.block].spacingBefore
                    if used + spacing + remaining + following + 1 > rows, remaining + following + 1 <= rows {
                        // Keep the heading with what follows it.
                        return TextPosition(section: position.section, block: position.block, offset: 0)
                    }
                }
                lines.appendBlank(spacing)
                if let laidOut { lines.append(laidOut, lines: firstLine..<total, of: position) }
                used += spacing + remaining
                firstOnPage = false
                guard let next else { return nil }
                if used >= rows || startsNewPage(next.section, after: position.section) {
                    return next
                }
                (position, startOffset) = (next, 0)
                continue
            }

            // A heading, and text with no source position of its own (an image's alternative
            // text), is not split: a page starting inside it could not be pointed at by a Locator.
            let keepsWhole = isHeading || !cursor.blocks[position.block].sourceMap.runSlice.contains { $0.length > 0 }
            if !firstOnPage, spacing >= room || (keepsWhole && remaining + (isHeading ? 1 : 0) <= rows) {
                return TextPosition(section: position.section, block: position.block, offset: 0)
            }
            let fitting = room - spacing
            lines.appendBlank(spacing)
            if let laidOut { lines.append(laidOut, lines: firstLine..<(firstLine + fitting), of: position) }
            let breakOffset = laidOut?.textRange(ofLine: firstLine + fitting).lowerBound
                ?? (ranges ?? lineRanges(of: cursor.blocks[position.block], at: position))[firstLine + fitting].lowerBound
            return TextPosition(section: position.section, block: position.block, offset: breakOffset)
        }
    }
}

extension Paginator {
    /// Whether moving from section `previous` into `section` must start a new page.
    private func startsNewPage(_ section: Int, after previous: Int) -> Bool {
        section != previous && sectionStartsNewPage[section]
    }

    /// The line ranges of a block, remembered for the block a page break falls in (computed
    /// outside the lock, so threads laying out different pages do not wait for each other).
    private func lineRanges(of block: Block, at position: TextPosition) -> [Range<Int>] {
        let remembered: [Range<Int>]? = memoLock.withLock {
            guard let memo = splitBlockRanges, memo.section == position.section, memo.block == position.block else { return nil }
            return memo.ranges
        }
        if let remembered { return remembered }
        let ranges = BlockLayout.lineRanges(of: block, columns: viewport.columns)
        memoLock.withLock { splitBlockRanges = (position.section, position.block, ranges) }
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
