import ReaderCore
import ReaderHTML
import ReaderTestSupport
import Testing

/// Checks that an EPUB's positions survive a trip through their Locators.
///
/// For every section start and some seeded random positions: the Locator has a `cfi` and an
/// `offset`; Locators with only href + cfi, only href + offset, and only the full `epubcfi(…)`
/// all resolve to the same position, the *canonical* position of the Locator's source offset
/// (``canonicalPosition(ofSourceOffset:in:section:)``). That is the position itself when it is
/// at a character copied from the source; a position on text the engine made (alternative text,
/// a line break from `<br>`), at the end of a block, or on an image or rule block that shares its
/// offset with the text after it lands where that rule says, and the canonical position resolves
/// to itself. CFIs sort like the positions they come from.
enum CFIRoundTrip {
    /// One sampled position and what its Locator says.
    struct Sample {
        var position: TextPosition
        var sourceOffset: Int
        var cfi: EPUBCFI
    }

    /// Runs the checks on `document`, recording issues that name it `name`.
    static func check(_ document: any Document, name: String, seed: UInt64, randomCount: Int = 50) throws {
        let contents = try document.readingOrder.indices.map { try document.content(ofSection: $0) }
        var random = SeededRandom(seed: seed)
        var positions = contents.indices.map { TextPosition(section: $0, block: 0, offset: 0) }
        let withBlocks = contents.indices.filter { !contents[$0].blocks.isEmpty }
        for _ in 0..<(withBlocks.isEmpty ? 0 : randomCount) {
            let section = withBlocks.randomElement(using: &random)!
            let block = Int.random(in: contents[section].blocks.indices, using: &random)
            let offset = Int.random(in: 0...contents[section].blocks[block].text.utf16.count, using: &random)
            positions.append(TextPosition(section: section, block: block, offset: offset))
        }
        var samples: [Sample] = []
        for position in Set(positions).sorted() {
            let locator = try document.locator(at: position)
            guard let cfi = locator.locations.cfi, let offset = locator.locations.offset else {
                Issue.record("\(name) \(position): Locator without cfi or offset: \(locator.locations)")
                continue
            }
            let viaCFI = try document.textPosition(for: Locator(href: locator.href, type: locator.type,
                                                                locations: .init(cfi: cfi)))
            let viaOffset = try document.textPosition(for: Locator(href: locator.href, type: locator.type,
                                                                   locations: .init(offset: offset)))
            let viaFullCFI = try document.textPosition(for: Locator(href: "", type: locator.type,
                                                                    locations: .init(cfi: "epubcfi(\(cfi))")))
            let canonical = canonicalPosition(ofSourceOffset: offset, in: contents[position.section],
                                              section: position.section)
            let context = "\(name) \(position) offset \(offset) cfi \(cfi)"
            #expect(viaCFI == canonical, "\(context): cfi gave \(viaCFI)")
            #expect(viaOffset == canonical, "\(context): offset gave \(viaOffset)")
            #expect(viaFullCFI == canonical, "\(context): epubcfi(…) gave \(viaFullCFI)")
            if isAtSourceCharacter(position, in: contents[position.section]) {
                #expect(canonical == position, "\(context): a source character must round-trip exactly")
            }
            // A gap's CFI may name the unshown white space it points at; the place it lands on stays put.
            let again = try document.locator(at: canonical)
            #expect(try document.textPosition(for: again) == canonical, "\(context): the canonical position moves")
            samples.append(Sample(position: position, sourceOffset: offset, cfi: try EPUBCFI(parsing: cfi)))
        }
        expectCFIsSortLikePositions(samples, readingOrder: document.readingOrder, name: name)
    }

    /// For positions p < q: in one section, cfi(p) is before cfi(q) when p's source offset is
    /// smaller and the same CFI when equal; in two linear sections (whose reading order is spine
    /// order), cfi(p) is before cfi(q).
    private static func expectCFIsSortLikePositions(_ samples: [Sample], readingOrder: [Section], name: String) {
        for (index, earlier) in samples.enumerated() {
            for later in samples[(index + 1)...] {
                let order = earlier.cfi.compareDocumentOrder(later.cfi)
                let context = "\(name): \(earlier.position) \(earlier.cfi) vs \(later.position) \(later.cfi)"
                if earlier.position.section == later.position.section {
                    #expect(earlier.sourceOffset <= later.sourceOffset, "\(context): offsets out of order")
                    #expect(order == (earlier.sourceOffset == later.sourceOffset ? .same : .before), "\(context)")
                } else if readingOrder[earlier.position.section].isLinear, readingOrder[later.position.section].isLinear {
                    #expect(order == .before, "\(context)")
                }
            }
        }
    }

    /// Whether a position is at a character copied from the source (not text the engine made,
    /// nor the end of a block, nor an image or rule block).
    static func isAtSourceCharacter(_ position: TextPosition, in content: SectionContent) -> Bool {
        guard content.blocks.indices.contains(position.block) else { return false }
        return content.blocks[position.block].sourceMap.runs.contains {
            $0.textStart <= position.offset && position.offset < $0.textEnd
        }
    }

    /// The rule a source offset resolves by (`SourceOffsetPlacement` in ReaderEPUB), stated over
    /// the blocks' source maps: the offset moves to the first place at or after it that the text
    /// occupies, where a character copied from the source occupies its offset and an image or
    /// rule block the point it sits at; a character wins over a block at the same place, and the
    /// first of several blocks at one point wins. With nothing at or after it: the end of the last
    /// block (the start of an image or rule block); no blocks: the section start.
    static func canonicalPosition(ofSourceOffset offset: Int, in content: SectionContent, section: Int) -> TextPosition {
        var best: (source: Int, isCharacter: Bool, position: TextPosition)?
        for (index, block) in content.blocks.enumerated() {
            for run in block.sourceMap.runs {
                // The first place of this run at or after the offset, if it has one.
                let source = max(run.sourceStart, offset)
                let isCharacter = run.length > 0
                guard isCharacter ? source < run.sourceEnd : run.sourceStart >= offset else { continue }
                if let best, best.source < source || (best.source == source && (best.isCharacter || !isCharacter)) { continue }
                best = (source, isCharacter,
                        TextPosition(section: section, block: index, offset: run.textStart + source - run.sourceStart))
            }
        }
        if let best { return best.position }
        guard let last = content.blocks.indices.last else { return TextPosition(section: section, block: 0, offset: 0) }
        let hasText = content.blocks[last].sourceMap.runs.contains { $0.length > 0 }
        return TextPosition(section: section, block: last, offset: hasText ? content.blocks[last].text.utf16.count : 0)
    }

    /// A seed made from a name (FNV-1a), so every book samples its own positions on every run.
    static func seed(_ name: String) -> UInt64 {
        name.utf8.reduce(0xCBF2_9CE4_8422_2325 as UInt64) { ($0 ^ UInt64($1)) &* 0x100_0000_01B3 }
    }
}
