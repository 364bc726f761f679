import Foundation
import ReaderAnchoring
import ReaderCore

/// Re-anchors Locators made at random points of one document into another and counts how many
/// land on the same words, how many are refused and how many land elsewhere.
public struct ReanchoringMeasurement: CustomStringConvertible, Sendable {
    /// Locators tried.
    public var trials = 0
    /// Matches on the same words: up to 2 words before and 5 from the position, within its block
    /// in the source, against the words around the match (across blocks) in the target.
    public var hits = 0
    /// Locators refused (`anchorNotFound`).
    public var refusals = 0
    /// Matches found by alignment rather than unchanged (hits or not).
    public var fuzzy = 0
    /// Matches on other words, with what was expected and found, for the failure message.
    public var wrong: [String] = []
    /// Time to build the target and to re-anchor all the Locators.
    public var buildTime = Duration.zero
    public var locateTime = Duration.zero

    /// The share of trials that landed on the same words.
    public var hitRate: Double { trials == 0 ? 0 : Double(hits) / Double(trials) }
    /// The share of trials that landed on other words.
    public var wrongRate: Double { trials == 0 ? 0 : Double(wrong.count) / Double(trials) }

    /// One line: hits, refusals, wrong answers and times.
    public var description: String {
        let percent = (hitRate * 1000).rounded() / 10
        let perLocator = trials == 0 ? 0 : Self.microseconds(locateTime) / trials
        return "\(hits)/\(trials) on the same words (\(percent)%), \(refusals) refused, \(wrong.count) wrong, "
            + "\(fuzzy) found by alignment; "
            + "target built in \(Self.microseconds(buildTime) / 1000) ms, \(perLocator) µs per Locator"
    }

    private static func microseconds(_ duration: Duration) -> Int {
        Int(duration.components.seconds) * 1_000_000 + Int(duration.components.attoseconds / 1_000_000_000_000)
    }

    /// Measures `count` Locators of `source`, at seeded random characters it copied from its
    /// files (uniform over characters, in blocks holding at least one word), re-anchored in `target`.
    public init(from source: any Document, into target: any Document, count: Int, seed: UInt64,
         options: ReanchoringOptions = .init()) throws {
        let clock = ContinuousClock()
        let start = clock.now
        let anchorTarget = try AnchorTarget(document: target)
        buildTime = clock.now - start
        for position in try RandomPositions.uniformOnSource(in: source, count: count, seed: seed) {
            let block = try source.content(ofSection: position.section).blocks[position.block]
            let expected = PositionWords.inBlock(block.text, at: position.offset, before: 2, after: 5)
            let locator = try source.locator(at: position)
            trials += 1
            let before = clock.now
            let match: AnchorMatch
            do {
                match = try anchorTarget.locate(locator, options: options)
            } catch {
                locateTime += clock.now - before
                refusals += 1
                continue
            }
            locateTime += clock.now - before
            if match.method == .fuzzyContext { fuzzy += 1 }
            let found = try PositionWords.around(match.position, in: target, before: expected.before.count,
                                                 after: expected.after.count)
            if found.before == expected.before, found.after == expected.after {
                hits += 1
            } else {
                wrong.append("\(position) → \(match.position) (confidence \(match.confidence), \(match.method)): "
                    + "expected \(expected), found \(found)")
            }
        }
    }
}
