import ReaderCore

/// The hits of a search in place (``InPlaceSearch``) summarised section by section from the
/// document's bytes: titles from the headings the document finds in its bytes (``InPlaceTitles``),
/// contexts from the bytes around each match (``HitContext/inPlace(_:section:in:runsOn:)``), so no
/// block is built. The rare match whose context the bytes cannot tell is placed in its section's
/// blocks and given the context the blocks give.
final class InPlaceSummaries {
    private let search: InPlaceSearch
    private let source: any UTF8TextProviding
    private let document: any Document
    private let texts: SectionTexts
    private let titles: InPlaceTitles

    init(search: InPlaceSearch, source: any UTF8TextProviding, document: any Document, texts: SectionTexts) {
        self.search = search
        self.source = source
        self.document = document
        self.texts = texts
        titles = InPlaceTitles(source: source, sectionCount: document.readingOrder.count)
    }

    /// The summaries of the matches that start in `section`, sections asked for in reading order,
    /// none passed over; nil when the bytes cannot be searched in place up to the section's end.
    func summaries(ofSection section: Int) throws(ReaderError) -> [SearchHitSummary]? {
        let readingOrder = document.readingOrder
        let runsOn = { (index: Int) in index < readingOrder.count && !readingOrder[index].startsNewPage }
        let found = try search.withMatches(inSection: section) { text, matches throws(ReaderError) in
            (matches.map { match in
                Found(match: match, context: HitContext.inPlace(match, section: section, in: text, runsOn: runsOn),
                      lastCharacter: InPlacePlacing.lastCharacter(before: match.upperBound, in: text.bytes))
            }, text.sectionRanges)
        }
        guard let (hits, ranges) = found else { return nil }
        let titles = try self.titles.titles(ofHitsAt: hits.map(\.match.lowerBound), inSection: section)
        var summaries: [SearchHitSummary] = []
        summaries.reserveCapacity(hits.count)
        for (hit, title) in zip(hits, titles) {
            let context: Locator.TextContext
            if let known = hit.context {
                context = known
            } else {
                context = try contextFromBlocks(of: hit, section: section, ranges: ranges)
            }
            summaries.append(SearchHitSummary(section: section, tocTitle: title, context: context))
        }
        return summaries
    }

    /// A match, with its context when the bytes tell it.
    private struct Found {
        var match: Range<Int>
        var context: Locator.TextContext?
        /// Where the match's last character starts, and its length in UTF-16 units.
        var lastCharacter: (start: Int, units: Int)
    }

    /// The context of `match` as the blocks give it, the match placed in them by its bytes.
    private func contextFromBlocks(of hit: Found, section: Int, ranges: [Range<Int>]) throws(ReaderError) -> Locator.TextContext {
        let match = try InPlacePlacing.place(hit.match, lastCharacter: hit.lastCharacter, section: section, ranges: ranges,
                                             source: source)
        return try HitContext.make(start: try texts.streamOffset(of: match.start), end: try texts.streamOffset(of: match.end),
                                   texts: texts)
    }
}
