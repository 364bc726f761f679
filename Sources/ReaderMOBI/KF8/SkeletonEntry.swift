import ReaderCore

/// One entry of the KF8 skeleton (SKEL) index: the outer markup of one XHTML part.
///
/// Label `SKEL0000000000`-style; tag 1 is the number of fragments inserted into the skeleton,
/// tag 6 its start and length in flow 0 (calibre `Mobi8Reader.read_indices`, libmobi
/// `INDX_TAG_SKEL_*`). Writers repeat both tags' values; the first occurrence is used.
struct SkeletonEntry: Hashable, Sendable {
    /// The entry's position in the index (the part number).
    let index: Int
    /// The entry's label.
    let name: String
    /// How many consecutive fragment-table entries belong to this skeleton.
    let fragmentCount: Int
    /// Where the skeleton's text starts in flow 0.
    let start: Int
    /// The skeleton text's length in bytes.
    let length: Int

    /// Creates an entry.
    init(index: Int, name: String, fragmentCount: Int, start: Int, length: Int) {
        self.index = index
        self.name = name
        self.fragmentCount = fragmentCount
        self.start = start
        self.length = length
    }

    /// The entries of a skeleton index.
    /// - Throws: ``ReaderError`` `malformed` when an entry lacks tag 1 or the two values of tag 6.
    static func entries(from index: MOBIIndex) throws(ReaderError) -> [SkeletonEntry] {
        var result: [SkeletonEntry] = []
        result.reserveCapacity(index.entries.count)
        for (number, entry) in index.entries.enumerated() {
            guard let count = entry.intValue(1), let start = entry.intValue(6, at: 0),
                  let length = entry.intValue(6, at: 1)
            else {
                throw ReaderError(.malformed, reason: "skeleton entry \(number) lacks its fragment count or position")
            }
            result.append(SkeletonEntry(index: number, name: entry.label, fragmentCount: count,
                                        start: start, length: length))
        }
        return result
    }
}
