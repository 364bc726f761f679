import Foundation
import ReaderCore
import ReaderEngine
import ReaderTestSupport
import Testing

/// The measure of issue 6: Locators taken at 200 random points of each EPUB TestBook land on the
/// same words in its MOBI, AZW3 and TXT conversions by calibre at least 95% of the time, and a
/// confident wrong answer (worse than a refusal) is rare.
@Suite("Re-anchoring EPUB Locators in calibre's conversions")
struct ReanchoringConversionTests {
    struct Pair: CustomTestStringConvertible, Sendable {
        var epub: String
        var conversion: String
        var testDescription: String { "\(epub) → \(conversion)" }
    }

    static let pairs: [Pair] = [
        Pair(epub: "lighthouse-keeper.epub", conversion: "mobi/lighthouse-keeper.mobi"),
        Pair(epub: "lighthouse-keeper.epub", conversion: "mobi/lighthouse-keeper.azw3"),
        Pair(epub: "lighthouse-keeper.epub", conversion: "conversions/lighthouse-keeper.txt"),
        Pair(epub: "moon-garden.epub", conversion: "conversions/moon-garden.mobi"),
        Pair(epub: "moon-garden.epub", conversion: "mobi/moon-garden.azw3"),
        Pair(epub: "moon-garden.epub", conversion: "mobi/moon-garden-both.mobi"),
        Pair(epub: "moon-garden.epub", conversion: "conversions/moon-garden.txt"),
        Pair(epub: "winter-road-fixed.epub", conversion: "conversions/winter-road-fixed.mobi"),
        Pair(epub: "winter-road-fixed.epub", conversion: "conversions/winter-road-fixed.azw3"),
        Pair(epub: "winter-road-fixed.epub", conversion: "conversions/winter-road-fixed.txt"),
    ]

    @Test("200 random EPUB Locators land on the same words in a conversion", arguments: pairs)
    func conversion(pair: Pair) throws {
        let epub = try ReaderEngine.standard.open(path: TestPaths.testBooks + "/epub/" + pair.epub)
        let converted = try ReaderEngine.standard.open(path: TestPaths.testBooks + "/" + pair.conversion)
        let seed = pair.epub.utf8.reduce(0xcbf2_9ce4_8422_2325 as UInt64) { ($0 ^ UInt64($1)) &* 0x100_0000_01B3 }
        let measured = try ReanchoringMeasurement(from: epub, into: converted, count: 200, seed: seed)
        print("re-anchoring \(pair.testDescription): \(measured)")
        #expect(measured.trials == 200)
        #expect(measured.hitRate >= 0.95, "\(pair.testDescription): \(measured)\n\(measured.wrong.joined(separator: "\n"))")
        #expect(measured.wrongRate <= 0.01, "\(pair.testDescription): \(measured.wrong.joined(separator: "\n"))")
    }

    @Test("Locators of one book are refused in another, never placed", arguments: [
        Pair(epub: "lighthouse-keeper.epub", conversion: "conversions/winter-road-fixed.txt"),
        Pair(epub: "moon-garden.epub", conversion: "mobi/lighthouse-keeper.azw3"),
        Pair(epub: "winter-road-fixed.epub", conversion: "conversions/moon-garden.mobi"),
    ])
    func anotherBook(pair: Pair) throws {
        let epub = try ReaderEngine.standard.open(path: TestPaths.testBooks + "/epub/" + pair.epub)
        let other = try ReaderEngine.standard.open(path: TestPaths.testBooks + "/" + pair.conversion)
        let measured = try ReanchoringMeasurement(from: epub, into: other, count: 50, seed: 1)
        #expect(measured.refusals == measured.trials, "\(pair.testDescription): \(measured)\n\(measured.wrong.joined(separator: "\n"))")
    }
}
