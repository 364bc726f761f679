// Re-anchoring timing on one book: the target built once, then `count` of the book's own
// Locators (at seeded random characters copied from its files) re-anchored in it.
//
//     swift run -c release ReanchoringBenchmark BOOK [COUNT]
//
// Benchmarks/reanchoring.sh runs it on a generated EPUB and writes the figures into
// docs/benchmarks.md. That book repeats the same paragraphs hundreds of times, so most of its
// Locators tie with hundreds of places: the worst case for the lookup caps, not a measure of
// accuracy (the tests in ReaderAnchoringTests and ReaderEngineTests measure that).
import Foundation
import ReaderAnchoring
import ReaderCore
import ReaderEngine
import ReaderTestSupport

func milliseconds(_ duration: Duration) -> String {
    let value = Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
    return String(format: "%.1f", value)
}

let arguments = CommandLine.arguments.dropFirst()
guard let path = arguments.first else {
    FileHandle.standardError.write(Data("usage: ReanchoringBenchmark BOOK [COUNT]\n".utf8))
    exit(2)
}
let count = arguments.dropFirst().first.flatMap { Int($0) } ?? 100
do {
    let clock = ContinuousClock()
    let start = clock.now
    let document = try ReaderEngine.standard.open(path: path)
    let target = try AnchorTarget(document: document)
    let buildTime = clock.now - start
    let locators = try RandomPositions.uniformOnSource(in: document, count: count, seed: 3).map { try document.locator(at: $0) }
    var times: [Duration] = []
    var refused = 0
    for locator in locators {
        let before = clock.now
        do { _ = try target.locate(locator) } catch { refused += 1 }
        times.append(clock.now - before)
    }
    let total = times.reduce(Duration.zero, +)
    // One line of `key value` pairs, for the script to read.
    print("build_ms \(milliseconds(buildTime)) locators \(locators.count) refused \(refused)"
        + " mean_ms \(milliseconds(locators.isEmpty ? .zero : total / locators.count))"
        + " slowest_ms \(milliseconds(times.max() ?? .zero))")
} catch {
    FileHandle.standardError.write(Data("ReanchoringBenchmark: \(error)\n".utf8))
    exit(1)
}
