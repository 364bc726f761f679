import ReaderCore

/// Where a source offset of a content document lands among its blocks: the rule every EPUB
/// Locator (offset, CFI, progression) resolves by.
///
/// The source offset moves to the first place at or after it that the shown text occupies: a
/// character copied from the source, or, where no character is, the point an image or rule
/// block sits at. A character wins over a block at the same point, so text round-trips exactly;
/// an image followed by text at the same offset therefore lands on that text, and of several
/// images at one point the first is taken. Text the engine makes (alternative text, a line break
/// from `<br>`) has no offset of its own and lands on the next character. Past the last place,
/// the end of the last block (the start of an image or rule block); in a section without blocks,
/// its start.
///
/// ``ReaderCore/SourceOffsetLocating/textPosition(forSourceOffset:in:section:)`` skips image and
/// rule blocks, which in EPUB would send a cover page or a trailing picture to the end of the
/// wrong block; hence this rule of its own.
enum SourceOffsetPlacement {
    static func textPosition(forSourceOffset offset: Int, in content: SectionContent, section: Int) -> TextPosition {
        let blocks = content.blocks
        guard let target = occupiedOffset(atOrAfter: offset, in: blocks) else {
            guard let last = blocks.indices.last else { return TextPosition(section: section, block: 0, offset: 0) }
            let hasText = blocks[last].sourceMap.runs.contains { $0.length > 0 }
            return TextPosition(section: section, block: last, offset: hasText ? blocks[last].text.utf16.count : 0)
        }
        for (index, block) in blocks.enumerated() {
            for run in block.sourceMap.runs where run.length > 0 && run.sourceStart <= target && target < run.sourceEnd {
                return TextPosition(section: section, block: index, offset: run.textStart + target - run.sourceStart)
            }
        }
        for (index, block) in blocks.enumerated() {
            for run in block.sourceMap.runs where run.sourceStart == target {
                return TextPosition(section: section, block: index, offset: run.textStart)
            }
        }
        return TextPosition(section: section, block: 0, offset: 0)  // not reached: the target is some run's
    }

    /// `offset` itself when a character holds it, else the smallest run start after it (points
    /// of image and rule blocks included); nil when nothing lies at or after it.
    private static func occupiedOffset(atOrAfter offset: Int, in blocks: [Block]) -> Int? {
        var next: Int?
        for block in blocks {
            for run in block.sourceMap.runs {
                if run.length > 0, run.sourceStart <= offset, offset < run.sourceEnd { return offset }
                if run.sourceStart >= offset, next.map({ run.sourceStart < $0 }) ?? true { next = run.sourceStart }
            }
        }
        return next
    }
}
