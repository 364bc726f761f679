import ReaderCore

/// The walk of an opened document the targets of the newer backends share (web pages, feeds,
/// Markdown): metadata, details, fingerprint, the TOC (each entry resolved, up to
/// ``maxTOCEntries``), the first ``maxSections`` sections and the last, with Locator round trips
/// checked as `mobi-document` checks them, and the cover.
public enum EngineWalk {
    /// Sections read from the start (the last is read too).
    public static let maxSections = 3
    /// TOC entries whose Locators are resolved.
    public static let maxTOCEntries = 32

    /// Walks an opened document; returns the number of sections whose content was read.
    @discardableResult
    public static func walk(_ document: any Document) -> Int {
        _ = document.metadata
        _ = document.details
        _ = document.capabilities
        _ = document.warnings
        _ = try? document.fingerprint()
        if let toc = try? document.tableOfContents() {
            var budget = maxTOCEntries
            for entry in toc { PositionChecks.visit(entry, in: document, budget: &budget) }
        }
        let sections = document.readingOrder.indices
        var read = 0
        for index in Set(sections.prefix(maxSections) + sections.suffix(1)).sorted() {
            guard let content = try? document.content(ofSection: index) else { continue }
            read += 1
            for position in PositionChecks.samplePositions(in: content, section: index) {
                roundTrip(position, in: document, exact: false)
            }
            if let position = sourcePosition(in: content, section: index) {
                roundTrip(position, in: document, exact: true)
            }
        }
        _ = try? (document as? CoverProviding)?.coverImage()
        return read
    }

    /// A character copied from the source: the middle of the middle run of the middle block that
    /// has one. Its Locator must come back to it exactly.
    private static func sourcePosition(in content: SectionContent, section: Int) -> TextPosition? {
        let candidates = content.blocks.indices.filter { content.blocks[$0].sourceMap.runs.contains { $0.length > 0 } }
        guard !candidates.isEmpty else { return nil }
        let block = candidates[candidates.count / 2]
        let runs = content.blocks[block].sourceMap.runs.filter { $0.length > 0 }
        let run = runs[runs.count / 2]
        return TextPosition(section: section, block: block, offset: run.textStart + run.length / 2)
    }

    /// Position → Locator → position, directly and through JSON (the same answer, at a place that
    /// exists; with `exact`, the position itself); then the Locator without its offset and
    /// fragments (its href and progression must keep it in its section) and with a foreign href
    /// (its position and total progression must land somewhere that exists).
    private static func roundTrip(_ position: TextPosition, in document: any Document, exact: Bool) {
        guard let locator = try? document.locator(at: position) else { return }
        let json = locator.jsonString()
        guard let back = try? document.textPosition(for: locator) else { return }
        PositionChecks.checkExists(back, in: document)
        if exact { fuzzCheck(back == position, "\(position) came back as \(back) through \(json)") }
        if let decoded = try? Locator(jsonString: json) {
            let again = try? document.textPosition(for: decoded)
            fuzzCheck(again == back, "through JSON, \(json) came back as \(String(describing: again)), not \(back)")
        }
        var coarse = locator
        coarse.locations.offset = nil
        coarse.locations.fragments = nil
        if let place = try? document.textPosition(for: coarse) {
            PositionChecks.checkExists(place, in: document)
            fuzzCheck(place.section == position.section, "\(json) without its offset went to section \(place.section)")
        }
        coarse.href = "elsewhere-\u{1F}.html"
        if let place = try? document.textPosition(for: coarse) { PositionChecks.checkExists(place, in: document) }
    }
}
