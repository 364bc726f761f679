/// A positions table: each reflowable resource is cut into chunks of 1024 units of its length
/// (``PositionCounting/content`` counts decoded bytes: an EPUB content document inflated, a MOBI
/// part's markup), at least one; a fixed-layout resource is one position. Positions are numbered
/// from 1 across the reading order. Locators' `position` and `totalProgression` come from it.
public struct ResourcePositions: Hashable, Sendable {
    /// Units of resource per position, as Readium counts them.
    public static let bytesPerPosition = 1024

    /// Positions in each section.
    public let counts: [Int]
    /// The 1-based position each section starts at.
    public let starts: [Int]
    /// Positions in the whole book.
    public var total: Int { (starts.last ?? 1) - 1 + (counts.last ?? 0) }

    /// Positions for sections of these lengths (nil: unknown, one position).
    public init(lengths: [Int?], fixedLayout: [Bool]) {
        var counts: [Int] = []
        var starts: [Int] = []
        var next = 1
        for (length, fixed) in zip(lengths, fixedLayout) {
            let count = fixed ? 1 : PositionedResource.count(ofLength: length ?? 0)
            starts.append(next)
            counts.append(count)
            next += count
        }
        self.counts = counts
        self.starts = starts
    }

    /// The position of a source offset in a section of `length` units, in integers, so that the
    /// place ``SourceOffsetLocating/offset(ofProgression:length:)`` finds for a position's start
    /// gives that position back.
    public func position(section: Int, offset: Int, length: Int) -> Int {
        guard counts.indices.contains(section) else { return 1 }
        let inside = length > 0 ? min(max(0, offset), length) * counts[section] / length : 0
        return starts[section] + min(counts[section] - 1, inside)
    }

    /// The progression within the whole book of a progression within a section.
    public func totalProgression(section: Int, progression: Double) -> Double {
        guard counts.indices.contains(section), total > 0 else { return 0 }
        let before = Double(starts[section] - 1)
        return min(1, (before + progression * Double(counts[section])) / Double(total))
    }

    /// The section and progression within it a Locator names across the book: its `position`,
    /// else its `totalProgression`; nil when it names neither within range.
    public func location(of locations: Locator.Locations) -> (section: Int, progression: Double)? {
        locations.position.flatMap(location(ofPosition:)) ?? locations.totalProgression.flatMap(location(ofTotalProgression:))
    }

    /// The section and progression within it where a 1-based position starts; nil when out of range.
    public func location(ofPosition position: Int) -> (section: Int, progression: Double)? {
        guard position >= 1, position <= total else { return nil }
        var low = 0, high = starts.count
        while low < high {
            let mid = (low + high) / 2
            if starts[mid] <= position { low = mid + 1 } else { high = mid }
        }
        let section = low - 1
        return (section, Double(position - starts[section]) / Double(counts[section]))
    }

    /// The section and progression within it of a progression within the whole book.
    public func location(ofTotalProgression fraction: Double) -> (section: Int, progression: Double)? {
        guard total > 0, fraction.isFinite, (0...1).contains(fraction) else { return nil }
        let scaled = fraction * Double(total)
        var section = 0
        while section + 1 < starts.count, Double(starts[section + 1] - 1) <= scaled { section += 1 }
        let inside = (scaled - Double(starts[section] - 1)) / Double(counts[section])
        return (section, min(1, max(0, inside)))
    }
}
