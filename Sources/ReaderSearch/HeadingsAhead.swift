import Dispatch
import Foundation
import ReaderCore

/// The headings of a document's sections read on another core one section ahead of the search
/// in place that needs them (``InPlaceSummaries``), so that finding headings and scanning for
/// matches run side by side while hit after hit is found.
final class HeadingsAhead: @unchecked Sendable {
    // @unchecked: `source` is only asked for headings (documents are safe to share between
    // threads) and `text` only read; everything else is guarded by `condition`.
    private let source: any UTF8TextProviding
    private let text: UTF8Text
    private let sectionCount: Int
    private let condition = NSCondition()
    private var ready: [Int: Result<[UTF8Heading], ReaderError>] = [:]
    private var reading: Int?

    /// The headings of `source`'s sections, read from its bytes `text`.
    init(source: any UTF8TextProviding, text: UTF8Text, sectionCount: Int) {
        self.source = source
        self.text = text
        self.sectionCount = sectionCount
    }

    /// The headings of section `section`, read here unless they are being read or were read
    /// ahead; then, when `readingAhead`, the next section's are started on another core.
    func headings(inSection section: Int, readingAhead: Bool) throws(ReaderError) -> [UTF8Heading] {
        condition.lock()
        while reading == section { condition.wait() }
        let known = ready.removeValue(forKey: section)
        condition.unlock()
        let result = known ?? Result { () throws(ReaderError) in try source.headings(inSection: section, of: text) }
        if readingAhead { readAhead(section + 1) }
        return try result.get()
    }

    private func readAhead(_ section: Int) {
        guard section < sectionCount else { return }
        condition.lock()
        defer { condition.unlock() }
        guard reading == nil, ready[section] == nil else { return }
        reading = section
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            let result = Result { () throws(ReaderError) in try source.headings(inSection: section, of: text) }
            condition.lock()
            ready[section] = result
            reading = nil
            condition.broadcast()
            condition.unlock()
        }
    }
}
