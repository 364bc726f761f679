/// Text in the form re-anchoring compares: UTF-16 units after ``TextNormalizer``, with white space
/// collapsed to single spaces and runs of dashes to one dash as units are appended.
struct NormalizedText {
    static let space: UInt16 = 0x20
    static let dash: UInt16 = 0x2D

    /// The normalised units.
    private(set) var units: [UInt16] = []
    /// For each unit, the UTF-16 offset in the original text it came from; nil when not tracked.
    private(set) var sourceOffsets: [Int]?
    /// Whether the last unit is a space, or nothing has been appended yet, so leading white space
    /// is dropped.
    private(set) var endsInSpace = true

    /// An empty text; `tracksOffsets` keeps ``sourceOffsets``.
    init(tracksOffsets: Bool) {
        sourceOffsets = tracksOffsets ? [] : nil
    }

    /// Appends one normalised unit that came from `offset` in the original, collapsing spaces and dashes.
    mutating func append(_ unit: UInt16, from offset: Int) {
        if unit == Self.space {
            if endsInSpace { return }
        } else if unit == Self.dash, units.last == Self.dash {
            return
        }
        units.append(unit)
        sourceOffsets?.append(offset)
        endsInSpace = unit == Self.space
    }

    /// Drops a trailing space.
    mutating func trimTrailingSpace() {
        guard units.last == Self.space else { return }
        units.removeLast()
        sourceOffsets?.removeLast()
    }
}
