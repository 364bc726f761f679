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
    /// The blocks of the section the cursor holds; read in place (`cursor.blocks[index]`) rather
    /// than copied out, as a block copy retains its every string and array.
    private(set) var blocks: [Block] = []

    /// The cells per line the section after the current one is laid out at ahead, if it is.
    private let readAheadColumns: Int?
    /// The section after the current one, being read and laid out on another core.
    private var readAhead: SectionReadAhead?
    /// The blocks of the current section laid out, when it was read ahead.
    private(set) var laidOutAhead: LaidOutSection?

    /// A cursor over the whole document, or only up to the end of section `lastSection`, past
    /// which it finds no block (a sample's pages end there instead of reading the next section).
    /// With `columns`, a cursor for going through the whole text in order: each time it moves to
    /// a section, the next one is read and laid out in lines of `columns` cells on another core
    /// (``laidOutAhead`` once the cursor gets there).
    init(document: any Document, use: SectionUse = .reading, through lastSection: Int? = nil,
         readingAheadAt columns: Int? = nil) {
        self.document = document
        self.use = use
        let count = document.readingOrder.count
        sectionCount = lastSection.map { min(count, $0 + 1) } ?? count
        readAheadColumns = columns
    }

    /// The section whose blocks the cursor holds (-1 before any).
    var currentSectionIndex: Int { sectionIndex }

    /// Whether a block exists at a position, loading its section; false when `section`/`block` is
    /// past the end of the document. When true, the block is `blocks[block]`.
    mutating func hasBlock(section: Int, block: Int) throws(ReaderError) -> Bool {
        guard section < sectionCount else { return false }
        if section != sectionIndex { try load(section) }
        return block < blocks.count
    }

    /// The position of the first existing block at or after (`section`, `block`), skipping empty
    /// sections; the cursor then holds its section.
    mutating func firstBlock(atOrAfter section: Int, block: Int) throws(ReaderError) -> TextPosition? {
        var section = section, index = block
        while section < sectionCount {
            if try hasBlock(section: section, block: index) {
                return TextPosition(section: section, block: index, offset: 0)
            }
            section += 1
            index = 0
        }
        return nil
    }

    /// The position of the block after the one at `position`; the cursor then holds its section.
    mutating func nextBlock(after position: TextPosition) throws(ReaderError) -> TextPosition? {
        try firstBlock(atOrAfter: position.section, block: position.block + 1)
    }

    /// Moves to `section`: takes it from the read-ahead when that holds it (else asks the
    /// document), then starts reading the next one ahead when the cursor reads ahead.
    private mutating func load(_ section: Int) throws(ReaderError) {
        let ahead = readAhead?.section == section ? readAhead?.result() : nil
        readAhead = nil
        if let ahead {
            (blocks, laidOutAhead) = ahead
        } else {
            laidOutAhead = nil
            blocks = try document.layoutContent(ofSection: section, use: use).blocks
        }
        sectionIndex = section
        if let columns = readAheadColumns, section + 1 < sectionCount {
            readAhead = SectionReadAhead(document: document, section: section + 1, use: use, columns: columns)
        }
    }
}
