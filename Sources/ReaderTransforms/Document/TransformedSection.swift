import ReaderCore

/// A section's blocks with their text transformed, and for each block the map from its new text
/// back to the text the backend gave.
struct TransformedSection: Sendable {
    /// The blocks: transformed text, source maps composed with the transform's, runs moved.
    let content: SectionContent
    /// One map per block, from the transformed text to the backend's.
    let maps: [OffsetMap]

    /// `base` through `chain`.
    init(_ base: SectionContent, chain: TextTransformChain) {
        var blocks: [Block] = []
        var maps: [OffsetMap] = []
        blocks.reserveCapacity(base.blocks.count)
        maps.reserveCapacity(base.blocks.count)
        for block in base.blocks {
            let transformed = chain.apply(to: block.text)
            maps.append(transformed.map)
            blocks.append(Self.block(block, transformedAs: transformed, chain: chain))
        }
        content = SectionContent(blocks: blocks)
        self.maps = maps
    }

    /// `block` showing `transformed`: its source map composed with the transform's map, its runs
    /// and table cells moved to the new text.
    static func block(_ block: Block, transformedAs transformed: TransformedText, chain: TextTransformChain) -> Block {
        guard !transformed.map.isIdentity || transformed.text != block.text else { return block }
        var result = block
        result.text = transformed.text
        result.sourceMap = block.sourceMap.composed(after: transformed.map)
        result.runs = block.runs.map { $0.moved(through: transformed.map) }
        result.tableRows = block.tableRows.map { row in
            var row = row
            row.cells = row.cells.map { cell in
                let cellText = chain.apply(to: cell.text)
                var cell = cell
                cell.text = cellText.text
                cell.runs = cell.runs.map { $0.moved(through: cellText.map) }
                return cell
            }
            return row
        }
        return result
    }
}

extension InlineRun {
    /// The run over the same source text in a transformed text.
    func moved(through map: OffsetMap) -> InlineRun {
        let lower = map.outputOffset(forSourceOffset: range.lowerBound)
        let upper = max(lower, map.outputOffset(forSourceOffset: range.upperBound))
        var run = self
        run.range = lower..<upper
        return run
    }
}

extension SourceMap {
    /// The map of a text transformed from this map's text: a transformed offset goes through
    /// `transform` to this map's text, then to the native source. One for one where both are.
    func composed(after transform: OffsetMap) -> SourceMap {
        // Read once: a map that shares its runs' array (TXT) copies them out at every read.
        let runs = self.runs
        guard runs.contains(where: { $0.length > 0 }) else { return self }
        var result = SourceMap()
        var index = 0
        for run in transform.runs {
            // This map's runs overlapping `run` in the backend's text, sorted along it.
            while index < runs.count, runs[index].textEnd <= run.sourceStart { index += 1 }
            var next = index
            while next < runs.count, runs[next].textStart < run.sourceEnd {
                let inner = runs[next]
                let start = max(run.sourceStart, inner.textStart), end = min(run.sourceEnd, inner.textEnd)
                if start < end {
                    result.append(textStart: run.outputStart + start - run.sourceStart,
                                  sourceStart: inner.sourceStart + start - inner.textStart, length: end - start)
                }
                next += 1
            }
        }
        if result.runs.isEmpty, let first = runs.first {
            // Keep a zero-length run so a block of engine-made text still sits at its source point.
            return SourceMap(runs: [SourceMap.Run(textStart: 0, sourceStart: first.sourceStart, length: 0)])
        }
        return result
    }
}
