import ReaderCore

/// An in-memory document of paragraphs in sections, whose Locators carry text context the way the
/// backends make it (``SourceOffsetLocating``) and a total progression over all the text.
final class ParagraphDocument: Document, @unchecked Sendable {
    let path: String
    let format = DocumentFormat.txt
    let capabilities: FormatCapabilities = [.reflow]
    let metadata = DocumentMetadata(title: "Paragraphs")
    let details: [(name: String, value: String)] = []
    let sections: [[String]]
    /// The UTF-16 length of each section's source (paragraphs joined by a blank line).
    private let sourceLengths: [Int]

    init(sections: [[String]], path: String = "paragraphs.txt") {
        self.path = path
        self.sections = sections
        sourceLengths = sections.map { $0.joined(separator: "\n\n").utf16.count }
    }

    convenience init(paragraphs: [String], path: String = "paragraphs.txt") {
        self.init(sections: [paragraphs], path: path)
    }

    var readingOrder: [Section] {
        sections.indices.map { Section(index: $0, href: "part\($0).txt", mediaType: "text/plain") }
    }

    func fingerprint() throws(ReaderError) -> DocumentFingerprint {
        DocumentFingerprint(format: .txt, sha256: String(repeating: "0", count: 64), byteCount: 0)
    }

    func tableOfContents() throws(ReaderError) -> [TOCEntry] { [] }

    func positionedResources(counting: PositionCounting) -> [PositionedResource] {
        readingOrder.indices.map { index in
            PositionedResource(href: readingOrder[index].href, mediaType: "text/plain",
                               positionCount: PositionedResource.count(ofLength: sourceLengths[index]))
        }
    }

    func content(ofSection index: Int) throws(ReaderError) -> SectionContent {
        var blocks: [Block] = []
        var sourceStart = 0
        for paragraph in sections[index] {
            let length = paragraph.utf16.count
            blocks.append(Block(kind: .paragraph, text: paragraph,
                                sourceMap: .contiguous(sourceStart: sourceStart, length: length)))
            sourceStart += length + 2
        }
        return SectionContent(blocks: blocks)
    }

    func locator(at position: TextPosition) throws(ReaderError) -> Locator {
        let content = try content(ofSection: position.section)
        var locator = SourceOffsetLocating.locator(
            at: position, in: content, href: "part\(position.section).txt", type: "text/plain", title: nil,
            sourceLength: sourceLengths[position.section])
        let before = sourceLengths[..<position.section].reduce(0, +)
        let total = sourceLengths.reduce(0, +)
        locator.locations.totalProgression = total == 0 ? 0 : Double(before + (locator.locations.offset ?? 0)) / Double(total)
        return locator
    }

    func textPosition(for locator: Locator) throws(ReaderError) -> TextPosition {
        let section = readingOrder.firstIndex { $0.href == locator.href } ?? 0
        let offset = try SourceOffsetLocating.sourceOffset(of: locator, sourceLength: sourceLengths[section])
        return SourceOffsetLocating.textPosition(forSourceOffset: offset, in: try content(ofSection: section), section: section)
    }
}
