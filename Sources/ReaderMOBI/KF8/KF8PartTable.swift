import ReaderCore

/// The XHTML parts of a KF8 book, rebuilt from flow 0 with the skeleton and fragment indices,
/// and the lookups from link targets and flow offsets to positions in them.
///
/// Two coordinate systems meet here. *Insert coordinates* are those of fragment insert positions,
/// `kindle:pos` targets and KF8 NCX tag 1: a part occupies the same range as its skeleton and
/// fragments do in flow 0, and insert coordinate `p` in it is byte `p - flowStart` of the rebuilt
/// part (calibre `get_file_info`, libmobi `mobi_get_offset_by_posoff`). *Flow bytes* are the
/// physical bytes of flow 0; the part's ``KF8Part/segments`` say where each one went.
struct KF8PartTable: Hashable, Sendable {
    // One copied run, for the flow-byte lookup.
    private struct Run: Hashable, Sendable {
        let flowStart: Int
        let count: Int
        let partIndex: Int
        let partOffset: Int
    }

    /// The rebuilt parts, one a skeleton, in skeleton order.
    let parts: [KF8Part]
    /// The skeleton entries the parts came from.
    let skeletons: [SkeletonEntry]
    /// The fragment entries (their order gives the `fid` of `kindle:pos` links).
    let fragments: [FragmentEntry]
    // All runs of all parts, sorted by flow start.
    private let runs: [Run]
    // Part indices sorted by flow start.
    private let partsByStart: [Int]

    /// Reads the skeleton and fragment indices at the given absolute record numbers of `pdb` and
    /// rebuilds the parts from `flow`, the bytes of flow 0.
    /// - Throws: ``ReaderError`` `malformed` when either index is broken or does not fit the flow.
    static func read(pdb: PDBFile, skeletonIndexRecord: Int, fragmentIndexRecord: Int,
                     flow: [UInt8]) throws(ReaderError) -> KF8PartTable {
        let skeletons = try SkeletonEntry.entries(from: MOBIIndex.read(pdb: pdb, indexRecord: skeletonIndexRecord))
        let fragments = try FragmentEntry.entries(from: MOBIIndex.read(pdb: pdb, indexRecord: fragmentIndexRecord))
        return try KF8PartTable(flow: flow, skeletons: skeletons, fragments: fragments)
    }

    /// Rebuilds the parts of `flow` (the bytes of flow 0).
    ///
    /// For each skeleton in turn: take its text, then for each of its fragments (the next
    /// `fragmentCount` entries of the fragment table) take the next `length` bytes after the
    /// skeleton and what came before, and insert them at `insertPosition - skeleton.start` of the
    /// growing part (calibre `Mobi8Reader.build_parts`, libmobi `mobi_reconstruct_parts`). When that
    /// point is outside the part or inside a tag, the point is recomputed, as calibre does, from
    /// the end of the start tag whose `aid` the fragment's selector names plus its offset in the
    /// element.
    /// - Throws: ``ReaderError`` `malformed` when a skeleton or fragment lies outside the flow, the
    ///   skeletons claim more fragments than the table has, two parts take the same flow bytes, an
    ///   insert point cannot be placed, or the rebuilding would take far more work than the flow's
    ///   size warrants.
    init(flow: [UInt8], skeletons: [SkeletonEntry], fragments: [FragmentEntry]) throws(ReaderError) {
        var builder = KF8PartBuilder(flow: flow)
        var parts: [KF8Part] = []
        parts.reserveCapacity(skeletons.count)
        var nextFragment = 0
        for skeleton in skeletons {
            guard skeleton.fragmentCount >= 0, skeleton.fragmentCount <= fragments.count - nextFragment else {
                throw ReaderError(.malformed, reason: "skeleton \(skeleton.index) claims \(skeleton.fragmentCount) fragments; \(fragments.count - nextFragment) are left")
            }
            let own = fragments[nextFragment..<(nextFragment + skeleton.fragmentCount)]
            parts.append(try builder.part(for: skeleton, fragments: own))
            nextFragment += skeleton.fragmentCount
        }
        let byStart = parts.indices.sorted { parts[$0].flowStart < parts[$1].flowStart }
        var takenUpTo = 0
        for index in byStart where !parts[index].flowRange.isEmpty {
            guard parts[index].flowStart >= takenUpTo else {
                throw ReaderError(.malformed, reason: "part \(index) takes bytes of flow 0 that another part took")
            }
            takenUpTo = parts[index].flowRange.upperBound
        }
        self.parts = parts
        self.skeletons = skeletons
        self.fragments = fragments
        runs = parts.flatMap { part in
            part.segments.map { Run(flowStart: $0.flowRange.lowerBound, count: $0.flowRange.count,
                                    partIndex: part.index, partOffset: $0.partOffset) }
        }.sorted { $0.flowStart < $1.flowStart }
        partsByStart = byStart
    }

    /// The part named `fileName`, or nil.
    func part(named fileName: String) -> KF8Part? {
        parts.first { $0.fileName == fileName }
    }

    /// Where a `kindle:pos` target lies: insert coordinate `insertPosition + offset` of fragment
    /// `fid`, in the part that covers it. Nil when there is no such fragment or no part covers it.
    func position(of target: KindlePosition) -> KF8PartPosition? {
        guard fragments.indices.contains(target.fragmentIndex), target.offset >= 0 else { return nil }
        let (coordinate, overflow) = fragments[target.fragmentIndex].insertPosition.addingReportingOverflow(target.offset)
        return overflow ? nil : position(atInsertCoordinate: coordinate)
    }

    /// The part position of insert coordinate `coordinate` (see the type's discussion); nil when no
    /// part covers it.
    func position(atInsertCoordinate coordinate: Int) -> KF8PartPosition? {
        var low = 0, high = partsByStart.count
        while low < high {
            let middle = (low + high) / 2
            if parts[partsByStart[middle]].flowStart <= coordinate { low = middle + 1 } else { high = middle }
        }
        guard low > 0 else { return nil }
        let part = parts[partsByStart[low - 1]]
        let offset = coordinate - part.flowStart
        guard offset < part.bytes.count else { return nil }
        return KF8PartPosition(partIndex: part.index, offset: offset)
    }

    /// Where byte `offset` of flow 0 ended up; nil when it belongs to no part.
    func position(ofFlowByte offset: Int) -> KF8PartPosition? {
        var low = 0, high = runs.count
        while low < high {
            let middle = (low + high) / 2
            if runs[middle].flowStart <= offset { low = middle + 1 } else { high = middle }
        }
        guard low > 0 else { return nil }
        let run = runs[low - 1]
        guard offset < run.flowStart + run.count else { return nil }
        return KF8PartPosition(partIndex: run.partIndex, offset: run.partOffset + offset - run.flowStart)
    }

    /// The flow-0 byte that `position` was copied from; nil when the position is outside its part.
    func flowByte(of position: KF8PartPosition) -> Int? {
        guard parts.indices.contains(position.partIndex) else { return nil }
        let segments = parts[position.partIndex].segments
        guard let segment = segments.last(where: { $0.partOffset <= position.offset }),
              position.offset - segment.partOffset < segment.flowRange.count
        else { return nil }
        return segment.flowRange.lowerBound + position.offset - segment.partOffset
    }
}
