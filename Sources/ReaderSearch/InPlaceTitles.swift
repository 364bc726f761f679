import ReaderCore

/// The titles of hits found in a document's bytes in place: the last heading whose line starts at
/// or before each hit, in its section or an earlier one, from the headings the document finds in
/// its bytes (``UTF8TextProviding/headings(inSection:of:)``). Headings are read for the sections with
/// a hit (the next section's on another core meanwhile) and, for a hit before its section's first
/// heading, for the sections before it back to one that has a heading; so a rare query's titles
/// do not need every section's, and no title depends on which sections were decoded before.
final class InPlaceTitles {
    private let headings: HeadingsAhead
    /// For each section whose headings were needed, the title of the last heading up to its end
    /// (in it or an earlier section), or nil (`.some(nil)`) when none comes before its end.
    private var lastTitles: [Int: String?] = [:]

    /// Titles from the headings of `source`'s bytes `text`.
    init(source: any UTF8TextProviding, text: UTF8Text, sectionCount: Int) {
        headings = HeadingsAhead(source: source, text: text, sectionCount: sectionCount)
    }

    /// The titles of hits starting at byte offsets `starts` (in increasing order) of `section`,
    /// whose headings are `known` when the caller has read them (else they are read here, the next
    /// section's on another core meanwhile); sections are best asked for in reading order.
    func titles(ofHitsAt starts: [Int], inSection section: Int, headings known: [UTF8Heading]? = nil) throws(ReaderError) -> [String?] {
        guard !starts.isEmpty else { return [] }
        let headings: [UTF8Heading]
        if let known {
            headings = known
        } else {
            headings = try self.headings.headings(inSection: section, readingAhead: true)
        }
        let before = try lastTitle(through: section - 1)
        lastTitles[section] = .some(headings.last?.title ?? before)
        var title = before
        var nextHeading = 0
        let titles = starts.map { start in
            while nextHeading < headings.count, headings[nextHeading].offset <= start {
                title = headings[nextHeading].title
                nextHeading += 1
            }
            return title
        }
        return titles
    }

    /// The title of the last heading up to the end of `section`, looking back section by section.
    private func lastTitle(through section: Int) throws(ReaderError) -> String? {
        var unknown: [Int] = []
        var index = section
        var title: String?
        while index >= 0 {
            if let known = lastTitles[index] {
                title = known
                break
            }
            if let last = try headings.headings(inSection: index, readingAhead: false).last {
                title = last.title
                lastTitles[index] = .some(title)
                break
            }
            unknown.append(index)
            index -= 1
        }
        for index in unknown { lastTitles[index] = .some(title) }
        return title
    }
}
