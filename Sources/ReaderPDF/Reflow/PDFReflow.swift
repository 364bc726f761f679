import Foundation
import ReaderCore

/// The reflowed view of a PDF, computed page by page on demand and remembered.
///
/// The blocks of page P depend on pages P-3…P+3 (running headers are recognised from the pages
/// two either side of a page, and whether a paragraph runs on from a page needs the next one) and
/// on the pages a paragraph runs over. Every answer depends only on those pages, never on which
/// pages were asked for before, so the same file always reflows the same way. What is remembered
/// per page is its lines, paragraphs and blocks (the text and line boxes), not poppler's glyph
/// boxes, and only for the pages near those last asked for (``PageWindowCache``).
final class PDFReflow: @unchecked Sendable {
    /// The most pages one paragraph may run over before it is cut (a bound on the work for one page).
    static let maximumParagraphPages = 16
    /// About how many pages each per-page memo keeps: more than a paragraph can span, with the
    /// pages around it, so reading on never makes the same page twice.
    static let cachedPages = 64

    /// What one page's text says, kept instead of its glyph boxes.
    struct PageFacts: Sendable {
        var lines: [PDFTextLine]
        var candidates: [PageFurniture.Candidate]
        var utf16Length: Int
        var imageCount: Int
        /// The page's words, as evidence for mending the hyphenation of this page and its neighbours.
        var words: PDFVocabulary
        /// Where its text is bold, italic or linked, for the blocks' runs.
        var styles: PDFPageStyles
        /// Why poppler could not load the page, when it could not: the page then shows a notice.
        var damage: String?

        /// The facts of one page's text.
        init(text: PDFPageText) {
            lines = text.lines()
            candidates = PageFurniture.candidates(lines: lines, pageHeight: text.height)
            words = PDFVocabulary(lines: lines)
            styles = PDFPageStyles(text: text)
            utf16Length = text.utf16Length
            imageCount = text.imageCount
        }
    }

    private let pageCount: Int
    private let readPage: (Int) throws(ReaderError) -> PDFPageText
    private let lock = NSRecursiveLock()
    private var facts = PageWindowCache<PageFacts>(capacity: cachedPages)
    private var paragraphs = PageWindowCache<PDFPageParagraphs>(capacity: cachedPages)
    private var runsOn = PageWindowCache<Bool>(capacity: cachedPages)
    private var sectionBlocks = PageWindowCache<[Block]>(capacity: cachedPages)
    private var vocabularies = PageWindowCache<PDFVocabulary>(capacity: cachedPages)
    private var readAhead: PDFPageReadAhead<PDFPageText>?
    /// Set by ``stopReadingAhead()``: no read-ahead starts again.
    private var readingAheadEnded = false
    /// The pages read so far that poppler could not load.
    private var damagedPages: Set<Int> = []
    /// The fonts without a trustworthy Unicode mapping met so far, each with the pages using them.
    private var unmappedFonts: [String: Set<Int>] = [:]

    /// The fonts of the pages read so far whose characters poppler cannot map to Unicode with
    /// confidence, by name, with those pages in order.
    var unmappedFontsRead: [(font: String, pages: [Int])] {
        lock.lock()
        defer { lock.unlock() }
        return unmappedFonts.keys.sorted().map { ($0, unmappedFonts[$0]!.sorted()) }
    }

    /// The pages read so far that poppler could not load, in order.
    var damagedPagesRead: [Int] {
        lock.lock()
        defer { lock.unlock() }
        return damagedPages.sorted()
    }

    /// A reflow over `pageCount` pages read with `readPage` (1-based).
    init(pageCount: Int, readPage: @escaping (Int) throws(ReaderError) -> PDFPageText) {
        self.pageCount = pageCount
        self.readPage = readPage
    }

    deinit {
        readAhead?.stop()
    }

    /// Stops the read-ahead workers for good and waits until they have closed their documents.
    func stopReadingAhead() {
        lock.lock()
        defer { lock.unlock() }
        readingAheadEnded = true
        readAhead?.stop()
        readAhead = nil
    }

    /// Starts reading pages' text ahead on `workers` threads, each with the reader `makeReader`
    /// gives it (see ``PDFPageReadAhead``); does nothing when already started. The facts are made
    /// from the text on the caller's thread, which has less to do than a thread running poppler.
    func startReadingAhead(workers: Int,
                           makeReader: @escaping @Sendable () throws(ReaderError) -> (Int) throws(ReaderError) -> PDFPageText) {
        lock.lock()
        defer { lock.unlock() }
        guard readAhead == nil, !readingAheadEnded, workers > 0 else { return }
        let readAhead = PDFPageReadAhead<PDFPageText>(pageCount: pageCount)
        readAhead.start(workers: workers, makeReader: makeReader)
        self.readAhead = readAhead
    }

    /// The lines, furniture candidates and length of page `page`.
    func facts(ofPage page: Int) throws(ReaderError) -> PageFacts {
        lock.lock()
        defer { lock.unlock() }
        if let known = facts[page] { return known }
        var damage: String?
        var text: PDFPageText?
        // A page a worker failed on is read again here before it counts as damaged.
        if let read = readAhead?.take(page) { text = try? read.get() }
        if text == nil {
            do {
                text = try readPage(page)
            } catch where error.kind == .malformed {
                // One page that does not load leaves a notice; the others read.
                damage = error.reason
                damagedPages.insert(page)
            }
        }
        let pageText = text ?? PDFPageText(pageNumber: page, width: 0, height: 0, scalars: [], boxes: [], fontRuns: [],
                                           imageCount: 0, mayHaveLinks: false)
        for font in pageText.unmappedFonts { unmappedFonts[font, default: []].insert(page) }
        var result = PageFacts(text: pageText)
        result.damage = damage
        facts[page] = result
        return result
    }

    /// The paragraphs of page `page`, running headers, footers and page numbers left out.
    func paragraphs(ofPage page: Int) throws(ReaderError) -> PDFPageParagraphs {
        lock.lock()
        defer { lock.unlock() }
        if let known = paragraphs[page] { return known }
        let own = try facts(ofPage: page)
        var neighbours: [[PageFurniture.Candidate]] = []
        for other in max(1, page - PageFurniture.window)...min(pageCount, page + PageFurniture.window) where other != page {
            neighbours.append(try facts(ofPage: other).candidates)
        }
        let furniture = PageFurniture.furnitureLines(of: own.candidates, neighbours: neighbours)
        let body = own.lines.indices.filter { !furniture.contains($0) }.map { own.lines[$0] }
        let result = ParagraphBuilder(lines: body).build()
        paragraphs[page] = result
        return result
    }

    /// Whether the last paragraph of `page` goes on at the top of the next page.
    func runsOnToNextPage(_ page: Int) throws(ReaderError) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        if let known = runsOn[page] { return known }
        var result = false
        if page >= 1, page < pageCount, try looksContinued(from: page) {
            result = try pagesInRun(endingAt: page) < Self.maximumParagraphPages
        }
        runsOn[page] = result
        return result
    }

    /// The blocks of the section for `page`: the paragraphs that start on it (one that runs on
    /// takes its continuation from the pages after), or a note for a page that is only an image.
    func blocks(ofPage page: Int) throws(ReaderError) -> [Block] {
        lock.lock()
        defer { lock.unlock() }
        if let known = sectionBlocks[page] { return known }
        var owned = try paragraphs(ofPage: page).paragraphs
        if page > 1, try runsOnToNextPage(page - 1), !owned.isEmpty { owned.removeFirst() }
        var blocks: [Block] = []
        if owned.isEmpty {
            let pageFacts = try facts(ofPage: page)
            if pageFacts.damage != nil {
                var notice = Block.damagedNotice("page \(page)")
                notice.sourceMap = SourceMap(runs: [.init(textStart: 0, sourceStart: PDFSourceOffset(page: page, offset: 0).packed,
                                                          length: 0)])
                blocks = [notice]
            } else if pageFacts.lines.isEmpty, pageFacts.imageCount > 0 {
                let source = PDFSourceOffset(page: page, offset: 0).packed
                // The picture is the page itself, rendered (the document's resource `page/N.png`).
                blocks = [Block(kind: .image(source: "page/\(page).png"), text: "page \(page): an image, no text",
                                sourceMap: SourceMap(runs: [.init(textStart: 0, sourceStart: source, length: 0)]))]
            }
        }
        for (index, paragraph) in owned.enumerated() {
            var placed = paragraph.lines.map { PlacedLine(page: page, line: $0) }
            if index == owned.count - 1 { placed += try continuation(after: page) }
            blocks.append(block(of: placed, headingLevel: paragraph.headingLevel))
        }
        sectionBlocks[page] = blocks
        return blocks
    }

    /// Page `page`'s own paragraphs as blocks, cut at its edges: a paragraph that began on an
    /// earlier page or goes on to a later one keeps only its part on this page.
    func blocksCutAtEdges(ofPage page: Int) throws(ReaderError) -> [Block] {
        try paragraphs(ofPage: page).paragraphs.map { paragraph in
            block(of: paragraph.lines.map { PlacedLine(page: page, line: $0) }, headingLevel: paragraph.headingLevel)
        }
    }

    /// One paragraph's lines joined into a heading or paragraph block.
    private func block(of lines: [PlacedLine], headingLevel: Int?) -> Block {
        let joined = ReflowedParagraph.join(lines) { [self] number in vocabulary(around: number) }
        let runs = PDFInlineRuns.runs(text: joined.text, map: joined.map, isHeading: headingLevel != nil) { [self] page in
            try? facts(ofPage: page).styles
        }
        return Block(kind: headingLevel.map { .heading(level: $0) } ?? .paragraph, text: joined.text, sourceMap: joined.map,
                     runs: runs)
    }

    /// The section (0-based) whose blocks hold the start of `page`'s text: an earlier one when the
    /// page opens with the end of a paragraph that began before it.
    func sectionHoldingStart(ofPage page: Int) throws(ReaderError) -> Int {
        var owner = page
        while owner > 1, try runsOnToNextPage(owner - 1) {
            owner -= 1
            if try paragraphs(ofPage: owner).paragraphs.count > 1 { break }
        }
        return owner - 1
    }

    /// Where the part of `page` that an earlier section holds ends (page-relative UTF-16), or 0
    /// when none does.
    func inheritedPrefixEnd(ofPage page: Int) throws(ReaderError) -> Int {
        guard page > 1, try runsOnToNextPage(page - 1),
              let first = try paragraphs(ofPage: page).paragraphs.first, let last = first.lines.last else { return 0 }
        return last.pageOffset + last.length
    }

    /// The lines after `page` that continue its last paragraph.
    private func continuation(after page: Int) throws(ReaderError) -> [PlacedLine] {
        var placed: [PlacedLine] = []
        var current = page
        while try runsOnToNextPage(current) {
            current += 1
            let next = try paragraphs(ofPage: current).paragraphs
            guard let first = next.first else { break }
            placed += first.lines.map { PlacedLine(page: current, line: $0) }
            if next.count > 1 { break }
        }
        return placed
    }

    /// The geometric test: the last paragraph of `page` is body text whose last line was full
    /// (the next page's first word would not have fitted), and the next page starts with body
    /// text of the same size that is not indented (or, where its indent cannot be told, the
    /// last line ended by cutting a word).
    private func looksContinued(from page: Int) throws(ReaderError) -> Bool {
        guard let last = try paragraphs(ofPage: page).paragraphs.last,
              let first = try paragraphs(ofPage: page + 1).paragraphs.first,
              last.headingLevel == nil, first.headingLevel == nil,
              ParagraphBuilder.sameSize(last.fontSize, first.fontSize),
              let firstLine = first.lines.first, let lastLine = last.lines.last else { return false }
        switch first.startsIndented {
        case true?: return false
        case nil: guard lastLine.text.unicodeScalars.last.map(PDFHyphenation.isLineEndHyphen) == true else { return false }
        case false?: break
        }
        return !ColumnGuides.wouldFit(wordWidth: firstLine.firstWordWidth, in: last.lastLineRoom, fontSize: last.fontSize)
    }

    /// How many pages the paragraph running onto the page after `page` already covers.
    private func pagesInRun(endingAt page: Int) throws(ReaderError) -> Int {
        var count = 1
        var current = page
        while current > 1, count < Self.maximumParagraphPages,
              try paragraphs(ofPage: current).paragraphs.count == 1, try looksContinued(from: current - 1) {
            count += 1
            current -= 1
        }
        return count
    }

    /// The words of `page` and the pages either side, as hyphenation evidence (joined the first
    /// time a line of the page ends in a hyphen).
    private func vocabulary(around page: Int) -> PDFVocabulary {
        lock.lock()
        defer { lock.unlock() }
        if let known = vocabularies[page] { return known }
        var words = PDFVocabulary()
        for number in max(1, page - 1)...min(pageCount, page + 1) {
            if let known = try? facts(ofPage: number) { words = words.union(known.words) }
        }
        vocabularies[page] = words
        return words
    }
}
