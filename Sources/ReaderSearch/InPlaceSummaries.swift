import ReaderCore

/// The hits of a search in place (``InPlaceSearch``) summarised section by section from the
/// document's bytes: titles from the headings the document finds in its bytes (``InPlaceTitles``),
/// contexts from the bytes around each match (``HitContext/inPlace(_:section:in:runsOn:appendingTo:)``)
/// written into one buffer a section (``SearchHitSummaries``), so no block is built. The rare match
/// whose context the bytes cannot tell is placed in its section's blocks and given the context the
/// blocks give.
///
/// Sections are scanned on two cores (``SectionsAhead``), each from its own start; a section whose
/// scan should have gone on from a match that ran into it is scanned again from that match's end,
/// so the matches are those of one scan from the start.
final class InPlaceSummaries {
    private let search: InPlaceSearch
    private let source: any UTF8TextProviding
    private let texts: SectionTexts
    private let titles: InPlaceTitles
    private let runsOn: @Sendable (Int) -> Bool
    /// The folder of the scans on the caller's thread: the search's own.
    private let folder: ScalarFolder
    private let ahead: SectionsAhead<Result<SectionFindings?, ReaderError>>
    /// Where the scan of the next section goes on from, as an offset in ``UTF8Text/bytes``.
    private var scanFrom = 0
    /// The pages of the sections summarised.
    private var passed = PagesBehind()

    init(search: InPlaceSearch, source: any UTF8TextProviding, document: any Document, texts: SectionTexts) {
        self.search = search
        self.source = source
        self.texts = texts
        let readingOrder = document.readingOrder
        titles = InPlaceTitles(source: source, text: search.held.text, sectionCount: readingOrder.count)
        let runsOn = { @Sendable (index: Int) in index < readingOrder.count && !readingOrder[index].startsNewPage }
        self.runsOn = runsOn
        // A folder remembers what it folded, so the worker's thread needs its own.
        let folder = search.folder, workerFolder = ScalarFolder(search.folder.folding)
        self.folder = folder
        ahead = SectionsAhead(from: 0, sectionCount: readingOrder.count) { [search, source] section, onWorker in
            Result { () throws(ReaderError) in
                try Self.findings(inSection: section, from: 0, search: search, folder: onWorker ? workerFolder : folder,
                                  source: source, runsOn: runsOn)
            }
        }
    }

    deinit {
        ahead.stop()
    }

    /// The summaries of the matches that start in `section`, their contexts' text in one buffer;
    /// sections are asked for in reading order, none passed over. Nil when the bytes cannot be
    /// searched in place up to the section's end.
    func summaries(ofSection section: Int) throws(ReaderError) -> SearchHitSummaries? {
        guard var findings = try findings(ofSection: section) else {
            ahead.stop()
            search.giveUp()
            return nil
        }
        scanFrom = findings.end
        if let range = findings.ranges.indices.contains(section) ? findings.ranges[section] : nil {
            passed.pass(range.lowerBound, in: search.held.text)
        }
        let starts = findings.hits.map { $0.match.lowerBound }
        let titles = try self.titles.titles(ofHitsAt: starts, inSection: section, headings: findings.headings)
        var summaries = SearchHitSummaries()
        summaries.hits.reserveCapacity(findings.hits.count)
        for (found, title) in zip(findings.hits, titles) {
            let pieces: HitContext.PieceRanges
            if let known = found.context {
                pieces = known
            } else {
                // The rare context the bytes cannot tell: from the blocks, after the others' text.
                let context = try contextFromBlocks(of: found, section: section, ranges: findings.ranges)
                pieces = HitContext.PieceRanges(context, appendingTo: &findings.text)
            }
            summaries.hits.append(SearchHitSummaries.Hit(section: section, tocTitle: title, before: pieces.before,
                                                         highlight: pieces.highlight, after: pieces.after))
        }
        summaries.text = findings.text
        return summaries
    }

    /// What the scan of `section` found, scanned again from where the scan of the section before
    /// ended when a match of that one ran into it; nil when the bytes cannot be searched in place.
    private func findings(ofSection section: Int) throws(ReaderError) -> SectionFindings? {
        let findings = try ahead.value(for: section).get()
        if let findings, findings.ranges.indices.contains(section), scanFrom > findings.ranges[section].lowerBound {
            return try Self.findings(inSection: section, from: scanFrom, search: search, folder: folder, source: source,
                                     runsOn: runsOn)
        }
        return findings
    }

    /// What one section's scan found, on whichever core.
    private struct SectionFindings {
        var hits: [Found]
        /// The text of the hits' contexts.
        var text: [UInt8]
        /// The section's headings, read when it has a hit.
        var headings: [UTF8Heading]
        /// Where the scan of the next section goes on from.
        var end: Int
        /// The sections' byte ranges.
        var ranges: [Range<Int>]
    }

    /// A match, with its context (in ``SectionFindings/text``) when the bytes tell it.
    private struct Found {
        var match: Range<Int>
        var context: HitContext.PieceRanges?
        /// Where the match's last character starts, and its length in UTF-16 units.
        var lastCharacter: (start: Int, units: Int)
    }

    /// The matches that start in `section`, scanning from byte `start` (or the section's start),
    /// with their contexts and the section's headings; nil when the bytes cannot be searched in
    /// place up to the section's end. Safe to run on several threads at once, each with its own
    /// `folder`.
    private static func findings(inSection section: Int, from start: Int, search: InPlaceSearch, folder: ScalarFolder,
                                 source: any UTF8TextProviding, runsOn: (Int) -> Bool) throws(ReaderError) -> SectionFindings? {
        let text = search.held.text
        guard let (matches, end) = search.matches(inSection: section, from: start, of: text, folder: folder) else { return nil }
        var contexts: [UInt8] = []
        let hits = matches.map { match in
            Found(match: match,
                  context: HitContext.inPlace(match, section: section, in: text, runsOn: runsOn, appendingTo: &contexts),
                  lastCharacter: InPlacePlacing.lastCharacter(before: match.upperBound, in: text.bytes))
        }
        let headings = hits.isEmpty ? [] : try source.headings(inSection: section, of: text)
        return SectionFindings(hits: hits, text: contexts, headings: headings, end: end, ranges: text.sectionRanges)
    }

    /// The context of `match` as the blocks give it, the match placed in them by its bytes.
    private func contextFromBlocks(of hit: Found, section: Int, ranges: [Range<Int>]) throws(ReaderError) -> Locator.TextContext {
        let match = try InPlacePlacing.place(hit.match, lastCharacter: hit.lastCharacter, section: section, ranges: ranges,
                                             source: source)
        return try HitContext.make(start: try texts.streamOffset(of: match.start), end: try texts.streamOffset(of: match.end),
                                   texts: texts)
    }
}
