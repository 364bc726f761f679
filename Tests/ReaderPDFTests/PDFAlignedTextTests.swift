import Testing
@testable import ReaderPDF

/// Pairing page text with layout rectangles, and font runs over the result, without poppler.
@Suite struct PDFAlignedTextTests {
    private func box(_ x: Double) -> PDFRect { PDFRect(x1: x, y1: 10, x2: x + 5, y2: 20) }
    private let lineEnd = PDFRect(x1: 15, y1: 20, x2: 15, y2: 20)

    @Test func equalCountsPairInOrder() throws {
        let text = Array("ab\ncd".unicodeScalars)
        let rects = [box(0), box(5), lineEnd, box(0), box(5)]
        let aligned = try #require(PDFAlignedText.strict(text: text, rects: rects))
        #expect(aligned.boxes == rects)
        #expect(aligned.layoutIndices == [0, 1, 2, 3, 4])
    }

    @Test func directionMarksGetEmptyBoxesBesideTheirNeighbour() throws {
        let text: [Unicode.Scalar] = ["\u{202B}", "a", "\u{202C}", "b"]
        let aligned = try #require(PDFAlignedText.strict(text: text, rects: [box(0), box(5)]))
        #expect(aligned.scalars == text)
        #expect(aligned.layoutIndices == [nil, 0, nil, 1])
        #expect(aligned.boxes[0] == PDFRect(x1: 0, y1: 10, x2: 0, y2: 20))
        #expect(aligned.boxes[2] == PDFRect(x1: 5, y1: 10, x2: 5, y2: 20))
    }

    @Test func disagreementIsNil() {
        #expect(PDFAlignedText.strict(text: Array("abc".unicodeScalars), rects: [box(0), box(5)]) == nil)
        #expect(PDFAlignedText.strict(text: Array("a\nb".unicodeScalars), rects: [box(0), box(5), box(10)]) == nil,
                "a line break must meet a line-end mark")
    }

    @Test func appendPadsAndTruncates() {
        var aligned = PDFAlignedText()
        aligned.append(Array("abc".unicodeScalars), rects: [box(0)], indices: 7..<8)
        #expect(aligned.layoutIndices == [7, nil, nil])
        #expect(aligned.boxes[1] == PDFRect(x1: 5, y1: 10, x2: 5, y2: 20))
        var short = PDFAlignedText()
        short.append(Array("a".unicodeScalars), rects: [box(0), box(5)], indices: 0..<2)
        #expect(short.scalars.count == 1 && short.boxes.count == 1)
    }

    @Test func linesSplitAtLineEndMarks() {
        let lines = PDFAlignedText.lines(of: [box(0), lineEnd, box(0), box(5), lineEnd, box(0)])
        #expect(lines.map(\.content) == [0..<1, 2..<4, 5..<6])
        #expect(lines.map(\.end) == [1, 4, nil])
    }

    @Test func fontRunsMapThroughLayoutIndicesAndMerge() {
        let attributes = [
            PDFFontRun(range: 0..<2, fontName: "A", fontSize: 10),
            PDFFontRun(range: 2..<3, fontName: "A", fontSize: 10),
            PDFFontRun(range: 3..<5, fontName: "B", fontSize: 12),
        ]
        let runs = PDFFontRunMapping.runs(attributes, layoutIndices: [nil, 0, 1, 2, nil, 3, 4, nil], layoutCount: 5)
        #expect(runs == [
            PDFFontRun(range: 0..<5, fontName: "A", fontSize: 10),
            PDFFontRun(range: 5..<8, fontName: "B", fontSize: 12),
        ])
    }

    @Test func fontRunsIgnoreRangesOutsideTheLayout() {
        let attributes = [PDFFontRun(range: -3..<100, fontName: "A", fontSize: 10)]
        #expect(PDFFontRunMapping.runs(attributes, layoutIndices: [0, 1], layoutCount: 2)
            == [PDFFontRun(range: 0..<2, fontName: "A", fontSize: 10)])
        #expect(PDFFontRunMapping.runs([], layoutIndices: [0, 1], layoutCount: 2).isEmpty)
    }
}
