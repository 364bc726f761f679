/// The best place for a query's anchor in a window of the target text.
///
/// An alignment of the whole query passes the anchor at some place p of the text, so its cost is
/// the cost of the before part ending at p plus the cost of the rest starting at p. One bit-parallel
/// pass of the before part forwards and one of the reversed rest backwards give both for every p
/// in the window, and the best p is read off without a traceback.
struct AnchorAlignment {
    private let beforeMatcher: BitParallelMatcher
    private let reversedRestMatcher: BitParallelMatcher
    private let lastBefore: UInt16?
    private let firstOfRest: UInt16?

    /// A place and its cost.
    struct Place: Hashable {
        /// Where the anchor falls in the target text.
        var anchor: Int
        /// Edits between the query and the text around the anchor.
        var distance: Int
    }

    init(_ query: AnchorQuery) {
        beforeMatcher = BitParallelMatcher(pattern: query.before)
        reversedRestMatcher = BitParallelMatcher(pattern: query.rest.reversed())
        lastBefore = query.before.last
        firstOfRest = query.rest.first
    }

    /// The cheapest place in `window`. Equally cheap places are told apart by the junction (the
    /// units on either side of the place equal to the last of the before part and the first of
    /// the rest: an edit next to the position then counts on the side it was made), then by the
    /// cost of the rest (the highlight starts there), then the first wins.
    func bestPlace(in text: [UInt16], window: Range<Int>) -> Place {
        let before = beforeMatcher.scores(in: text, range: window)
        let rest = reversedRestMatcher.scores(in: text, range: window, backwards: true)
        var best = Place(anchor: window.lowerBound, distance: Int.max)
        var bestKey = (Int.max, Int.max, Int.max)
        for anchor in window.lowerBound...window.upperBound {
            let restCost = rest[window.upperBound - anchor]
            let distance = before[anchor - window.lowerBound] + restCost
            guard distance <= best.distance else { continue }
            let key = (distance, 2 - junctionAgreement(at: anchor, in: text), restCost)
            if key < bestKey {
                best = Place(anchor: anchor, distance: distance)
                bestKey = key
            }
        }
        return best
    }

    /// 0 to 2: whether the unit before `anchor` is the last of the before part, and whether the
    /// unit at it is the first of the rest.
    private func junctionAgreement(at anchor: Int, in text: [UInt16]) -> Int {
        var agreement = 0
        if let lastBefore, anchor > 0, text[anchor - 1] == lastBefore { agreement += 1 }
        if let firstOfRest, anchor < text.count, text[anchor] == firstOfRest { agreement += 1 }
        return agreement
    }
}
