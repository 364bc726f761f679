/// The choice among the places a query matched, and how far to trust it.
///
/// The confidence is the product of three shares in 0...1:
/// - **similarity**: 1 − edits ÷ query length, rescaled so that the similarity unrelated text
///   reaches by chance (``chanceSimilarity``) counts as 0;
/// - **length**: a query shorter than ``reliableLength`` letters' worth (``AnchorQuery/informativeLength``)
///   could match by chance, whatever it is;
/// - **distinctness**: 1 when no other place comes close; when another place (at least half a
///   query away) is within ``clearMargin`` of the best similarity, less, down to
///   ``tieDistinctness`` for a tie that progression cannot settle, and up to
///   ``tieDistinctness`` + ``progressionShare`` when progression settles it clearly: when the
///   rival is ``progressionTolerance`` of the text or more further from where the Locator's
///   progression expects it than the chosen place is (progression is only roughly comparable
///   across editions and formats).
struct AnchorDecision {
    static let chanceSimilarity = 0.35
    static let reliableLength = 16
    static let clearMargin = 0.15
    static let tieDistinctness = 0.4
    static let progressionShare = 0.5
    static let progressionTolerance = 0.05

    /// The chosen place.
    let chosen: AnchorAlignment.Place
    /// How many places matched as well as the chosen one, itself included.
    let equallyGoodPlaces: Int
    /// How far to trust the choice, 0...1.
    let confidence: Double

    /// Chooses among `places` (nil when there are none) for `query`, in a text of `textLength`
    /// units. The best match wins; among equally good ones, the one nearest `expectedAnchor`.
    /// - Parameter equallyGoodAtLeast: a lower bound on the equally good places, for searches
    ///   that kept only some of them.
    init?(places: [AnchorAlignment.Place], query: AnchorQuery, textLength: Int, expectedAnchor: Int?,
          equallyGoodAtLeast: Int = 1) {
        let queryLength = query.units.count
        guard let fewest = places.map(\.distance).min(), queryLength > 0 else { return nil }
        let nearness: (Int) -> Int = { anchor in expectedAnchor.map { abs(anchor - $0) } ?? anchor }
        let ranked = places.sorted { ($0.distance, nearness($0.anchor)) < ($1.distance, nearness($1.anchor)) }
        chosen = ranked[0]
        let apart = max(1, queryLength / 2)
        let others = ranked.dropFirst().filter { abs($0.anchor - ranked[0].anchor) > apart }
        let ties = others.filter { $0.distance == fewest }
        equallyGoodPlaces = max(equallyGoodAtLeast, ties.count + 1)

        let similarity = 1 - Double(fewest) / Double(queryLength)
        let aboveChance = max(0, (similarity - Self.chanceSimilarity) / (1 - Self.chanceSimilarity))
        let length = min(1, Double(query.informativeLength) / Double(Self.reliableLength))
        var distinctness = 1.0
        if let rival = others.first {
            let margin = Double(rival.distance - fewest) / Double(queryLength)
            if equallyGoodPlaces > 1 || margin < Self.clearMargin {
                let tie = Self.tieDistinctness + Self.progressionShare
                    * Self.progressionSeparation(chosen: chosen.anchor, rival: rival.anchor, expected: expectedAnchor,
                                                 textLength: textLength)
                distinctness = tie + (1 - tie) * min(1, margin / Self.clearMargin)
            }
        } else if equallyGoodPlaces > 1 {
            distinctness = Self.tieDistinctness  // the rivals were not kept, so nothing tells them apart
        }
        confidence = aboveChance * length * distinctness
    }

    /// How much nearer the expected place the chosen one is than its rival: 0 (no nearer, or
    /// nothing expected) to 1 (nearer by ``progressionTolerance`` of the text or more).
    private static func progressionSeparation(chosen: Int, rival: Int, expected: Int?, textLength: Int) -> Double {
        guard let expected, textLength > 0 else { return 0 }
        let gain = Double(abs(rival - expected) - abs(chosen - expected))
        return min(1, max(0, gain / (progressionTolerance * Double(textLength))))
    }
}
