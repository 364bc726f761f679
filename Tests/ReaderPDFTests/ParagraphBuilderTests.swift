import Testing
@testable import ReaderPDF

@Suite struct ParagraphBuilderTests {
    private func paragraphs(_ lines: [SyntheticPage.Line]) -> [PDFParagraph] {
        ParagraphBuilder(lines: SyntheticPage(lines: lines).pageText.lines()).build().paragraphs
    }

    private func texts(_ found: [PDFParagraph]) -> [String] {
        found.map { ReflowedParagraph.join($0.lines.map { PlacedLine(page: 1, line: $0) }) { _ in PDFVocabulary() }.text }
    }

    @Test func indentedParagraphsSplitAtTheIndentAndTheShortLine() {
        let found = paragraphs(SyntheticPage.column([
            ["The harbour lights came on one", "by one along the wall, and the boats", "swung at anchor."],
            ["Nobody on the quay said a word", "about the storm."],
        ]))
        #expect(texts(found) == [
            "The harbour lights came on one by one along the wall, and the boats swung at anchor.",
            "Nobody on the quay said a word about the storm.",
        ])
        #expect(found.map(\.startsIndented) == [true, true])
        #expect(found.allSatisfy { $0.headingLevel == nil })
    }

    @Test func blockParagraphsSplitAtTheVerticalGap() {
        var lines = SyntheticPage.column([["First paragraph line one", "and its end."]], indentFirst: false)
        lines += SyntheticPage.column(top: 60 + 3 * 12, [["Second paragraph after", "a blank line."]], indentFirst: false)
        lines += SyntheticPage.column(top: 60 + 6 * 12, [["Third", "one."]], indentFirst: false)
        #expect(texts(paragraphs(lines)) == [
            "First paragraph line one and its end.", "Second paragraph after a blank line.", "Third one.",
        ])
    }

    @Test func aFullLastLineDoesNotEndTheParagraph() {
        // Without indents or gaps, only the line lengths tell paragraphs apart.
        let lines = SyntheticPage.column([["A line that is full", "and one that is short."], ["Next."]], indentFirst: false)
        #expect(texts(paragraphs(lines)) == ["A line that is full and one that is short.", "Next."])
    }

    @Test func largerTypeIsAHeading() {
        var lines = [SyntheticPage.Line(x: 40, y: 30, size: 18, text: "Chapter One")]
        lines += SyntheticPage.column(top: 70, [["It was late when the ferry", "came in."], ["Then it left."]])
        let found = paragraphs(lines)
        #expect(found.map(\.headingLevel) == [1, nil, nil])
        #expect(texts(found)[0] == "Chapter One")
    }

    @Test func aShortBoldLineIsAMinorHeading() {
        var lines = [SyntheticPage.Line(x: 40, y: 48, font: "XYZ+DejaVuSans-Bold", text: "Tides")]
        lines += SyntheticPage.column(top: 60, [["The tide turned at four,", "as it always did."]])
        #expect(paragraphs(lines).map(\.headingLevel) == [4, nil])
    }

    @Test func twoColumnsReadLeftThenRight() {
        var lines = SyntheticPage.column([
            ["Left column text runs on", "for a few lines, and on", "past the bottom"],
        ], x: 40, lastLineFull: true)
        lines += SyntheticPage.column([["and into the right column,", "and further down it,", "where it ends."]],
                                      x: 320, indentFirst: false)
        #expect(texts(paragraphs(lines)) == [
            "Left column text runs on for a few lines, and on past the bottom and into the right column, and further down it, where it ends.",
        ])
    }

    @Test func cellsSideBySideAreNotOneParagraph() {
        let lines = [
            SyntheticPage.Line(x: 40, y: 60, text: "Departs"), SyntheticPage.Line(x: 200, y: 60, text: "08:15"),
            SyntheticPage.Line(x: 40, y: 72, text: "Arrives"), SyntheticPage.Line(x: 200, y: 72, text: "09:40"),
        ]
        #expect(texts(paragraphs(lines)) == ["Departs", "08:15", "Arrives", "09:40"])
    }

    @Test func emptyPageHasNoParagraphs() {
        #expect(ParagraphBuilder(lines: []).build().paragraphs.isEmpty)
    }
}
