import Testing
@testable import ReaderCore

/// Word wrapping of Latin-script flowing text.
@Suite struct LayoutWrappingTests {
    /// Prose without hyphens, so every break is at a space.
    static let prose = """
        It was the best of times, it was the worst of times, it was the age of wisdom, it was the age \
        of foolishness, it was the epoch of belief, it was the epoch of incredulity, it was the season \
        of Light, it was the season of Darkness, it was the spring of hope, it was the winter of despair, \
        we had everything before us, we had nothing before us, we were all going direct to Heaven, we \
        were all going direct the other way.
        """

    @Test("English prose wraps greedily at spaces", arguments: [80, 40, 23, 13])
    func prose(columns: Int) {
        let lines = LayoutFixture.verify(LayoutFixture.block(Self.prose), columns: columns)
        #expect(lines.count > 1)
        for (line, next) in zip(lines, lines.dropFirst()) {
            #expect(line.prefix.isEmpty)
            #expect(!line.text.hasPrefix(" ") && !line.text.hasSuffix(" "))
            // Greedy: the next line's first word would not have fit after this line.
            let nextWord = next.text.prefix { $0 != " " }
            #expect(LayoutFixture.width(line.text) + 1 + nextWord.count > columns)
        }
        #expect(lines.map(\.text).joined(separator: " ") == Self.prose)
    }

    @Test func wrapsAShortSentenceExactly() {
        let lines = LayoutFixture.verify(LayoutFixture.block("The quick brown fox jumps over the lazy dog"), columns: 10)
        #expect(lines.map(\.text) == ["The quick", "brown fox", "jumps over", "the lazy", "dog"])
        #expect(lines.map(\.textRange) == [0..<10, 10..<20, 20..<31, 31..<40, 40..<43])
    }

    @Test func dropsTheWholeRunOfSpacesAtABreak() {
        let lines = LayoutFixture.verify(LayoutFixture.block("aaa    bbb"), columns: 5)
        #expect(lines.map(\.text) == ["aaa", "bbb"])
        #expect(lines.map(\.textRange) == [0..<7, 7..<10])
    }

    @Test func breaksAfterAHyphenBetweenLetters() {
        #expect(LayoutFixture.verify(LayoutFixture.block("aaaa-bbbb"), columns: 6).map(\.text) == ["aaaa-", "bbbb"])
        #expect(LayoutFixture.verify(LayoutFixture.block("well–known"), columns: 7).map(\.text) == ["well–", "known"])
        // Not between digits: a hard wrap instead.
        #expect(LayoutFixture.verify(LayoutFixture.block("1234-5678"), columns: 6).map(\.text) == ["1234-5", "678"])
    }

    @Test func hardWrapsAWordLongerThanTheLine() {
        let word = String(repeating: "abcdefghij", count: 20)
        let lines = LayoutFixture.verify(LayoutFixture.block("x " + word + " y"), columns: 40)
        #expect(lines.map(\.text) == ["x"] + (0..<5).map { String(word.dropFirst($0 * 40).prefix(40)) } + ["y"])
    }

    @Test func breaksLongURLsAfterSlashesOnlyWhenNeeded() {
        let text = "see https://example.com/some/long/path/segment"
        let lines = LayoutFixture.verify(LayoutFixture.block(text), columns: 20)
        #expect(lines.map(\.text) == ["see", "https://example.com/", "some/long/path/", "segment"])
        #expect(LayoutFixture.verify(LayoutFixture.block("and/or more"), columns: 11).map(\.text) == ["and/or more"])
    }

    @Test func keepsClosingPunctuationOffTheStartOfALine() {
        #expect(LayoutFixture.verify(LayoutFixture.block("Hello world!"), columns: 11).map(\.text) == ["Hello", "world!"])
        #expect(LayoutFixture.verify(LayoutFixture.block("say (hello) now"), columns: 10).map(\.text)
                    == ["say", "(hello)", "now"])
        // A space before closing punctuation is no break opportunity either.
        #expect(LayoutFixture.verify(LayoutFixture.block("x wait !"), columns: 7).map(\.text) == ["x", "wait !"])
        // Nor is a space after opening punctuation.
        #expect(LayoutFixture.verify(LayoutFixture.block("« oui »"), columns: 6).map(\.text) == ["« oui", "»"])
    }

    @Test func forcedBreaksEndLines() {
        let lines = LayoutFixture.verify(LayoutFixture.block("one\ntwo\n\nthree"), columns: 20)
        #expect(lines.map(\.text) == ["one", "two", "", "three"])
        #expect(lines.map(\.textRange) == [0..<4, 4..<8, 8..<9, 9..<14])
        let windows = LayoutFixture.verify(LayoutFixture.block("a\r\nb\rc"), columns: 20)
        #expect(windows.map(\.text) == ["a", "b", "c"])
        #expect(windows.map(\.textRange) == [0..<3, 3..<5, 5..<6])
    }

    @Test func aTrailingNewlineEndsTheLastLine() {
        let lines = LayoutFixture.verify(LayoutFixture.block("abc\n"), columns: 20)
        #expect(lines.map(\.text) == ["abc"])
        #expect(lines.map(\.textRange) == [0..<4])
    }

    @Test func keepsIndentationAfterAForcedBreakButNotAfterAWrap() {
        let lines = LayoutFixture.verify(LayoutFixture.block("Roses are red,\n    violets are blue"), columns: 16)
        #expect(lines.map(\.text) == ["Roses are red,", "    violets are", "blue"])
    }

    @Test func dropsTrailingSpacesBeforeABreakAndAtTheEnd() {
        let lines = LayoutFixture.verify(LayoutFixture.block("abc   \ndef   "), columns: 5)
        #expect(lines.map(\.text) == ["abc", "def"])
    }

    @Test func tabsInFlowingTextAreSingleSpaces() {
        let lines = LayoutFixture.verify(LayoutFixture.block("a\tb\tc"), columns: 20)
        #expect(lines.map(\.text) == ["a b c"])
    }

    @Test func breaksAfterAZeroWidthSpace() {
        let lines = LayoutFixture.verify(LayoutFixture.block("abc\u{200B}defg"), columns: 5)
        #expect(lines.map(\.text) == ["abc\u{200B}", "defg"])
    }

    @Test func emptyTextGivesOneEmptyLine() {
        let lines = LayoutFixture.verify(LayoutFixture.block(""), columns: 20)
        #expect(lines == [LayoutLine(prefix: "", text: "", textRange: 0..<0)])
    }

    @Test("Degenerate widths still lay out", arguments: [
        (-5, ["a", "b", "c", "d"]), (0, ["a", "b", "c", "d"]), (1, ["a", "b", "c", "d"]), (2, ["ab", "cd"]),
    ])
    func degenerateWidths(columns: Int, expected: [String]) {
        #expect(LayoutFixture.verify(LayoutFixture.block("ab cd"), columns: columns).map(\.text) == expected)
    }
}
