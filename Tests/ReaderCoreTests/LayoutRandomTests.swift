@testable import ReaderCore
import ReaderTestSupport
import Testing

/// Seeded random texts: the contract holds and `lineCount` always agrees with `lines`.
@Suite struct LayoutRandomTests {
    /// Block shapes the random texts are laid out as.
    static let shapes: [(kind: Block.Kind, listDepth: Int, quoteDepth: Int)] = [
        (.paragraph, 0, 0), (.preformatted, 0, 0), (.listItem(marker: "•"), 1, 0), (.quote, 0, 2),
        (.listItem(marker: "12."), 3, 1), (.image(source: nil), 0, 0), (.paragraph, 2, 0),
    ]

    @Test("Random texts keep the contract", arguments: 0..<8)
    func randomTexts(seed: UInt64) {
        var generator = SeededRandom(seed: seed)
        for _ in 0..<60 {
            let text = LayoutFixture.randomText(using: &generator, pieceCount: 40)
            let shape = Self.shapes.randomElement(using: &generator)!
            let block = LayoutFixture.block(text, shape.kind, listDepth: shape.listDepth, quoteDepth: shape.quoteDepth)
            for columns in [1, 2, 3, 5, 8, 13, 21, 40, 80] {
                LayoutFixture.verify(block, columns: columns)
            }
        }
    }

    @Test("The scanner's clusters are exactly Swift's Characters", arguments: 0..<4)
    func clustersMatchCharacters(seed: UInt64) {
        var generator = SeededRandom(seed: seed &+ 1000)
        for _ in 0..<100 {
            let text = LayoutFixture.randomText(using: &generator, pieceCount: 30)
            var recorder = ClusterRecorder()
            var bytes = Array(text.utf8)
            let end = bytes.withUnsafeMutableBufferPointer { buffer in
                ClusterScanner.scan(UnsafeBufferPointer(buffer), of: text, into: &recorder)
            }
            #expect(end == TextOffset(utf8: text.utf8.count, utf16: text.utf16.count))
            let expected = text.map { character in
                (utf16: character.utf16.count, width: CellWidth.of(cluster: character.unicodeScalars))
            }
            #expect(recorder.clusters.map(\.utf16) == expected.map(\.utf16), "\(text.debugDescription)")
            #expect(recorder.clusters.map(\.width) == expected.map(\.width), "\(text.debugDescription)")
        }
    }

    @Test("Long texts keep lineCount and lines in step", arguments: [17, 64, 133])
    func longTexts(columns: Int) {
        var generator = SeededRandom(seed: UInt64(columns))
        let text = LayoutFixture.randomText(using: &generator, pieceCount: 3000)
        for kind in [Block.Kind.paragraph, .preformatted] {
            LayoutFixture.verify(LayoutFixture.block(text, kind), columns: columns)
        }
    }
}

/// Records the clusters a ``ClusterScanner`` reports.
private struct ClusterRecorder: ClusterConsumer {
    /// Each cluster's UTF-16 length and width.
    var clusters: [(utf16: Int, width: Int)] = []

    /// Records one cluster.
    mutating func consume(start: TextOffset, utf8Count: Int, utf16Count: Int, width: Int,
                          properties: BreakProperties) {
        clusters.append((utf16Count, width))
    }
}
