/// A byte position in a rebuilt KF8 part.
struct KF8PartPosition: Hashable, Sendable, Codable {
    /// The part's index (its skeleton's).
    let partIndex: Int
    /// The byte offset from the start of the part's markup.
    let offset: Int

    /// Creates a position.
    init(partIndex: Int, offset: Int) {
        self.partIndex = partIndex
        self.offset = offset
    }
}
