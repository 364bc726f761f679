import ReaderCore

/// Checks the document walks of the targets share: where to sample positions, that a resolved
/// position exists, and a bounded walk over the TOC.
public enum PositionChecks {
    /// The start, a middle and the end of a section.
    public static func samplePositions(in content: SectionContent, section: Int) -> [TextPosition] {
        guard let last = content.blocks.indices.last else { return [TextPosition(section: section, block: 0, offset: 0)] }
        let middle = last / 2
        return [
            TextPosition(section: section, block: 0, offset: 0),
            TextPosition(section: section, block: middle, offset: content.blocks[middle].text.utf16.count / 2),
            TextPosition(section: section, block: last, offset: content.blocks[last].text.utf16.count),
        ]
    }

    /// A position a Locator resolved to is a place in its section: a block and an offset inside
    /// its text, or the start of a section without blocks.
    public static func checkExists(_ position: TextPosition, in document: any Document) {
        fuzzCheck(document.readingOrder.indices.contains(position.section), "\(position): no such section")
        guard let content = try? document.content(ofSection: position.section) else { return }
        if content.blocks.isEmpty {
            fuzzCheck(position.block == 0 && position.offset == 0, "\(position) in a section without blocks")
        } else {
            fuzzCheck(content.blocks.indices.contains(position.block), "\(position): no such block")
            fuzzCheck((0...content.blocks[position.block].text.utf16.count).contains(position.offset),
                      "\(position): outside the block's text")
        }
    }

    /// Resolves a TOC entry and its children, `budget` entries at most, checking each place exists.
    public static func visit(_ entry: TOCEntry, in document: any Document, budget: inout Int) {
        guard budget > 0 else { return }
        budget -= 1
        if let position = try? document.textPosition(for: entry.locator) { checkExists(position, in: document) }
        for child in entry.children { visit(child, in: document, budget: &budget) }
    }
}
