import ReaderCore

/// The hits of a search in place (``InPlaceSearch``) summarised section by section from the
/// document's bytes: titles from the headings the document finds in its bytes, contexts from the
/// bytes around each match (``HitContext/inPlace(_:section:in:runsOn:)``), so no block is built. The rare
/// match whose context the bytes cannot tell is placed in its section's blocks and given the
/// context the blocks give. The next section's headings are read on another core meanwhile.
final class InPlaceSummaries {
    private let search: InPlaceSearch
    private let source: any UTF8TextProviding
    private let document: any Document
    private let texts: SectionTexts
    private let headings: HeadingsAhead
    /// The title of the last heading before the section to summarise next.
    private var title: String?

    init(search: InPlaceSearch, source: any UTF8TextProviding, document: any Document, texts: SectionTexts) {
        self.search = search
        self.source = source
        self.document = document
        self.texts = texts
        headings = HeadingsAhead(source: source, sectionCount: document.readingOrder.count)
    }

    /// The summaries of the matches that start in `section`, sections asked for in reading order,
    /// none passed over; nil when the bytes cannot be searched in place up to the section's end.
    func summaries(ofSection section: Int) throws(ReaderError) -> [SearchHitSummary]? {
        let readingOrder = document.readingOrder
        let runsOn = { (index: Int) in index < readingOrder.count && !readingOrder[index].startsNewPage }
        let found = try search.withMatches(inSection: section) { text, matches throws(ReaderError) in
            (matches.map { match in
                Found(match: match, context: HitContext.inPlace(match, section: section, in: text, runsOn: runsOn),
                      lastCharacter: Self.lastCharacter(before: match.upperBound, in: text.bytes))
            }, text.sectionRanges)
        }
        guard let (hits, ranges) = found else { return nil }
        let headings = try self.headings.headings(inSection: section)
        var nextHeading = 0
        var summaries: [SearchHitSummary] = []
        summaries.reserveCapacity(hits.count)
        for hit in hits {
            while nextHeading < headings.count, headings[nextHeading].offset <= hit.match.lowerBound {
                title = headings[nextHeading].title
                nextHeading += 1
            }
            let context: Locator.TextContext
            if let known = hit.context {
                context = known
            } else {
                context = try contextFromBlocks(of: hit, section: section, ranges: ranges)
            }
            summaries.append(SearchHitSummary(section: section, tocTitle: title, context: context))
        }
        if let last = headings.last { title = last.title }
        return summaries
    }

    /// A match, with its context when the bytes tell it.
    private struct Found {
        var match: Range<Int>
        var context: Locator.TextContext?
        /// Where the match's last character starts, and its length in UTF-16 units.
        var lastCharacter: (start: Int, units: Int)
    }

    /// Where the character ending at `end` starts, and its length in UTF-16 units.
    private static func lastCharacter(before end: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (start: Int, units: Int) {
        var start = end - 1
        while start > 0, bytes[start] & 0xC0 == 0x80 { start -= 1 }
        return (start, bytes[start] >= 0xF0 ? 2 : 1)
    }

    /// The context of `match` as the blocks give it, the match placed in them by its bytes: from
    /// its first character to just after its last one, which may lie in a later section.
    private func contextFromBlocks(of hit: Found, section: Int, ranges: [Range<Int>]) throws(ReaderError) -> Locator.TextContext {
        let start = try source.textPosition(atByte: hit.match.lowerBound, inSection: section)
        let lastSection = ranges.lastIndex { $0.lowerBound <= hit.lastCharacter.start } ?? section
        var end = try source.textPosition(atByte: hit.lastCharacter.start, inSection: lastSection)
        end.offset += hit.lastCharacter.units
        return try HitContext.make(start: try streamOffset(of: start), end: try streamOffset(of: end), texts: texts)
    }

    private func streamOffset(of position: TextPosition) throws(ReaderError) -> StreamOffset {
        StreamOffset(section: position.section, offset: try texts.text(of: position.section).streamOffset(of: position))
    }
}
