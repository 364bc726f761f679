import Foundation
import ReaderCore

/// One re-anchoring: the Locator's query searched for in a target, unchanged and then with edits,
/// and the decision turned into a match or a refusal.
struct AnchorSearch {
    let target: AnchorTarget
    let locator: Locator
    let options: ReanchoringOptions

    func run() throws(ReaderError) -> AnchorMatch {
        var normalizer = target.normalizer
        guard let query = AnchorQuery(locator.text, normalizer: &normalizer) else { return try placeByProgression() }
        guard !target.text.isEmpty else {
            throw ReaderError(.anchorNotFound, reason: "the document has no text to re-anchor in")
        }
        let expectedAnchor = try expectedPlace()
        let expectedStart = expectedAnchor.map { $0 - query.anchor }

        let exact = ExactOccurrences(of: query.units, in: target.text, index: target.index, expectedStart: expectedStart)
        let method: AnchorMatch.Method
        let decision: AnchorDecision?
        if exact.count > 0 {
            method = .exactContext
            let places = exact.starts.map { AnchorAlignment.Place(anchor: $0 + query.anchor, distance: 0) }
            decision = AnchorDecision(places: places, query: query, textLength: target.text.count,
                                      expectedAnchor: expectedAnchor, equallyGoodAtLeast: exact.count)
        } else {
            method = .fuzzyContext
            let alignment = AnchorAlignment(query)
            let windows = SeedWindows.windows(for: query, in: target.text, index: target.index, expectedStart: expectedStart)
            let places = Set(windows.map { alignment.bestPlace(in: target.text, window: $0) })
            decision = AnchorDecision(places: Array(places), query: query, textLength: target.text.count,
                                      expectedAnchor: expectedAnchor)
        }
        let confidence = decision?.confidence ?? 0
        guard let decision, confidence >= options.minimumConfidence else {
            throw ReaderError(.anchorNotFound, reason: "no place matches the Locator's text context well enough "
                + "(best confidence \(Self.format(confidence)), at least \(Self.format(options.minimumConfidence)) needed)")
        }
        let position = try target.position(atNormalizedIndex: decision.chosen.anchor)
        return AnchorMatch(position: position, locator: try target.document.locator(at: position),
                           confidence: confidence, method: method, editDistance: decision.chosen.distance,
                           contextLength: query.units.count, equallyGoodPlaces: decision.equallyGoodPlaces)
    }

    /// Where the Locator's progression puts it in the normalised text: its total progression, or
    /// else its progression in the resource its `href` names, when the target has that resource;
    /// nil when it has neither.
    private func expectedPlace() throws(ReaderError) -> Int? {
        let locations = locator.locations
        if let total = Self.fraction(locations.totalProgression) {
            return Int((total * Double(target.text.count)).rounded())
        }
        guard let progression = Self.fraction(locations.progression),
              let section = target.document.readingOrder.firstIndex(where: { $0.href == locator.href }) else { return nil }
        let range = target.normalizedRange(ofSection: section)
        return range.lowerBound + Int((progression * Double(range.count)).rounded())
    }

    private static func fraction(_ value: Double?) -> Double? {
        guard let value, value.isFinite else { return nil }
        return min(1, max(0, value))
    }

    /// For a Locator without context: its progression, when the caller asked for that.
    /// The place moves past a space, to the start of the next word or block.
    private func placeByProgression() throws(ReaderError) -> AnchorMatch {
        guard options.fallsBackToProgression else {
            throw ReaderError(.invalidLocator, reason: "the Locator carries no text context to re-anchor by")
        }
        guard var place = try expectedPlace() else {
            throw ReaderError(.invalidLocator, reason: "the Locator carries neither text context nor a progression to re-anchor by")
        }
        while place < target.text.count, target.text[place] == NormalizedText.space { place += 1 }
        let position = try target.position(atNormalizedIndex: place)
        return AnchorMatch(position: position, locator: try target.document.locator(at: position),
                           confidence: AnchorMatch.progressionConfidence, method: .progression, editDistance: nil,
                           contextLength: 0, equallyGoodPlaces: 1)
    }

    private static func format(_ value: Double) -> String {
        String(format: "%.2f", value)
    }
}
