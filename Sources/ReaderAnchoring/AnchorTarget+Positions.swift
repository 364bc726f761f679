import ReaderCore

extension AnchorTarget {
    /// The document position of a place in the normalised text (0...text.count). A place on the
    /// space between two blocks is the start of the second; the end is the end of the last block.
    func position(atNormalizedIndex place: Int) throws(ReaderError) -> TextPosition {
        guard let last = spans.last else { return .start }
        guard place < text.count else {
            let blocks = try document.content(ofSection: last.section).blocks
            return TextPosition(section: last.section, block: last.block, offset: blocks[last.block].text.utf16.count)
        }
        let span = spans[spanIndex(containing: place)]
        var local = place - span.start
        if span.separated {
            if local == 0 { return TextPosition(section: span.section, block: span.block, offset: 0) }
            local -= 1
        }
        let offsets = try sourceOffsets(of: span)
        return TextPosition(section: span.section, block: span.block, offset: offsets[min(local, offsets.count - 1)])
    }

    /// The place in the normalised text of a document position: the first unit that comes from
    /// the position's character or from one after it.
    func normalizedIndex(of position: TextPosition) throws(ReaderError) -> Int {
        let following = spans.partitioningIndex { ($0.section, $0.block) >= (position.section, position.block) }
        guard following < spans.count else { return text.count }
        let span = spans[following]
        guard span.section == position.section, span.block == position.block else { return span.start }
        let offsets = try sourceOffsets(of: span)
        let local = offsets.partitioningIndex { $0 >= position.offset }
        guard local < offsets.count else {
            return following + 1 < spans.count ? spans[following + 1].start : text.count
        }
        return span.start + (span.separated ? 1 : 0) + local
    }

    /// The part of the normalised text that holds a section's blocks (empty, where the next
    /// section starts, when it has no text).
    func normalizedRange(ofSection section: Int) -> Range<Int> {
        let first = spans.partitioningIndex { $0.section >= section }
        let next = spans.partitioningIndex { $0.section > section }
        let start = first < spans.count ? spans[first].start : text.count
        let end = next < spans.count ? spans[next].start : text.count
        return start..<max(start, end)
    }

    /// The index of the span that holds `place` (0..<text.count).
    private func spanIndex(containing place: Int) -> Int {
        spans.partitioningIndex { $0.start > place } - 1
    }

    /// For each normalised unit of a block, the UTF-16 offset in the block's text it comes from.
    /// Blocks are normalised again rather than keeping offsets for the whole text.
    private func sourceOffsets(of span: BlockSpan) throws(ReaderError) -> [Int] {
        let block = try document.content(ofSection: span.section).blocks[span.block]
        var normalizer = self.normalizer
        var normalized = NormalizedText(tracksOffsets: true)
        normalizer.append(block.text, to: &normalized)
        return normalized.sourceOffsets ?? []
    }
}
