/// The places where a whole query occurs unchanged in the target text.
struct ExactOccurrences {
    /// Index entries read at most, and places kept; past them a query is ambiguous anyway, and
    /// the places nearest to where the Locator's progression expects it are the ones looked at.
    static let scanLimit = 4096
    static let keptLimit = 8

    /// Where the query starts in the text, at most ``keptLimit``: nearest to the expected start
    /// first, or in text order when nothing is expected.
    private(set) var starts: [Int] = []
    /// How many occurrences were seen (a lower bound when the scan was capped).
    private(set) var count = 0

    /// Finds `query` in `text`. Queries long enough to hold an indexed gram are looked up in
    /// `index`; shorter ones are found by a scan of the text, which is linear in its length.
    init(of query: [UInt16], in text: [UInt16], index: KGramIndex, expectedStart: Int?) {
        guard !query.isEmpty, query.count <= text.count else { return }
        let distance: (Int) -> Int = { start in expectedStart.map { abs(start - $0) } ?? start }
        func record(_ start: Int) {
            count += 1
            let key = distance(start)
            let slot = starts.firstIndex { distance($0) > key } ?? starts.endIndex
            guard slot < Self.keptLimit else { return }
            starts.insert(start, at: slot)
            if starts.count > Self.keptLimit { starts.removeLast() }
        }
        if query.count >= KGramIndex.gramLength + KGramIndex.stride - 1 {
            let offsets = Self.rarestGramOffsets(of: query, index: index)
            let perBucket = Self.scanLimit / offsets.count
            for offset in offsets {
                let bucket = index.bucket(forGramAt: offset, of: query)
                for position in bucket.nearest(to: (expectedStart ?? 0) + offset, limit: perBucket) {
                    let start = Int(position) - offset
                    if Self.occurs(query, in: text, at: start) { record(start) }
                }
            }
        } else {
            let first = query[0]
            for start in 0...(text.count - query.count) where text[start] == first && Self.occurs(query, in: text, at: start) {
                record(start)
            }
        }
    }

    /// `stride` consecutive gram offsets of the query (one of them falls on an indexed position
    /// of any occurrence) whose buckets hold the fewest entries in all.
    private static func rarestGramOffsets(of query: [UInt16], index: KGramIndex) -> [Int] {
        let sizes = (0...(query.count - KGramIndex.gramLength)).map { index.bucket(forGramAt: $0, of: query).count }
        var best = 0
        var bestTotal = Int.max
        for first in 0...(sizes.count - KGramIndex.stride) {
            let total = sizes[first..<first + KGramIndex.stride].reduce(0, +)
            if total < bestTotal {
                best = first
                bestTotal = total
            }
        }
        return Array(best..<best + KGramIndex.stride)
    }

    /// Whether `query` occurs in `text` at `start`.
    static func occurs(_ query: [UInt16], in text: [UInt16], at start: Int) -> Bool {
        guard start >= 0, start + query.count <= text.count else { return false }
        for offset in query.indices where text[start + offset] != query[offset] { return false }
        return true
    }
}
