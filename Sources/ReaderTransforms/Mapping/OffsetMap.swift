/// Maps UTF-16 offsets in a transformed text back to the text it was made from, and forward.
///
/// A run says that `length` units of the output starting at `outputStart` correspond one for one
/// to the source starting at `sourceStart` (the same characters, or a character and its
/// conversion of the same length). Runs are in order and strictly monotone in both texts; the
/// gaps between them are replaced text (a phrase converted to one of another length, a regular
/// expression's match and its replacement), and every offset inside a gap maps to the gap's start
/// on the other side. So the map is exact wherever characters correspond and monotone everywhere.
public struct OffsetMap: Hashable, Sendable {
    /// A span copied one for one.
    public struct Run: Hashable, Sendable {
        /// UTF-16 offset of the span in the output.
        public var outputStart: Int
        /// UTF-16 offset of the span in the source.
        public var sourceStart: Int
        /// Length of the span in UTF-16 units, the same in both.
        public var length: Int

        /// Creates a run.
        public init(outputStart: Int, sourceStart: Int, length: Int) {
            self.outputStart = outputStart
            self.sourceStart = sourceStart
            self.length = length
        }

        /// The end of the span in the output.
        public var outputEnd: Int { outputStart + length }
        /// The end of the span in the source.
        public var sourceEnd: Int { sourceStart + length }
    }

    /// The runs, in order in both texts.
    public private(set) var runs: [Run]
    /// The output's length in UTF-16 units.
    public let outputLength: Int
    /// The source's length in UTF-16 units.
    public let sourceLength: Int

    /// A map from runs in order (neither overlapping nor decreasing in either text) and both lengths.
    public init(runs: [Run], outputLength: Int, sourceLength: Int) {
        self.runs = runs
        self.outputLength = outputLength
        self.sourceLength = sourceLength
    }

    /// The map of a text left as it was.
    public static func identity(length: Int) -> OffsetMap {
        OffsetMap(runs: length > 0 ? [Run(outputStart: 0, sourceStart: 0, length: length)] : [],
                  outputLength: length, sourceLength: length)
    }

    /// Whether the output is the source unchanged in length and place (every unit corresponds).
    public var isIdentity: Bool {
        outputLength == sourceLength
            && (sourceLength == 0 || (runs.count == 1 && runs[0].outputStart == 0 && runs[0].sourceStart == 0
                && runs[0].length == sourceLength))
    }

    /// The source offset an output offset comes from: exact inside a run, the start of the
    /// replaced source text inside a gap, clamped to the output.
    public func sourceOffset(forOutputOffset offset: Int) -> Int {
        let offset = min(max(0, offset), outputLength)
        if offset == outputLength { return sourceLength }
        // The last run starting at or before `offset`.
        var low = 0, high = runs.count
        while low < high {
            let mid = (low + high) / 2
            if runs[mid].outputStart <= offset { low = mid + 1 } else { high = mid }
        }
        guard low > 0 else { return 0 }
        let run = runs[low - 1]
        return offset < run.outputEnd ? run.sourceStart + offset - run.outputStart : run.sourceEnd
    }

    /// The output offset of a source offset: exact inside a run, the start of the replacement
    /// inside a gap, clamped to the source.
    public func outputOffset(forSourceOffset offset: Int) -> Int {
        let offset = min(max(0, offset), sourceLength)
        if offset == sourceLength { return outputLength }
        var low = 0, high = runs.count
        while low < high {
            let mid = (low + high) / 2
            if runs[mid].sourceStart <= offset { low = mid + 1 } else { high = mid }
        }
        guard low > 0 else { return 0 }
        let run = runs[low - 1]
        return offset < run.sourceEnd ? run.outputStart + offset - run.sourceStart : run.outputEnd
    }

    /// The map of applying `earlier` and then the transform this map belongs to: output offsets of
    /// this map, source offsets of `earlier`'s source. Exact where both are.
    public func composed(after earlier: OffsetMap) -> OffsetMap {
        var result: [Run] = []
        var index = 0
        for run in runs {
            // `earlier`'s runs whose output overlaps this run's source (both sorted along it).
            while index < earlier.runs.count, earlier.runs[index].outputEnd <= run.sourceStart { index += 1 }
            var next = index
            while next < earlier.runs.count, earlier.runs[next].outputStart < run.sourceEnd {
                let inner = earlier.runs[next]
                let start = max(run.sourceStart, inner.outputStart), end = min(run.sourceEnd, inner.outputEnd)
                if start < end {
                    result.appendMerging(Run(outputStart: run.outputStart + start - run.sourceStart,
                                             sourceStart: inner.sourceStart + start - inner.outputStart,
                                             length: end - start))
                }
                next += 1
            }
        }
        return OffsetMap(runs: result, outputLength: outputLength, sourceLength: earlier.sourceLength)
    }
}

extension Array where Element == OffsetMap.Run {
    /// Appends a run, joining it to the last one when they are contiguous in both texts.
    mutating func appendMerging(_ run: OffsetMap.Run) {
        guard run.length > 0 else { return }
        if let last, last.outputEnd == run.outputStart, last.sourceEnd == run.sourceStart {
            self[count - 1].length += run.length
        } else {
            append(run)
        }
    }
}
