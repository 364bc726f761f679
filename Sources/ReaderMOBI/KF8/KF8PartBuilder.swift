import ReaderCore

/// Rebuilds KF8 parts one skeleton at a time, within a work budget so that a file with lying
/// insert positions cannot make the rebuilding quadratic.
struct KF8PartBuilder {
    /// The most `aid` searches made for misplaced insert points in one book.
    static let maxAidSearches = 256

    private let flow: [UInt8]
    // Bytes moved and segments shifted so far, and the most allowed.
    private var work = 0
    private let workBudget: Int
    private var aidSearches = 0
    // Bytes copied into parts so far.
    private var produced = 0

    /// Starts a builder over `flow`, the bytes of flow 0.
    init(flow: [UInt8]) {
        self.flow = flow
        workBudget = 16 * flow.count + (1 << 20)
    }

    /// The part of `skeleton` with `fragments` inserted.
    /// - Throws: ``ReaderError`` `malformed` as ``KF8PartTable/init(flow:skeletons:fragments:)`` says.
    mutating func part(for skeleton: SkeletonEntry, fragments: ArraySlice<FragmentEntry>) throws(ReaderError) -> KF8Part {
        guard skeleton.start >= 0, skeleton.length >= 0, skeleton.start <= flow.count,
              skeleton.length <= flow.count - skeleton.start
        else {
            throw ReaderError(.malformed, reason: "skeleton \(skeleton.index) spans \(skeleton.start)+\(skeleton.length), outside the \(flow.count)-byte flow")
        }
        var cursor = skeleton.start + skeleton.length
        var bytes = Array(flow[skeleton.start..<cursor])
        var segments = bytes.isEmpty ? [] : [KF8Part.Segment(partOffset: 0, flowRange: skeleton.start..<cursor)]
        for fragment in fragments {
            guard fragment.length >= 0, fragment.length <= flow.count - cursor else {
                throw ReaderError(.malformed, reason: "fragment \(fragment.index) of \(fragment.length) bytes at \(cursor) runs past the \(flow.count)-byte flow")
            }
            let point = try insertPoint(for: fragment, skeleton: skeleton, in: bytes)
            let run = cursor..<(cursor + fragment.length)
            cursor = run.upperBound
            guard !run.isEmpty else { continue }
            work += bytes.count - point
            bytes.insert(contentsOf: flow[run], at: point)
            insert(run, at: point, into: &segments)
            guard work <= workBudget else {
                throw ReaderError(.malformed, reason: "the fragment table moves too many bytes to be a real book's")
            }
        }
        produced += bytes.count
        guard produced <= flow.count else {
            throw ReaderError(.malformed, reason: "the skeletons overlap: their parts hold more bytes than the \(flow.count)-byte flow")
        }
        return KF8Part(index: skeleton.index, fileName: KF8Part.fileName(forPart: skeleton.index), bytes: bytes,
                       flowRange: skeleton.start..<cursor, segments: segments)
    }

    // The insert point of `fragment` in `bytes`, corrected through its aid when it is misplaced.
    private mutating func insertPoint(for fragment: FragmentEntry, skeleton: SkeletonEntry,
                                      in bytes: [UInt8]) throws(ReaderError) -> Int {
        let point = fragment.insertPosition - skeleton.start
        let fits = point >= 0 && point <= bytes.count
        guard !fits || KF8Markup.splitsTag(bytes, at: point) else { return point }
        if aidSearches < Self.maxAidSearches, let aid = fragment.aid {
            aidSearches += 1
            if let tagEnd = KF8Markup.endOfStartTag(withAid: aid, in: bytes),
               fragment.offsetInElement <= bytes.count - tagEnd - 1 {
                return tagEnd + 1 + fragment.offsetInElement
            }
        }
        guard fits else {
            throw ReaderError(.malformed, reason: "fragment \(fragment.index) goes at \(fragment.insertPosition), outside skeleton \(skeleton.index) (\(skeleton.start)+\(bytes.count))")
        }
        return point
    }

    // Shifts the segments at or after `point` by the run's length, splitting the one it falls in.
    private mutating func insert(_ run: Range<Int>, at point: Int, into segments: inout [KF8Part.Segment]) {
        var index = segments.count
        while index > 0, segments[index - 1].partOffset >= point { index -= 1 }
        var added = [KF8Part.Segment(partOffset: point, flowRange: run)]
        if index > 0 {
            let before = segments[index - 1]
            let inside = point - before.partOffset
            if inside < before.flowRange.count {
                let split = before.flowRange.lowerBound + inside
                segments[index - 1] = KF8Part.Segment(partOffset: before.partOffset, flowRange: before.flowRange.lowerBound..<split)
                added.append(KF8Part.Segment(partOffset: point + run.count, flowRange: split..<before.flowRange.upperBound))
            }
        }
        for later in index..<segments.count {
            let segment = segments[later]
            segments[later] = KF8Part.Segment(partOffset: segment.partOffset + run.count, flowRange: segment.flowRange)
        }
        work += segments.count - index
        segments.insert(contentsOf: added, at: index)
    }
}
