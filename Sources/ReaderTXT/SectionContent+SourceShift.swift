import ReaderCore

extension SectionContent {
    /// The content with every source offset moved `delta` units on: blocks built relative to their
    /// section placed at the section's global offset.
    func shiftingSources(by delta: Int) -> SectionContent {
        guard delta != 0 else { return self }
        var shifted = self
        // The moved runs go to one array the maps share, as the builder made them.
        var runs: [SourceMap.Run] = []
        var ends: [Int] = []
        ends.reserveCapacity(blocks.count)
        for block in blocks {
            for run in block.sourceMap.runSlice {
                runs.append(SourceMap.Run(textStart: run.textStart, sourceStart: run.sourceStart + delta, length: run.length))
            }
            ends.append(runs.count)
        }
        var start = 0
        for index in shifted.blocks.indices {
            shifted.blocks[index].sourceMap = SourceMap(sharing: runs[start..<ends[index]])
            start = ends[index]
        }
        return shifted
    }
}
