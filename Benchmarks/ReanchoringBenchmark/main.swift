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

/// SplitMix64, so every run draws the same positions.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}

/// Positions on characters copied from the source, uniform over them, in blocks with a letter or digit.
func positions(in document: any Document, count: Int, seed: UInt64) throws -> [TextPosition] {
    var runs: [(section: Int, block: Int, start: Int, length: Int)] = []
    for section in document.readingOrder.indices {
        for (index, block) in try document.content(ofSection: section).blocks.enumerated()
        where block.text.contains(where: { $0.isLetter || $0.isNumber }) {
            for run in block.sourceMap.runs where run.length > 0 {
                runs.append((section, index, run.textStart, run.length))
            }
        }
    }
    let total = runs.reduce(0) { $0 + $1.length }
    guard total > 0 else { return [] }
    var random = SplitMix64(state: seed)
    return (0..<count).map { _ in
        var remaining = Int.random(in: 0..<total, using: &random)
        for run in runs {
            if remaining < run.length { return TextPosition(section: run.section, block: run.block, offset: run.start + remaining) }
            remaining -= run.length
        }
        return .start
    }
}

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
    let locators = try positions(in: document, count: count, seed: 3).map { try document.locator(at: $0) }
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
