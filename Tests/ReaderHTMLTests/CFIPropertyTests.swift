import ReaderHTML
import ReaderTestSupport
import Testing

/// Properties over seeded random content documents (see `CFISamples.randomDocument`).
@Suite("EPUB CFI properties")
struct CFIPropertyTests {
    static let seeds: [UInt64] = Array(1...40)

    /// For every source offset: resolve(generate(offset)) == offset, through the content
    /// position, through the printed and parsed CFI, and through its partial form.
    @Test(arguments: seeds)
    func generationAndResolutionRoundTrip(seed: UInt64) throws {
        let document = CFISamples.randomDocument(seed: seed)
        let index = document.index
        guard !index.chunks.isEmpty else { return }
        for offset in 0...index.sourceLength {
            let position = try #require(index.cfiPath(forSourceOffset: offset))
            #expect(index.sourceOffset(for: position.steps, characterOffset: position.characterOffset) == offset,
                    "seed \(seed) offset \(offset)")
            let cfi = try #require(index.cfi(forSourceOffset: offset, spineIndex: 3, itemrefID: "item"))
            let parsed = try EPUBCFI(parsing: cfi.description)
            #expect(parsed == cfi)
            let resolution = index.resolve(parsed, text: { document.text($0) })
            #expect(resolution.sourceOffset == offset)
            #expect(resolution.assertions != .failed && resolution.assertions != .corrected)
            #expect(index.resolve(try EPUBCFI(parsing: parsed.partialCFI)).sourceOffset == offset)
        }
    }

    /// CFIs generated for increasing offsets are in increasing document order.
    @Test(arguments: seeds)
    func cfisAreOrderedLikeTheirOffsets(seed: UInt64) throws {
        let index = CFISamples.randomDocument(seed: seed).index
        guard !index.chunks.isEmpty else { return }
        let cfis = (0...index.sourceLength).compactMap { index.cfi(forSourceOffset: $0, spineIndex: 0) }
        #expect(cfis.count == index.sourceLength + 1)
        for (earlier, later) in zip(cfis, cfis.dropFirst()) {
            #expect(earlier.compareDocumentOrder(later) == .before, "seed \(seed): \(earlier) < \(later)")
        }
        var random = SeededRandom(seed: seed)
        #expect(cfis.shuffled(using: &random).sorted() == cfis)
    }

    /// Ranges resolve to the span they were made from.
    @Test(arguments: seeds)
    func rangesRoundTrip(seed: UInt64) throws {
        let index = CFISamples.randomDocument(seed: seed).index
        guard !index.chunks.isEmpty else { return }
        var random = SeededRandom(seed: seed)
        for _ in 0..<50 {
            let a = Int.random(in: 0...index.sourceLength, using: &random)
            let b = Int.random(in: 0...index.sourceLength, using: &random)
            let span = min(a, b)..<max(a, b)
            let cfi = try #require(index.cfi(forSourceRange: span, spineIndex: 2, itemrefID: "c"))
            let parsed = try EPUBCFI(parsing: cfi.description)
            #expect(parsed == cfi)
            #expect(index.resolve(parsed).sourceRange == span, "seed \(seed): \(cfi)")
        }
    }

    /// A wrong index on a step with an id is corrected by the id.
    @Test(arguments: seeds)
    func idsCorrectDamagedPaths(seed: UInt64) throws {
        let index = CFISamples.randomDocument(seed: seed).index
        guard !index.chunks.isEmpty else { return }
        var random = SeededRandom(seed: seed)
        for offset in 0...index.sourceLength {
            let position = try #require(index.cfiPath(forSourceOffset: offset))
            guard let deepest = position.steps.lastIndex(where: { $0.id != nil }) else { continue }
            var damaged = position.steps
            damaged[deepest].index += 2 * Int.random(in: 1...3, using: &random)
            #expect(index.sourceOffset(for: damaged, characterOffset: position.characterOffset) == offset,
                    "seed \(seed) offset \(offset)")
        }
    }

    /// Random strings never crash the parser, and whatever parses prints back to itself.
    @Test func randomStringsParseOrThrowAndRoundTrip() {
        let pieces = ["/", "/4", "/3", "/0", "/10", "!", ":", ":12", "@", "~", "2.5", ":50", "[", "]", "^", "^[", ",",
                      ";", "s=b", "=", "(", ")", "epubcfi(", "id", " ", "Ф", "𝄞", "%", "0", "01", "."]
        var random = SeededRandom(seed: 99)
        var parsedCount = 0
        for _ in 0..<5_000 {
            let count = Int.random(in: 0...10, using: &random)
            let text = "/4" + (0..<count).map { _ in pieces.randomElement(using: &random)! }.joined()
            guard let cfi = try? EPUBCFI(parsing: text) else { continue }
            parsedCount += 1
            #expect((try? EPUBCFI(parsing: cfi.description)) == cfi, "\(text) → \(cfi)")
            #expect(cfi.compareDocumentOrder(cfi) == .same)
        }
        #expect(parsedCount > 100)
    }
}
