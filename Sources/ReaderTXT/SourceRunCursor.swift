import ReaderCore

/// Walks a text section's blocks once to place increasing source offsets, as
/// ``SourceOffsetLocating/textPosition(forSourceOffset:in:section:)`` places one: a TXT section's
/// blocks copy the source in order, run after run, so an offset falls in a run or before the next.
struct SourceRunCursor {
    let blocks: [Block]
    private var block = 0
    private var run = 0

    init(blocks: [Block]) {
        self.blocks = blocks
    }

    /// The position of `offset` (no smaller than the one asked before): in the run that holds it,
    /// else at the start of the next run, else at the end of the last block.
    mutating func position(ofSourceOffset offset: Int, section: Int) -> TextPosition {
        while block < blocks.count {
            let runs = blocks[block].sourceMap.runSlice
            if run < runs.count {
                if runs[runs.startIndex + run].sourceEnd > offset { break }
                run += 1
            } else {
                block += 1
                run = 0
            }
        }
        guard block < blocks.count else {
            guard let last = blocks.indices.last else { return TextPosition(section: section, block: 0, offset: 0) }
            return TextPosition(section: section, block: last, offset: blocks[last].text.utf16Length)
        }
        let runs = blocks[block].sourceMap.runSlice
        let found = runs[runs.startIndex + run]
        return TextPosition(section: section, block: block, offset: found.textStart + max(0, offset - found.sourceStart))
    }
}
