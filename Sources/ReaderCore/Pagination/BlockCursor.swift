/// Walks a document's blocks in reading order, loading one section at a time for layout
/// (``Document/layoutContent(ofSection:use:)``).
struct BlockCursor {
    let document: any Document
    /// How the sections are used.
    private let use: SectionUse
    /// The number of sections walked, read once: `readingOrder` hands out a shared array, and counting
    /// it at every block would make threads paging one document contend on its reference count.
    private let sectionCount: Int
    private var sectionIndex = -1
    private var blocks: [Block] = []

    /// A cursor over the whole document, or only up to the end of section `lastSection`, past
    /// which it finds no block (a sample's pages end there instead of reading the next section).
    init(document: any Document, use: SectionUse = .reading, through lastSection: Int? = nil) {
        self.document = document
        self.use = use
        let count = document.readingOrder.count
        sectionCount = lastSection.map { min(count, $0 + 1) } ?? count
    }

    /// The section whose blocks the cursor holds (-1 before any), and those blocks.
    var currentSection: (index: Int, blocks: [Block]) { (sectionIndex, blocks) }

    /// The block at a position, or nil when `section`/`block` is past the end of the document.
    mutating func block(section: Int, block: Int) throws(ReaderError) -> Block? {
        guard section < sectionCount else { return nil }
        if section != sectionIndex {
            blocks = try document.layoutContent(ofSection: section, use: use).blocks
            sectionIndex = section
        }
        return block < blocks.count ? blocks[block] : nil
    }

    /// The first existing block at or after (`section`, `block`), skipping empty sections.
    mutating func firstBlock(atOrAfter section: Int, block: Int) throws(ReaderError) -> (TextPosition, Block)? {
        var section = section, index = block
        while section < sectionCount {
            if let found = try self.block(section: section, block: index) {
                return (TextPosition(section: section, block: index, offset: 0), found)
            }
            section += 1
            index = 0
        }
        return nil
    }

    /// The block after the one at `position`, with its position.
    mutating func nextBlock(after position: TextPosition) throws(ReaderError) -> (TextPosition, Block)? {
        try firstBlock(atOrAfter: position.section, block: position.block + 1)
    }
}
