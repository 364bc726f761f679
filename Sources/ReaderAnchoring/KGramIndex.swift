/// Where the k-grams of a normalised text start, to find a query's pieces without scanning the text.
///
/// Only every ``stride``-th position is indexed, which keeps the index at about one byte per unit
/// of text: a piece of a query that matches the text exactly over ``gramLength`` + ``stride`` − 1
/// units or more always contains one indexed gram. Positions are grouped by the hash of their gram
/// into buckets (a counting sort, so building is linear), ascending within each bucket; a bucket
/// can also hold other grams with the same hash, so callers compare the units of every hit.
struct KGramIndex: Sendable {
    /// Units in a gram.
    static let gramLength = 8
    /// Distance between indexed positions.
    static let stride = 4

    private let bucketMask: Int
    private let bucketStarts: [UInt32]
    private let positions: [UInt32]

    /// Indexes `text`. Text positions must fit in 32 bits.
    init(text: [UInt16]) {
        let indexed = text.count >= Self.gramLength ? (text.count - Self.gramLength) / Self.stride + 1 : 0
        var bucketCount = 1
        while bucketCount * 2 <= indexed { bucketCount *= 2 }
        bucketMask = bucketCount - 1
        var starts = [UInt32](repeating: 0, count: bucketCount + 1)
        for slot in 0..<indexed {
            starts[(Self.hash(text, at: slot * Self.stride) & bucketMask) + 1] += 1
        }
        for bucket in 0..<bucketCount { starts[bucket + 1] += starts[bucket] }
        var next = starts
        var filled = [UInt32](repeating: 0, count: indexed)
        for slot in 0..<indexed {
            let bucket = Self.hash(text, at: slot * Self.stride) & bucketMask
            filled[Int(next[bucket])] = UInt32(slot * Self.stride)
            next[bucket] += 1
        }
        bucketStarts = starts
        positions = filled
    }

    /// The indexed text positions whose gram hashes like the gram of `units` at `offset`, ascending.
    func bucket(forGramAt offset: Int, of units: [UInt16]) -> ArraySlice<UInt32> {
        let bucket = Self.hash(units, at: offset) & bucketMask
        return positions[Int(bucketStarts[bucket])..<Int(bucketStarts[bucket + 1])]
    }

    /// FNV-1a over the gram's units, with the high bits folded in.
    static func hash(_ units: [UInt16], at offset: Int) -> Int {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for index in offset..<offset + gramLength {
            hash = (hash ^ UInt64(units[index])) &* 0x100_0000_01B3
        }
        return Int(truncatingIfNeeded: hash ^ (hash >> 29))
    }
}
