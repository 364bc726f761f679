import ReaderCore
import Testing

/// `Paginator.writeText` against the pages it stands for: the same lines, byte for byte, whatever
/// the blocks hold (wrapping, decoration, tabs, rules, pictures, empty text, wide and combining
/// characters) and wherever page breaks fall.
@Suite struct PaginatorWriteTextTests {
    @Test("writeText writes the lines of pages(), in order, each ended by a line feed",
          arguments: [(20, 7), (33, 10_000), (80, 24), (9, 3)])
    func writeTextMatchesPages(columns: Int, rows: Int) throws {
        for startsNewPages in [false, true] {
            let document = StubDocument(sections: Self.sections, sectionsStartNewPages: startsNewPages)
            let viewport = try Viewport(columns: columns, rows: rows)
            let pages = Array(Paginator(document: document, viewport: viewport).pages())
            #expect(pages.count > 1 || rows == 10_000)
            let expected = pages.flatMap(\.lines).map { $0 + "\n" }.joined()
            var written: [UInt8] = []
            var writes = 0
            try Paginator(document: document, viewport: viewport).writeText {
                written.append(contentsOf: $0)
                writes += 1
            }
            #expect(String(decoding: written, as: UTF8.self) == expected, "\(columns)x\(rows)")
            #expect(writes == pages.count, "one write per page")
        }
    }

    static let sections: [[Block]] = [
        [block(.heading(level: 1), "Chapter One: the keeper"),
         block(.paragraph, String(repeating: "The keeper climbed the iron stair at dusk, well-known and half/full of salt. ", count: 6)),
         block(.listItem(marker: "•"), "A list item long enough to wrap under its marker more than once, at least at narrow widths.", listDepth: 1),
         block(.listItem(marker: "12."), "A nested item with\ta tab and a very-long-hyphenated-word-that-will-not-fit.", listDepth: 2),
         block(.quote, "Quoted twice: «Light on the water, light on the wall», nobody watching, nobody at all.", quoteDepth: 2)],
        [block(.preformatted, "col\tcol2\tcol3\n\tindented\tx\nno tab here but a line longer than the narrowest page width"),
         block(.rule, ""),
         Block(kind: .image(source: "lamp.png"), text: "The lamp at night, seen from the gallery", sourceMap: SourceMap()),
         block(.paragraph, ""),
         block(.paragraph, String(repeating: "灯塔守护者在夜里醒来，听见海浪拍打礁石。", count: 5)),
         block(.paragraph, "École naïve 🌊🏮 e\u{301}cole — the light kept turning\nall night\nand a forced break.")],
        [block(.heading(level: 2), "Part Two"),
         block(.paragraph, String(repeating: "Word ", count: 120), spacing: 2)],
    ]

    static func block(_ kind: Block.Kind, _ text: String, listDepth: Int = 0, quoteDepth: Int = 0,
                      spacing: Int = 1) -> Block {
        Block(kind: kind, text: text, sourceMap: .contiguous(sourceStart: 0, length: text.utf16.count),
              listDepth: listDepth, quoteDepth: quoteDepth, spacingBefore: spacing)
    }
}
