import ReaderCore

extension SectionContent {
    /// The content with every source offset moved `delta` units on: blocks built relative to their
    /// section placed at the section's global offset.
    func shiftingSources(by delta: Int) -> SectionContent {
        guard delta != 0 else { return self }
        var shifted = self
        for index in shifted.blocks.indices {
            let runs = shifted.blocks[index].sourceMap.runs.map {
                SourceMap.Run(textStart: $0.textStart, sourceStart: $0.sourceStart + delta, length: $0.length)
            }
            shifted.blocks[index].sourceMap = SourceMap(runs: runs)
        }
        return shifted
    }
}
