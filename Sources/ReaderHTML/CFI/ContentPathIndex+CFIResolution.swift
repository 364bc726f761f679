extension ContentPathIndex {
    /// The source offset a content path points at, with element ids correcting the path.
    ///
    /// - A path to a run of character data gives the run's start plus `characterOffset` (none
    ///   means 0), clamped to the run's length.
    /// - A path to an element, or to a run with no shown text (white space the converter dropped,
    ///   hidden content, a virtual `/0` or `n+2` step), gives the first shown text at or after that
    ///   point; past the last run, ``sourceLength``.
    /// - When an element step's id names an element at another path, the id wins (EPUB CFI 1.1
    ///   § 3.5): the path is rebuilt from that element's anchor and the steps below it.
    ///
    /// Runs are in document order and their paths compare lexicographically in that order, so
    /// the lookup is a binary search.
    /// - Parameters:
    ///   - steps: The steps from the content document's root element (not included).
    ///   - characterOffset: The UTF-16 offset into the run the last step points at.
    public func sourceOffset(for steps: [CFIStep], characterOffset: Int? = nil) -> Int {
        resolve(steps: steps, characterOffset: characterOffset).offset
    }

    /// Resolves a CFI in the content document this index describes: the source offset of the
    /// location (of a range: its start and end), its side bias, and what its assertions found.
    ///
    /// The content path is ``EPUBCFI/contentPath`` (the spine item is the caller's business, see
    /// ``EPUBCFI/spineIndex(correctedAgainst:)``). Paths resolve as in
    /// ``sourceOffset(for:characterOffset:)``. Temporal and spatial offsets resolve to their
    /// element. When `text` is given, a text location assertion (`:3[yyy,0123]`) is checked
    /// against the source text, white space collapsed, and moves the location to the nearest
    /// place where the asserted text is found.
    /// - Parameters:
    ///   - cfi: The CFI, standard or partial.
    ///   - text: The source text of a UTF-16 range of this document; nil skips text assertions.
    public func resolve(_ cfi: EPUBCFI, text: ((Range<Int>) -> String)? = nil) -> CFIResolution {
        let startPath = cfi.contentPath
        let (start, startCheck) = resolve(contentPath: startPath, text: text)
        guard cfi.isRange else {
            return CFIResolution(sourceOffset: start, sideBias: Self.sideBias(of: startPath), assertions: startCheck)
        }
        let (end, endCheck) = resolve(contentPath: cfi.contentPart(of: cfi.end), text: text)
        return CFIResolution(sourceOffset: start, endSourceOffset: end, assertions: max(startCheck, endCheck))
    }

    private func resolve(contentPath path: EPUBCFI.Path,
                         text: ((Range<Int>) -> String)?) -> (Int, CFIResolution.AssertionCheck) {
        let withinDocument = path.segments.count == 1
        let characterOffset = withinDocument ? path.offset?.characterOffset : nil
        let (offset, check) = resolve(steps: path.segments[0].map(\.contentStep), characterOffset: characterOffset)
        guard characterOffset != nil, let assertion = path.offset?.assertion, let text,
              assertion.textBefore != nil || assertion.textAfter != nil
        else { return (offset, check) }
        let matcher = CFITextAssertionMatcher(before: assertion.textBefore ?? "", after: assertion.textAfter ?? "")
        let (found, textCheck) = matcher.locate(near: offset, sourceLength: sourceLength, text: text)
        switch textCheck {
        case .unchecked: return (offset, check)
        case .failed: return (offset, .failed)
        case .held, .corrected: return (found, textCheck == .held && check <= .held ? .held : .corrected)
        }
    }

    /// Resolves steps after correcting them by the deepest element id found in ``anchors``.
    private func resolve(steps: [CFIStep],
                         characterOffset: Int?) -> (offset: Int, check: CFIResolution.AssertionCheck) {
        let (indices, check) = correctedIndices(steps)
        let index = firstChunk(atOrAfter: indices)
        guard index < chunks.count else { return (sourceLength, check) }
        let chunk = chunks[index]
        guard Self.compare(chunk.path, indices) == 0 else { return (chunk.sourceStart, check) }
        return (chunk.sourceStart + min(max(0, characterOffset ?? 0), chunk.length), check)
    }

    /// The step indices, with the path above the deepest element whose id is known replaced by
    /// that element's anchor path when the two disagree.
    private func correctedIndices(_ steps: [CFIStep]) -> ([Int], CFIResolution.AssertionCheck) {
        var check = CFIResolution.AssertionCheck.unchecked
        var unknownID = false
        for depth in steps.indices.reversed() {
            guard steps[depth].index % 2 == 0, let id = steps[depth].id, !id.isEmpty else { continue }
            guard let anchor = anchors[id] else {
                unknownID = true
                continue
            }
            let anchorIndices = anchor.path.map(\.index)
            if !anchorIndices.elementsEqual(steps[...depth].lazy.map(\.index)) {
                let corrected = anchorIndices + steps[(depth + 1)...].map(\.index)
                return (corrected, unknownID ? .failed : .corrected)
            }
            check = .held
            break
        }
        return (steps.map(\.index), unknownID ? .failed : check)
    }

    /// The first chunk whose path is at or after `indices` in document order (binary search).
    private func firstChunk(atOrAfter indices: [Int]) -> Int {
        var low = 0
        var high = chunks.count
        while low < high {
            let middle = (low + high) / 2
            if Self.compare(chunks[middle].path, indices) < 0 { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// Lexicographic comparison of step indices: document order, a path before its descendants.
    private static func compare(_ path: [CFIStep], _ indices: [Int]) -> Int {
        for (step, index) in zip(path, indices) where step.index != index {
            return step.index < index ? -1 : 1
        }
        return path.count < indices.count ? -1 : path.count > indices.count ? 1 : 0
    }

    private static func sideBias(of path: EPUBCFI.Path) -> EPUBCFI.SideBias? {
        if let offset = path.offset { return offset.assertion?.sideBias }
        return path.lastStep?.assertion?.sideBias
    }
}
