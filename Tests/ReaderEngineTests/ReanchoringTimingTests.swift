import Foundation
import ReaderAnchoring
import ReaderCore
import ReaderEngine
import Testing

/// Timing on a book of your choice, run by hand, best in release:
///
///     python3 TestBooks/make-large-epub.py /tmp/large-5mb.epub 5
///     READER_REANCHOR_BOOK=/tmp/large-5mb.epub swift test -c release --filter ReanchoringTimingTests
///
/// The generated book repeats the same paragraphs hundreds of times, so most of its Locators tie
/// with hundreds of places: the worst case for the lookup caps, not a measure of accuracy.
@Suite("Re-anchoring timing", .enabled(if: ProcessInfo.processInfo.environment["READER_REANCHOR_BOOK"] != nil))
struct ReanchoringTimingTests {
    @Test("build the target once, then re-anchor 100 of the book's own Locators")
    func timing() throws {
        let path = try #require(ProcessInfo.processInfo.environment["READER_REANCHOR_BOOK"])
        let document = try ReaderEngine.standard.open(path: path)
        let clock = ContinuousClock()
        var target: AnchorTarget?
        let buildTime = try clock.measure { target = try AnchorTarget(document: document) }
        let anchorTarget = try #require(target)
        let locators = try ReanchoringMeasurement.positions(in: document, count: 100, seed: 3).map { try document.locator(at: $0) }
        var slowest = Duration.zero
        var total = Duration.zero
        var refused = 0
        for locator in locators {
            let elapsed = clock.measure {
                do { _ = try anchorTarget.locate(locator) } catch { refused += 1 }
            }
            slowest = max(slowest, elapsed)
            total += elapsed
        }
        print("\(path): target built in \(buildTime); \(locators.count) Locators, \(refused) refused, "
            + "\(total / locators.count) each on average, slowest \(slowest)")
        #expect(slowest < .seconds(1))
    }
}
