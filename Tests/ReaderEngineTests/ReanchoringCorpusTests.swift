import Foundation
import ReaderCore
import ReaderEngine
import ReaderTestSupport
import Testing

/// Re-anchoring between corpus books that hold the same text in two formats: the Project
/// Gutenberg EPUB of *Alice* into calibre's MOBI 6, joint and AZW3 conversions of it and into
/// Gutenberg's plain-text file of the book (made separately, not converted from the EPUB), and
/// *Moby-Dick* into calibre's AZW3 of it.
@Suite("Re-anchoring corpus books", .enabled(if: TestPaths.corpusAvailable))
struct ReanchoringCorpusTests {
    struct Pair: CustomTestStringConvertible, Sendable {
        var source: String
        var target: String
        /// The share of Locators that must land on the same words.
        var minimumHitRate: Double
        var testDescription: String { "\(source) → \(target)" }
    }

    static let pairs: [Pair] = [
        Pair(source: "epub/pg11_alice_epub2.epub", target: "mobi/calibre/pg11_alice_mobi6-old.mobi", minimumHitRate: 0.95),
        Pair(source: "epub/pg11_alice_epub2.epub", target: "mobi/calibre/pg11_alice_hybrid-both.mobi", minimumHitRate: 0.95),
        Pair(source: "epub/pg11_alice_epub2.epub", target: "mobi/calibre/pg11_alice_kf8.azw3", minimumHitRate: 0.95),
        Pair(source: "epub/pg11_alice_epub2.epub", target: "txt/utf-8/en_alice_pg11.txt", minimumHitRate: 0.9),
        Pair(source: "epub/moby-dick_epub3.epub", target: "mobi/calibre/moby-dick_kf8.azw3", minimumHitRate: 0.95),
    ]

    @Test("100 random Locators land on the same words in the other edition", arguments: pairs)
    func pair(_ pair: Pair) throws {
        let source = try ReaderEngine.standard.open(path: TestPaths.corpus + "/" + pair.source)
        let target = try ReaderEngine.standard.open(path: TestPaths.corpus + "/" + pair.target)
        let measured = try ReanchoringMeasurement(from: source, into: target, count: 100, seed: 0xA11CE)
        print("re-anchoring \(pair.testDescription): \(measured)")
        #expect(measured.hitRate >= pair.minimumHitRate, "\(measured)\n\(measured.wrong.joined(separator: "\n"))")
        #expect(measured.wrongRate <= 0.02, "\(measured.wrong.joined(separator: "\n"))")
    }
}
