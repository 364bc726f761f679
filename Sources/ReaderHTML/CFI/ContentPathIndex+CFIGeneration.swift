extension ContentPathIndex {
    /// The CFI position of a source offset: the run of character data holding it (found by binary
    /// search), with id assertions on its element steps, and the offset into the run.
    ///
    /// Character offsets count UTF-16 code units, as EPUB CFI 1.1 § 3.1.4 defines them and as
    /// source offsets do, so the offset into the run is a plain difference, even inside a
    /// surrogate pair. An offset at the boundary of two runs belongs to the run that starts
    /// there; the end of the text belongs to the last run; an offset between runs (text the index
    /// does not cover) moves to the start of the next run.
    /// - Returns: nil when the index has no runs, or `sourceOffset` is outside 0…``sourceLength``.
    public func cfiPath(forSourceOffset sourceOffset: Int) -> CFIContentPosition? {
        guard let last = chunks.last, sourceOffset >= 0, sourceOffset <= max(sourceLength, last.sourceEnd)
        else { return nil }
        let next = firstChunk(startingAfter: sourceOffset)
        guard next > 0 else { return Self.position(in: chunks[0], at: 0) }
        let chunk = chunks[next - 1]
        if sourceOffset <= chunk.sourceEnd || next == chunks.count {
            return Self.position(in: chunk, at: sourceOffset - chunk.sourceStart)
        }
        return Self.position(in: chunks[next], at: 0)
    }

    /// A standard EPUB CFI for a source offset in the spine item this index describes:
    /// `epubcfi(/6/4[chap01ref]!/4[body01]/10[para05]/3:10)`.
    /// - Parameters:
    ///   - sourceOffset: The UTF-16 offset into the source text.
    ///   - spineIndex: The zero-based spine position of the content document.
    ///   - itemrefID: The `id` attribute of its `<itemref>`, if any.
    /// - Returns: nil when ``cfiPath(forSourceOffset:)`` is.
    public func cfi(forSourceOffset sourceOffset: Int, spineIndex: Int, itemrefID: String? = nil) -> EPUBCFI? {
        cfiPath(forSourceOffset: sourceOffset)
            .map { EPUBCFI(spineIndex: spineIndex, itemrefID: itemrefID, position: $0) }
    }

    /// A range CFI for a span of source text. The end attaches to the text before it (it ends
    /// the run it closes rather than starting the next one), as ranges do (§ 3.4).
    /// - Returns: nil when either end is outside the text, or the index has no runs.
    public func cfi(forSourceRange range: Range<Int>, spineIndex: Int, itemrefID: String? = nil) -> EPUBCFI? {
        guard let start = cfiPath(forSourceOffset: range.lowerBound),
              let end = range.isEmpty ? start : cfiPath(endingAt: range.upperBound)
        else { return nil }
        return EPUBCFI(spineIndex: spineIndex, itemrefID: itemrefID, start: start, end: end)
    }

    /// The position of `sourceOffset` as the end of the run before it, when one ends there.
    private func cfiPath(endingAt sourceOffset: Int) -> CFIContentPosition? {
        let next = firstChunk(startingAfter: sourceOffset - 1)
        if sourceOffset > 0, next > 0 {
            let chunk = chunks[next - 1]
            if sourceOffset - 1 < chunk.sourceEnd {
                return Self.position(in: chunk, at: sourceOffset - chunk.sourceStart)
            }
        }
        return cfiPath(forSourceOffset: sourceOffset)
    }

    /// The index of the first chunk that starts after `sourceOffset` (binary search).
    private func firstChunk(startingAfter sourceOffset: Int) -> Int {
        var low = 0
        var high = chunks.count
        while low < high {
            let middle = (low + high) / 2
            if chunks[middle].sourceStart <= sourceOffset { low = middle + 1 } else { high = middle }
        }
        return low
    }

    private static func position(in chunk: TextChunk, at offset: Int) -> CFIContentPosition {
        CFIContentPosition(steps: chunk.path, characterOffset: min(max(0, offset), chunk.length))
    }
}
