import Foundation
import ReaderCore

/// A document that passes everything through to a text document whose bytes can be read in
/// place, keeping that ability, and records which sections' blocks were asked for.
final class InPlaceDocument: Document, UTF8TextProviding, @unchecked Sendable {
    let counting: CountingDocument
    private let text: any UTF8TextProviding

    init(_ base: any Document & UTF8TextProviding) {
        counting = CountingDocument(base)
        text = base
    }

    /// The sections whose content was asked for, in order.
    var sectionsRead: [Int] { counting.sectionsRead }

    var path: String { counting.path }
    var format: DocumentFormat { counting.format }
    var capabilities: FormatCapabilities { counting.capabilities }
    var metadata: DocumentMetadata { counting.metadata }
    var readingOrder: [Section] { counting.readingOrder }
    var details: [(name: String, value: String)] { counting.details }
    func fingerprint() throws(ReaderError) -> DocumentFingerprint { try counting.fingerprint() }
    func tableOfContents() throws(ReaderError) -> [TOCEntry] { try counting.tableOfContents() }
    func locator(at position: TextPosition) throws(ReaderError) -> Locator { try counting.locator(at: position) }
    func textPosition(for locator: Locator) throws(ReaderError) -> TextPosition { try counting.textPosition(for: locator) }
    func positionedResources(counting: PositionCounting) throws(ReaderError) -> [PositionedResource] {
        try self.counting.positionedResources(counting: counting)
    }
    func content(ofSection index: Int) throws(ReaderError) -> SectionContent { try counting.content(ofSection: index) }

    func withUTF8Text<Result>(_ body: (UTF8Text) throws(ReaderError) -> Result) throws(ReaderError) -> Result? {
        try text.withUTF8Text(body)
    }

    func headings(inSection index: Int, of bytes: UTF8Text) throws(ReaderError) -> [UTF8Heading] {
        try text.headings(inSection: index, of: bytes)
    }

    /// Builds the section's blocks, so it counts as read.
    func textPositions(atBytes offsets: [Int], inSection index: Int) throws(ReaderError) -> [TextPosition] {
        counting.recordRead(index)
        return try text.textPositions(atBytes: offsets, inSection: index)
    }
}
