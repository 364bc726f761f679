import Foundation
import ReaderCore

/// A document that passes everything through to another and records which sections were read
/// and how often its table of contents was asked for. ``InPlaceDocument`` adds the reading of its
/// bytes in place.
class CountingDocument: Document, @unchecked Sendable {
    let base: any Document
    private let lock = NSLock()
    private var reads: [Int] = []
    private var tableReads = 0

    init(_ base: any Document) {
        self.base = base
    }

    /// The sections whose content was asked for, in order.
    var sectionsRead: [Int] { lock.withLock { reads } }
    /// How many times the table of contents was asked for.
    var tableOfContentsReads: Int { lock.withLock { tableReads } }

    var path: String { base.path }
    var format: DocumentFormat { base.format }
    var capabilities: FormatCapabilities { base.capabilities }
    var metadata: DocumentMetadata { base.metadata }
    var readingOrder: [Section] { base.readingOrder }
    var details: [(name: String, value: String)] { base.details }
    func fingerprint() throws(ReaderError) -> DocumentFingerprint { try base.fingerprint() }
    func tableOfContents() throws(ReaderError) -> [TOCEntry] {
        lock.withLock { tableReads += 1 }
        return try base.tableOfContents()
    }
    func locator(at position: TextPosition) throws(ReaderError) -> Locator { try base.locator(at: position) }
    func textPosition(for locator: Locator) throws(ReaderError) -> TextPosition { try base.textPosition(for: locator) }
    func positionedResources(counting: PositionCounting) throws(ReaderError) -> [PositionedResource] {
        try base.positionedResources(counting: counting)
    }

    func content(ofSection index: Int) throws(ReaderError) -> SectionContent {
        recordRead(index)
        return try base.content(ofSection: index)
    }

    /// Records that section `index`'s blocks were built (by a call that does not go through here).
    func recordRead(_ index: Int) {
        lock.withLock { reads.append(index) }
    }
}
