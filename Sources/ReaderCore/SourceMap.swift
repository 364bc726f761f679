/// Maps UTF-16 offsets in a block's text to native source offsets and back.
///
/// A run says that `length` UTF-16 units of text starting at `textStart` come one for one from the
/// source starting at `sourceStart`. Text outside every run (a list marker, a joined line break)
/// maps to the end of the run before it.
public struct SourceMap: Hashable, Sendable {
    /// A span of text copied one for one from the source.
    public struct Run: Hashable, Sendable {
        /// UTF-16 offset of the span in the block text.
        public var textStart: Int
        /// Native offset of the span in the source.
        public var sourceStart: Int
        /// Length of the span in UTF-16 units (the same in text and source).
        public var length: Int

        /// Creates a run.
        public init(textStart: Int, sourceStart: Int, length: Int) {
            self.textStart = textStart
            self.sourceStart = sourceStart
            self.length = length
        }

        /// The end of the span in the text.
        public var textEnd: Int { textStart + length }
        /// The end of the span in the source.
        public var sourceEnd: Int { sourceStart + length }
    }

    /// The runs, a slice of an array that the maps of many blocks may share: a text section's
    /// blocks keep their runs in one array, one allocation a section rather than one a block
    /// (see ``init(sharing:)``).
    private var storage: ArraySlice<Run>

    /// The runs, ordered by `textStart`, not overlapping. A map made from an array gives that
    /// array back; one that shares its array (``init(sharing:)``) copies its runs out, so code
    /// that walks many maps reads ``runSlice`` instead.
    public var runs: [Run] { Array(storage) }

    /// The runs as they are stored, without copying them out of a shared array.
    package var runSlice: ArraySlice<Run> { storage }

    /// Creates a map from runs ordered by text offset.
    public init(runs: [Run] = []) {
        storage = runs[...]
    }

    /// Creates a map from runs ordered by text offset that are a slice of an array other maps
    /// share: the maps hold one array between them.
    package init(sharing runs: ArraySlice<Run>) {
        storage = runs
    }

    /// A map where the whole text comes one for one from `sourceStart`.
    public static func contiguous(sourceStart: Int, length: Int) -> SourceMap {
        SourceMap(runs: [Run(textStart: 0, sourceStart: sourceStart, length: length)])
    }

    /// Appends a run, merging it with the last one when they are contiguous in both spaces.
    public mutating func append(textStart: Int, sourceStart: Int, length: Int) {
        guard length > 0 else { return }
        if let last = storage.last, last.textEnd == textStart, last.sourceEnd == sourceStart {
            storage[storage.endIndex - 1].length += length
        } else {
            storage.append(Run(textStart: textStart, sourceStart: sourceStart, length: length))
        }
    }

    /// The source range the block covers, or nil when nothing maps.
    public var sourceRange: Range<Int>? {
        guard let first = storage.min(by: { $0.sourceStart < $1.sourceStart }),
              let last = storage.max(by: { $0.sourceEnd < $1.sourceEnd }) else { return nil }
        return first.sourceStart..<last.sourceEnd
    }

    /// The native offset of a text offset.
    public func sourceOffset(forTextOffset offset: Int) -> Int? {
        guard !storage.isEmpty else { return nil }
        // The last run starting at or before `offset`.
        var low = storage.startIndex, high = storage.endIndex
        while low < high {
            let mid = (low + high) / 2
            if storage[mid].textStart <= offset { low = mid + 1 } else { high = mid }
        }
        guard low > storage.startIndex else { return storage[storage.startIndex].sourceStart }
        let run = storage[low - 1]
        return run.sourceStart + min(offset - run.textStart, run.length)
    }

    /// The text offset of a native offset: inside a run when one holds it, else the start of the
    /// first run after it, else the end of the last run. Nil when the map is empty.
    public func textOffset(forSourceOffset offset: Int) -> Int? {
        guard !storage.isEmpty else { return nil }
        var best: Int?
        var bestDistance = Int.max
        for run in storage {
            if offset >= run.sourceStart && offset < run.sourceEnd { return run.textStart + offset - run.sourceStart }
            if run.sourceStart > offset, run.sourceStart - offset < bestDistance {
                bestDistance = run.sourceStart - offset
                best = run.textStart
            }
        }
        if let best { return best }
        let last = storage.max(by: { $0.sourceEnd < $1.sourceEnd })!
        return last.textEnd
    }
}
