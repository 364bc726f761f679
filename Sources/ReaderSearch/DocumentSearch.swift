import ReaderCore

/// A search through one document, run section by section as results are asked for.
///
/// The searchable stream is the text of every block in reading order, one virtual line break after
/// each block. Before matching it is folded (``SearchQuery/folding``): case and, optionally,
/// diacritics are folded and every whitespace run becomes one space, so a space in a query matches
/// line breaks, block boundaries and section boundaries alike. A match may run from one section into
/// the next when the next one does not start a new page (the chunks of a text file, the pages of a
/// PDF, the continuation parts of a MOBI 6 text); an EPUB spine item, which starts a new page, is
/// never joined to the one before. Matches do not overlap: after a match the scan goes on from its
/// end, and a match is never reported inside a character (half of a folded `ß`, a base letter
/// without the combining mark that follows it).
///
/// Only the sections being scanned (and the neighbours a match's context runs into) are held in
/// memory; sections are loaded in order, one at a time, so the first match is known long before a
/// large book has been read (``next()`` also reads the table of contents at the first hit, which a
/// TXT backend makes by reading the whole text once). A regular expression is matched within one section, plus the last
/// ``regexCarry`` characters of the section before when the text runs on; its empty matches are
/// skipped.
///
/// In a document whose text can be read in place as UTF-8 (``UTF8TextProviding``), a literal query
/// that folds to ASCII is looked for in the bytes themselves (``searchesInPlace``): ``count()``
/// decodes nothing at all, sections without a match are passed over undecoded, and a match is
/// placed in its section's blocks by its bytes without folding them (its context taken from the
/// bytes where they tell it); ``nextSummary()`` builds no block at all. The matches are the same
/// either way.
public final class DocumentSearch {
    /// The document searched.
    public let document: any Document
    /// The query.
    public let query: SearchQuery
    /// The paginator page numbers come from, if one was given.
    public let paginator: Paginator?

    /// How many folded characters of a section a regular-expression match may start in and still run on
    /// into the next one.
    public static let regexCarry = 1024

    private enum Matcher {
        case literal(LiteralMatcher)
        case regex(RegexMatcher)
    }

    private let matcher: Matcher
    private let folder: ScalarFolder
    /// The scan of the document's bytes in place that counts without decoding and picks the
    /// sections to decode, when the document and the query allow one.
    private let inPlace: InPlaceSearch?
    private let texts: SectionTexts
    private let sectionsToScan: [Int]
    private var nextToScan = 0
    private var lastScanned: Int?
    /// The tail of the last scanned text that a match may still start in, with two units before it.
    private var carry: (text: FoldedText, searchFrom: Int)?
    /// The buffers every section is folded into.
    private let window = FoldedText(capacity: 1 << 16)
    /// A match found and not given yet: in the folded stream, or placed from the bytes in place
    /// with its context when the bytes tell it.
    private enum Found {
        case stream(start: StreamOffset, end: StreamOffset)
        case placed(SearchMatch, context: Locator.TextContext?, title: String?)
    }

    private var pending: [Found] = []
    private var nextPending = 0
    private var reported = 0
    /// The titles of the hits placed in place.
    private var titles: InPlaceTitles?
    /// The summaries of the hits in place (``nextSummary()``), while the bytes can be searched in place.
    private var summaries: InPlaceSummaries?
    /// The summaries ``nextSummaries()`` gave last, and how many of them ``nextSummary()`` has given.
    private var pendingSummaries = SearchHitSummaries()
    private var nextPendingSummary = 0

    /// Called after each section is scanned with the number of sections scanned and the number
    /// to scan; returning false ends the search there (as if no more hits were found). Lets a
    /// caller searching on another thread show progress and stop a search nobody waits for.
    public var progress: ((_ scanned: Int, _ total: Int) -> Bool)?
    private var stopped = false

    /// Prepares a search; nothing is read until the first result is asked for.
    /// - Parameters:
    ///   - paginator: gives each hit its page number (at the paginator's viewport) when set.
    ///   - sections: the only sections that can hold a match (from a full-text index); they are
    ///     scanned in reading order, and consecutive ones are joined as in a full scan. Nil scans
    ///     every section.
    /// - Throws: ``ReaderError`` of kind `invalidArgument` for an empty query, an invalid regular
    ///   expression or a limit below 1.
    public init(document: any Document, query: SearchQuery, paginator: Paginator? = nil,
                sections: [Int]? = nil) throws(ReaderError) {
        self.document = document
        self.query = query
        self.paginator = paginator
        folder = ScalarFolder(query.folding)
        texts = SectionTexts(document: document)
        let all = document.readingOrder.indices
        sectionsToScan = sections.map { Set($0).filter(all.contains).sorted() } ?? Array(all)
        if let limit = query.limit, limit < 1 {
            throw ReaderError(.invalidArgument, file: document.path, format: document.format,
                              reason: "the result limit must be 1 or more, not \(limit)")
        }
        do {
            matcher = try Self.matcher(for: query, folder: folder)
        } catch {
            throw error.locating(file: document.path, format: document.format)
        }
        if case .literal(let literal) = matcher {
            inPlace = InPlaceSearch(document: document, pattern: literal.pattern, folder: folder,
                                    wholeWords: query.matchesWholeWords)
        } else {
            inPlace = nil
        }
    }

    /// Whether the document's bytes are searched in place (a UTF-8 text file and a query that folds
    /// to ASCII): sections without a match are then never decoded, and ``count()`` decodes none,
    /// so a full-text index has nothing to save.
    public var searchesInPlace: Bool { inPlace != nil }

    private static func matcher(for query: SearchQuery, folder: ScalarFolder) throws(ReaderError) -> Matcher {
        if query.isRegularExpression {
            guard !query.text.isEmpty else { throw ReaderError(.invalidArgument, reason: "the pattern is empty") }
            return .regex(try RegexMatcher(pattern: regexPattern(query), caseSensitive: query.isCaseSensitive))
        }
        let pattern = FoldedText.folding(query.text, with: folder).unitArray
        guard !pattern.isEmpty else { throw ReaderError(.invalidArgument, reason: "the query is empty (or only whitespace)") }
        return .literal(LiteralMatcher(pattern: pattern))
    }

    /// The next match in reading order, without a Locator or context (cheaper than ``next()``),
    /// or nil after the last one or once the limit is reached.
    public func nextMatch() throws(ReaderError) -> SearchMatch? {
        switch try nextFound() {
        case nil: return nil
        case .stream(let start, let end): return SearchMatch(start: try texts.position(of: start), end: try texts.position(of: end))
        case .placed(let match, _, _): return match
        }
    }

    /// The next hit in reading order, or nil after the last one or once the limit is reached.
    public func next() throws(ReaderError) -> SearchHit? {
        let match: SearchMatch, context: Locator.TextContext
        var title: String??
        switch try nextFound() {
        case nil: return nil
        case .stream(let start, let end):
            match = SearchMatch(start: try texts.position(of: start), end: try texts.position(of: end))
            context = try HitContext.make(start: start, end: end, texts: texts)
        case .placed(let placed, let known, let placedTitle):
            match = placed
            title = .some(placedTitle)
            if let known {
                context = known
            } else {
                context = try HitContext.make(start: try texts.streamOffset(of: placed.start),
                                              end: try texts.streamOffset(of: placed.end), texts: texts)
            }
        }
        var locator = try document.locator(at: match.start)
        locator.text = context
        // A hit placed in place takes its title from the headings in the bytes, which do not
        // depend on the sections decoded before (the document's own may not know them yet).
        if let title { locator.title = title }
        // The Locator's title is the entry it falls under, as every backend computes it; reading
        // the table of contents here would hold back a text file's first hit, whose table is
        // built by reading the whole text.
        let page = try paginator?.pageNumber(containing: match.start)
        return SearchHit(match: match, locator: locator, tocTitle: locator.title, pageNumber: page)
    }

    /// The next hit as a list of results shows it (its title and context), in reading order, or
    /// nil after the last one or once the limit is reached. A search in place (``searchesInPlace``)
    /// makes it from the bytes without building blocks: a text file's hits come many times sooner
    /// than from ``next()``. Ask for hits one way only: a search that has given one hit by
    /// ``next()`` or ``nextMatch()`` gives its summaries from its hits.
    public func nextSummary() throws(ReaderError) -> SearchHitSummary? {
        while nextPendingSummary == pendingSummaries.hits.count {
            guard let next = try nextSummaries() else { return nil }
            pendingSummaries = next
            nextPendingSummary = 0
        }
        nextPendingSummary += 1
        return pendingSummaries.summary(at: nextPendingSummary - 1)
    }

    /// The next hits as ``nextSummary()`` gives them, one section's at a time in a search in place
    /// (their contexts' text in one buffer, no string made for them), one at a time otherwise; nil
    /// after the last one or once the limit is reached. Use this or ``nextSummary()``, not both.
    public func nextSummaries() throws(ReaderError) -> SearchHitSummaries? {
        if let limit = query.limit, reported >= limit { return nil }
        if summaries == nil, let inPlace, let source = document as? any UTF8TextProviding, reported == 0, nextToScan == 0,
           !stopped, sectionsToScan.count == document.readingOrder.count {
            summaries = InPlaceSummaries(search: inPlace, source: source, document: document, texts: texts)
        }
        guard let summaries else { return try nextSummaryFromHits() }
        while !stopped, nextToScan < sectionsToScan.count {
            guard var found = try summaries.summaries(ofSection: sectionsToScan[nextToScan]) else {
                // The bytes from this section on are searched the general way. A match that ran
                // on into this section was given already; the general scan starts afresh here.
                self.summaries = nil
                return try nextSummaryFromHits()
            }
            nextToScan += 1
            if let progress, !progress(nextToScan, sectionsToScan.count) { stopped = true }
            guard !found.hits.isEmpty else { continue }
            if let limit = query.limit { found.keepFirst(limit - reported) }
            reported += found.hits.count
            return found
        }
        return nil
    }

    /// The next hit (``next()``) as summaries of one hit.
    private func nextSummaryFromHits() throws(ReaderError) -> SearchHitSummaries? {
        guard let hit = try next() else { return nil }
        var one = SearchHitSummaries()
        one.append(hit.summary)
        return one
    }

    /// Whether ``nextSummary()`` has its answer already (the rest of a section's hits), so asking
    /// costs no scan: a caller streaming hits out can wait until this is false to flush them.
    public var hasSummaryReady: Bool {
        nextPendingSummary < pendingSummaries.hits.count
    }

    /// The number of remaining matches (up to the limit), as many as ``nextMatch()`` would give.
    /// Before any match is asked for, a search in place of every section counts without decoding
    /// the text (``progress`` is then called once, at the end).
    public func count() throws(ReaderError) -> Int {
        if let inPlace, reported == 0, nextToScan == 0, !stopped,
           sectionsToScan.count == document.readingOrder.count,
           let counted = try inPlace.count(limit: query.limit) {
            reported = counted
            nextToScan = sectionsToScan.count
            if let progress { _ = progress(sectionsToScan.count, sectionsToScan.count) }
            return counted
        }
        var counted = 0
        while try nextFound() != nil { counted += 1 }
        return counted
    }

    /// Every remaining hit (up to the limit).
    public func allHits() throws(ReaderError) -> [SearchHit] {
        var hits: [SearchHit] = []
        while let hit = try next() { hits.append(hit) }
        return hits
    }

    private func nextFound() throws(ReaderError) -> Found? {
        if let limit = query.limit, reported >= limit { return nil }
        while nextPending == pending.count {
            guard !stopped, nextToScan < sectionsToScan.count else { return nil }
            pending.removeAll(keepingCapacity: true)
            nextPending = 0
            let section = sectionsToScan[nextToScan]
            if let inPlace, let placed = try placedMatches(inSection: section, inPlace) {
                pending = placed
            } else {
                // Past the first section, a scan of every section reads the rest in order.
                if nextToScan == 1, inPlace == nil, sectionsToScan.count == document.readingOrder.count {
                    document.willReadSequentially()
                }
                try scan(section)
            }
            nextToScan += 1
            if let progress, !progress(nextToScan, sectionsToScan.count) { stopped = true }
        }
        reported += 1
        nextPending += 1
        return pending[nextPending - 1]
    }

    /// The matches that start in `section` found in the bytes in place and placed in its blocks
    /// without folding it, with their contexts where the bytes tell them; nil once the bytes
    /// cannot be searched in place (the section is then scanned the general way).
    private func placedMatches(inSection section: Int, _ inPlace: InPlaceSearch) throws(ReaderError) -> [Found]? {
        guard let source = document as? any UTF8TextProviding else { return nil }
        let readingOrder = document.readingOrder
        let runsOn = { (index: Int) in index < readingOrder.count && !readingOrder[index].startsNewPage }
        let found = try inPlace.withMatches(inSection: section) { text, matches throws(ReaderError) in
            (matches.map { (match: $0, lastCharacter: InPlacePlacing.lastCharacter(before: $0.upperBound, in: text.bytes)) },
             matches.map { HitContext.inPlace($0, section: section, in: text, runsOn: runsOn) }, text.sectionRanges)
        }
        guard let (matches, contexts, ranges) = found else { return nil }
        guard !matches.isEmpty else { return [] }
        let placed = try InPlacePlacing.place(matches, section: section, ranges: ranges, source: source)
        if titles == nil { titles = InPlaceTitles(source: source, text: inPlace.held.text, sectionCount: readingOrder.count) }
        let hitTitles = try titles!.titles(ofHitsAt: matches.map(\.match.lowerBound), inSection: section)
        return zip(zip(placed, contexts), hitTitles).map { Found.placed($0.0, context: $0.1, title: $1) }
    }

    /// Folds one section (after the carried tail of the one before when the text runs on) and
    /// queues its matches.
    private func scan(_ section: Int) throws(ReaderError) {
        let text = try texts.text(of: section)
        let continuing = lastScanned == section - 1 && texts.continuesPrevious(section) ? carry : nil
        var builder = FoldedTextBuilder(folder: folder, into: window, continuing: continuing?.text)
        let carried = window.count
        if let continuing { builder.appendBreak(at: continuing.text.endOrigin) }
        builder.append(text)
        let folded = builder.finish()
        let searchFrom = continuing?.searchFrom ?? 0
        var lastEnd = searchFrom
        for range in matches(in: folded, from: searchFrom, carried: carried) {
            pending.append(.stream(start: StreamOffset(packed: folded.origin(at: range.lowerBound)),
                                   end: StreamOffset(packed: folded.origin(at: range.upperBound))))
            lastEnd = range.upperBound
        }
        lastScanned = section
        carry = Self.carry(of: folded, after: lastEnd, longest: carryLength)
    }

    /// The accepted, non-overlapping matches that start at or after `start` and end past `carried`.
    private func matches(in text: FoldedText, from start: Int, carried: Int) -> [Range<Int>] {
        var accepted: [Range<Int>] = []
        let wholeWords = query.matchesWholeWords
        switch matcher {
        case .literal(let literal):
            let length = literal.pattern.count
            let units = text.unitBuffer
            var position = start
            while let found = literal.firstMatch(in: units, from: position) {
                if MatchBoundaries.accepts(text, start: found, end: found + length, wholeWords: wholeWords) {
                    accepted.append(found..<(found + length))
                    position = found + length
                } else {
                    position = found + 1
                }
            }
        case .regex(let regex):
            var end = start
            for range in regex.matches(in: text.unitBuffer, from: start) where range.lowerBound >= end && range.upperBound > carried {
                if MatchBoundaries.accepts(text, start: range.lowerBound, end: range.upperBound, wholeWords: wholeWords) {
                    accepted.append(range)
                    end = range.upperBound
                }
            }
        }
        return accepted
    }

    /// How much of a section's end a match that runs on into the next one can start in.
    private var carryLength: Int {
        switch matcher {
        case .literal(let literal): literal.pattern.count - 1
        case .regex: Self.regexCarry
        }
    }

    private static func carry(of text: FoldedText, after lastEnd: Int, longest: Int) -> (text: FoldedText, searchFrom: Int) {
        let from = max(lastEnd, text.count - longest)
        let kept = max(0, from - 2)
        return (FoldedText(copying: text, from: kept), from - kept)
    }

    /// The pattern with diacritics removed when they are ignored (marks are never regex syntax).
    private static func regexPattern(_ query: SearchQuery) -> String {
        guard query.ignoresDiacritics else { return query.text }
        var scalars = String.UnicodeScalarView()
        for scalar in query.text.unicodeScalars {
            scalars.append(contentsOf: ScalarFolder.decomposed(scalar).filter { !ScalarFolder.isMark($0) })
        }
        return String(scalars)
    }
}
