import Testing
@testable import ReaderCore

/// Prefixes and wrapping rules of each kind of block.
@Suite struct LayoutBlockKindTests {
    @Test func preformattedLinesAreKeptAndCutHard() {
        let block = LayoutFixture.block("    let x = 1\n\tlet y = 2", .preformatted)
        let lines = LayoutFixture.verify(block, columns: 8)
        #expect(lines.map(\.text) == ["    let ", "x = 1", "    let ", "y = 2"])
        #expect(lines.map(\.textRange) == [0..<8, 8..<14, 14..<19, 19..<24])
        #expect(LayoutFixture.verify(LayoutFixture.block("hello world", .preformatted), columns: 8).map(\.text)
                    == ["hello wo", "rld"])
    }

    @Test func preformattedKeepsSpacesAndExpandsTabsToStopsOfFour() {
        #expect(LayoutFixture.verify(LayoutFixture.block("ab  \n  cd", .preformatted), columns: 8).map(\.text)
                    == ["ab  ", "  cd"])
        #expect(LayoutFixture.verify(LayoutFixture.block("ab\tc\td", .preformatted), columns: 20).map(\.text)
                    == ["ab  c   d"])
        // A tab at the edge fills the line instead of overflowing it.
        #expect(LayoutFixture.verify(LayoutFixture.block("abcdefg\tx", .preformatted), columns: 8).map(\.text)
                    == ["abcdefg ", "x"])
        #expect(LayoutFixture.verify(LayoutFixture.block("漢字かな交じり", .preformatted), columns: 5).map(\.text)
                    == ["漢字", "かな", "交じ", "り"])
    }

    @Test func listItemsHangUnderTheirMarker() {
        let bullet = LayoutFixture.verify(LayoutFixture.block("alpha beta gamma delta", .listItem(marker: "•"), listDepth: 1),
                                          columns: 12)
        #expect(bullet.map(\.prefix) == ["• ", "  ", "  "])
        #expect(bullet.map(\.text) == ["alpha beta", "gamma", "delta"])
        let nested = LayoutFixture.verify(LayoutFixture.block("one two three\nfour", .listItem(marker: "1."), listDepth: 2),
                                          columns: 12)
        #expect(nested.map(\.prefix) == ["  1. ", "     ", "     "])
        #expect(nested.map(\.text) == ["one two", "three", "four"])
    }

    @Test("Continuation paragraphs of list items are indented", arguments: [(1, "  "), (2, "    "), (3, "      ")])
    func continuationParagraphs(depth: Int, indent: String) {
        let lines = LayoutFixture.verify(LayoutFixture.block("some words that wrap", listDepth: depth), columns: 16)
        #expect(lines.count > 1)
        #expect(lines.allSatisfy { $0.prefix == indent })
    }

    @Test func quotesGetABarPerLevel() {
        let nested = LayoutFixture.verify(LayoutFixture.block("to be or not to be", .quote, quoteDepth: 2), columns: 12)
        #expect(nested.map(\.prefix) == ["│ │ ", "│ │ ", "│ │ "])
        #expect(nested.map(\.text) == ["to be or", "not to", "be"])
        let listed = LayoutFixture.verify(LayoutFixture.block("first second", .listItem(marker: "-"), listDepth: 1, quoteDepth: 1),
                                          columns: 10)
        #expect(listed.map(\.prefix) == ["│ - ", "│   "])
        let blank = LayoutFixture.verify(LayoutFixture.block("a\n\nb", .quote, quoteDepth: 1), columns: 10)
        #expect(blank.map(\.prefix) == ["│ ", "│", "│ "])
    }

    @Test func imagesShowTheirAltText() {
        let cat = LayoutFixture.verify(LayoutFixture.block("A cat", .image(source: "cat.png")), columns: 40)
        #expect(cat == [LayoutLine(prefix: "[image] ", text: "A cat", textRange: 0..<5)])
        let bare = LayoutFixture.verify(LayoutFixture.block("", .image(source: nil)), columns: 40)
        #expect(bare == [LayoutLine(prefix: "[image]", text: "", textRange: 0..<0)])
        let long = LayoutFixture.verify(LayoutFixture.block("a photograph of a very sleepy cat", .image(source: nil)),
                                        columns: 20)
        #expect(long.map(\.prefix) == ["[image] "] + Array(repeating: "        ", count: long.count - 1))
    }

    @Test("A rule is one line of box drawing", arguments: [(80, 40), (20, 20), (8, 8)])
    func rules(columns: Int, length: Int) {
        let block = LayoutFixture.block("", .rule)
        let lines = LayoutFixture.verify(block, columns: columns)
        #expect(lines == [LayoutLine(prefix: String(repeating: "─", count: length), text: "", textRange: 0..<0)])
        let quoted = BlockLayout.lines(of: LayoutFixture.block("", .rule, quoteDepth: 1), columns: 20)
        #expect(quoted.map(\.prefix) == ["│ " + String(repeating: "─", count: 18)])
    }

    @Test func headingsArePlainText() {
        let lines = LayoutFixture.verify(LayoutFixture.block("Chapter One: The Beginning", .heading(level: 1)), columns: 14)
        #expect(lines.map(\.text) == ["Chapter One:", "The Beginning"])
        #expect(lines.allSatisfy { $0.prefix.isEmpty })
    }

    @Test func anEmptyListItemShowsItsMarker() {
        let lines = LayoutFixture.verify(LayoutFixture.block("", .listItem(marker: "•"), listDepth: 1), columns: 20)
        #expect(lines == [LayoutLine(prefix: "•", text: "", textRange: 0..<0)])
    }

    @Test("Deep nesting at tiny widths leaves room for text", arguments: 8...12)
    func deepNestingAtTinyWidths(columns: Int) {
        let kinds: [Block.Kind] = [.paragraph, .quote, .preformatted, .listItem(marker: "iii."),
                                   .listItem(marker: "a very long marker"), .image(source: nil), .heading(level: 2)]
        for kind in kinds {
            for depth in [0, 1, 3, 6, 12] {
                let block = LayoutFixture.block("nested words of text, wrapped 漢字 tightly", kind,
                                                listDepth: depth, quoteDepth: depth)
                let lines = LayoutFixture.verify(block, columns: columns)
                for line in lines {
                    #expect(LayoutFixture.width(line.prefix) <= columns - LinePrefix.minimumRoom(columns: columns))
                }
            }
        }
    }
}
