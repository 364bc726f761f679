/// One entry of a MOBI index: its label and the values of its tags.
struct IndexEntry: Hashable, Sendable {
    /// The entry's label (a name, a number written in decimal, a dictionary headword…).
    let label: String
    /// The values of each tag present, keyed by tag number.
    let tags: [UInt8: [UInt32]]

    /// Creates an entry.
    init(label: String, tags: [UInt8: [UInt32]]) {
        self.label = label
        self.tags = tags
    }

    /// The `position`-th value of `tag`, or nil when the entry has no such value.
    func value(_ tag: UInt8, at position: Int = 0) -> UInt32? {
        guard let values = tags[tag], values.indices.contains(position) else { return nil }
        return values[position]
    }

    /// The `position`-th value of `tag` as an `Int`, or nil when the entry has no such value.
    func intValue(_ tag: UInt8, at position: Int = 0) -> Int? {
        value(tag, at: position).map { Int($0) }
    }
}
