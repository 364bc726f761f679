import Foundation
import ReaderCore
import ReaderTestSupport
import Testing
@testable import ReaderAnchoring

/// A book-sized target: about five million characters of made-up prose (the text of a 5 MB
/// EPUB), built once, then Locators re-anchored into a lightly edited copy of it.
@Suite("Re-anchoring: a large text")
struct ReanchoringScaleTests {
    /// Paragraphs of words drawn from a made-up vocabulary with a Zipf-like skew, so that common
    /// words repeat as they do in prose and phrases recur.
    static func prose(characters: Int, seed: UInt64) -> [String] {
        var random = SeededRandom(seed: seed)
        let syllables = ["ka", "lo", "mer", "tin", "sa", "dru", "ve", "on", "pha", "ril", "gu", "este", "nor", "i", "bal", "que"]
        let vocabulary = (0..<6000).map { _ in
            (0..<Int.random(in: 1...4, using: &random)).map { _ in syllables.randomElement(using: &random)! }.joined()
        }
        var paragraphs: [String] = []
        var total = 0
        while total < characters {
            var words: [String] = []
            for index in 0..<Int.random(in: 20...160, using: &random) {
                let rank = Int(Double(vocabulary.count) * pow(Double.random(in: 0..<1, using: &random), 3))
                var word = vocabulary[rank]
                if index == 0 { word = word.prefix(1).uppercased() + word.dropFirst() }
                words.append(word)
            }
            let paragraph = words.joined(separator: " ") + "."
            total += paragraph.utf16.count + 1
            paragraphs.append(paragraph)
        }
        return paragraphs
    }

    @Test("a five-million-character target is built once and each Locator re-anchors in well under a second")
    func largeTarget() throws {
        let paragraphs = Self.prose(characters: 5_000_000, seed: 5)
        let original = ParagraphDocument(paragraphs: paragraphs)
        let copy = EditedCopy(paragraphs, rate: 0.03, seed: 6)
        let edited = ParagraphDocument(paragraphs: copy.paragraphs)
        let clock = ContinuousClock()
        var target: AnchorTarget?
        let buildTime = try clock.measure { target = try AnchorTarget(document: edited) }
        let anchorTarget = try #require(target)
        #expect(anchorTarget.text.count > 4_500_000)

        var random = SeededRandom(seed: 7)
        var right = 0, refused = 0, slowest = Duration.zero, total = Duration.zero
        let trials = 100
        for _ in 0..<trials {
            let word = copy.keptWords.randomElement(using: &random)!
            let locator = try original.locator(at: word.original)
            var match: AnchorMatch?
            let elapsed = clock.measure { match = try? anchorTarget.locate(locator) }
            slowest = max(slowest, elapsed)
            total += elapsed
            if let match { if match.position == word.edited { right += 1 } } else { refused += 1 }
        }
        print("large text: \(anchorTarget.text.count) units built in \(buildTime); \(right)/\(trials) right, "
            + "\(refused) refused; \(total / trials) per Locator on average, slowest \(slowest)")
        #expect(right >= trials * 95 / 100)
        #expect(slowest < .seconds(1))
    }
}
