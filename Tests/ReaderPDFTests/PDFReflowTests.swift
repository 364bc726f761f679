import ReaderCore
import Testing
@testable import ReaderPDF

@Suite struct PDFReflowTests {
    /// Pages with a running header, a page-number footer and the given body lines (which should
    /// start below the header band, at y = 100).
    private func reflow(_ bodies: [[SyntheticPage.Line]]) -> PDFReflow {
        let pages = bodies.enumerated().map { index, body in
            var lines = [SyntheticPage.Line(x: 150, y: 20, size: 8, text: "Harbour Lights")]
            lines += body
            lines.append(.init(x: 200, y: 570, size: 8, text: "\(index + 1)"))
            return SyntheticPage(number: index + 1, lines: lines).pageText
        }
        return PDFReflow(pageCount: pages.count) { (page: Int) throws(ReaderError) -> PDFPageText in pages[page - 1] }
    }

    @Test func aParagraphRunsOverThePageBreakIntoOneBlock() throws {
        let reflow = reflow([
            SyntheticPage.column(top: 100, [["First paragraph.", "Ends here."], ["The second one starts", "and runs on to the next"]],
                                 lastLineFull: true),
            SyntheticPage.column(top: 100, [["page, where it", "ends."], ["A third."]], indentFirst: false)
                .enumerated().map { index, line in
                    var line = line
                    if index == 2 { line.x += 10 }
                    return line
                },
        ])
        let first = try reflow.blocks(ofPage: 1).map(\.text)
        let second = try reflow.blocks(ofPage: 2).map(\.text)
        #expect(first == ["First paragraph. Ends here.", "The second one starts and runs on to the next page, where it ends."])
        #expect(second == ["A third."])
        #expect(try reflow.sectionHoldingStart(ofPage: 2) == 0)
        #expect(try reflow.inheritedPrefixEnd(ofPage: 2) > 0)
    }

    @Test func aWordCutAtThePageBreakIsMended() throws {
        let reflow = reflow([
            SyntheticPage.column(top: 100, [["The storm came in from the", "west, the wind rose, and the", "lights went out in the har-"]],
                                 lastLineFull: true),
            SyntheticPage.column(top: 100, [["bour all at once."]], indentFirst: false),
        ])
        #expect(try reflow.blocks(ofPage: 1).map(\.text) == [
            "The storm came in from the west, the wind rose, and the lights went out in the harbour all at once.",
        ])
        #expect(try reflow.blocks(ofPage: 2).isEmpty)
    }

    @Test func anIndentedFirstLineStartsANewParagraph() throws {
        let reflow = reflow([
            SyntheticPage.column(top: 100, [["One paragraph that", "fills each line", "to the last"]], lastLineFull: true),
            SyntheticPage.column(top: 100, [["A new paragraph."]]),
        ])
        #expect(try reflow.blocks(ofPage: 1).map(\.text) == ["One paragraph that fills each line to the last"])
        #expect(try reflow.blocks(ofPage: 2).map(\.text) == ["A new paragraph."])
        #expect(try reflow.inheritedPrefixEnd(ofPage: 2) == 0)
    }

    @Test func headersFootersAndPageNumbersAreDropped() throws {
        let reflow = reflow((1...3).map { _ in SyntheticPage.column(top: 100, [["Body."]]) })
        for page in 1...3 {
            #expect(try reflow.blocks(ofPage: page).map(\.text) == ["Body."])
        }
    }

    @Test func sourceMapsPointIntoEachPagesText() throws {
        let reflow = reflow([
            SyntheticPage.column(top: 100, [["Runs on", "and on", "over the break"]], lastLineFull: true),
            SyntheticPage.column(top: 100, [["to the end", "of it."]], indentFirst: false),
        ])
        let block = try #require(try reflow.blocks(ofPage: 1).first)
        let pages = block.sourceMap.runs.map { PDFSourceOffset(packed: $0.sourceStart).page }
        try #require(pages == [1, 1, 1, 2, 2])
        // "Harbour Lights\n" comes before the body on every page.
        #expect(PDFSourceOffset(packed: block.sourceMap.runs[0].sourceStart).offset == "Harbour Lights\n".utf16.count)
        #expect(PDFSourceOffset(packed: block.sourceMap.runs[3].sourceStart).offset == "Harbour Lights\n".utf16.count)
    }

    @Test func aPageWithOnlyAnImageSaysSo() throws {
        let image = SyntheticPage(number: 1, lines: [], imageCount: 1).pageText
        let blank = SyntheticPage(number: 2, lines: []).pageText
        let reflow = PDFReflow(pageCount: 2) { (page: Int) throws(ReaderError) -> PDFPageText in page == 1 ? image : blank }
        let blocks = try reflow.blocks(ofPage: 1)
        #expect(blocks.count == 1)
        #expect(blocks.first?.text == "page 1: an image, no text")
        #expect(try reflow.blocks(ofPage: 2).isEmpty)
    }

    @Test func aParagraphRunsOverAtMostTheCapOfPages() throws {
        let count = PDFReflow.maximumParagraphPages + 4
        let bodies = (0..<count).map { _ in
            SyntheticPage.column(top: 100, [["words words words words", "more words to fill up"]], indentFirst: false, lastLineFull: true)
        }
        let reflow = reflow(bodies)
        let first = try reflow.blocks(ofPage: 1)
        let pages = Set(first[0].sourceMap.runs.map { PDFSourceOffset(packed: $0.sourceStart).page })
        #expect(pages.count == PDFReflow.maximumParagraphPages)
        let owners = try (1...count).map { try reflow.sectionHoldingStart(ofPage: $0) }
        #expect(owners.allSatisfy { $0 >= 0 && $0 < count })
    }

    @Test func sourceOffsetsPackAndUnpack() {
        let place = PDFSourceOffset(page: 500, offset: 123_456)
        #expect(PDFSourceOffset(packed: place.packed) == place)
        #expect(PDFSourceOffset(page: 2, offset: 0).packed > PDFSourceOffset(page: 1, offset: 4_000_000).packed)
    }
}
