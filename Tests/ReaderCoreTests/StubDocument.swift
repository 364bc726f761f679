import Foundation
import ReaderCore

/// An in-memory document made of blocks, for testing the paginator without a backend.
final class StubDocument: Document, @unchecked Sendable {
    let path = "stub.txt"
    let format = DocumentFormat.txt
    let capabilities: FormatCapabilities = [.reflow]
    let metadata = DocumentMetadata(title: "Stub")
    let details: [(name: String, value: String)] = []
    let sections: [[Block]]
    let sectionsStartNewPages: Bool
    private(set) var contentLoads = 0

    init(sections: [[Block]], sectionsStartNewPages: Bool = false) {
        self.sections = sections
        self.sectionsStartNewPages = sectionsStartNewPages
    }

    var readingOrder: [Section] {
        sections.indices.map {
            Section(index: $0, href: "stub.txt", mediaType: "text/plain", startsNewPage: sectionsStartNewPages)
        }
    }

    func fingerprint() throws(ReaderError) -> DocumentFingerprint {
        DocumentFingerprint(format: .txt, sha256: String(repeating: "0", count: 64), byteCount: 0)
    }

    func tableOfContents() throws(ReaderError) -> [TOCEntry] { [] }

    func content(ofSection index: Int) throws(ReaderError) -> SectionContent {
        contentLoads += 1
        return SectionContent(blocks: sections[index])
    }

    /// One position per section.
    func positionedResources(counting: PositionCounting) -> [PositionedResource] {
        sections.map { _ in PositionedResource(href: path, mediaType: "text/plain", positionCount: 1) }
    }

    func locator(at position: TextPosition) throws(ReaderError) -> Locator {
        Locator(href: path, type: "text/plain", locations: .init(position: position.block))
    }

    func textPosition(for locator: Locator) throws(ReaderError) -> TextPosition { .start }

    /// A block of `lines` forced lines ("b0l0\nb0l1…"), each shorter than any test viewport.
    static func block(_ id: Int, lines: Int, kind: Block.Kind = .paragraph, spacing: Int = 1) -> Block {
        let text = (0..<lines).map { "b\(id)l\($0)" }.joined(separator: "\n")
        return Block(kind: kind, text: text, sourceMap: .contiguous(sourceStart: 0, length: text.utf16.count),
                     spacingBefore: spacing)
    }
}
