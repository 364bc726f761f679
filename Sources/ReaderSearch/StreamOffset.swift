import ReaderCore

/// A place in the searchable stream of the whole document: a section and a UTF-16 offset in that
/// section's stream (its blocks' texts with one virtual line break after each block), packed in
/// one integer so that offsets compare in reading order.
struct StreamOffset: Hashable, Comparable {
    let packed: Int

    private static let offsetBits = 36

    init(section: Int, offset: Int) {
        packed = section << Self.offsetBits | offset
    }

    init(packed: Int) {
        self.packed = packed
    }

    var section: Int { packed >> Self.offsetBits }
    var offset: Int { packed & (1 << Self.offsetBits - 1) }

    static func < (lhs: StreamOffset, rhs: StreamOffset) -> Bool { lhs.packed < rhs.packed }
}
