@testable import ReaderPDF

extension PDFAlignedText {
    /// The layout split into lines at poppler's line-end marks: each line's rectangles, and the
    /// index of the mark that ends it (nil for the last line).
    static func lines(of rects: [PDFRect]) -> [(content: Range<Int>, end: Int?)] {
        var result: [(Range<Int>, Int?)] = []
        var start = 0
        for index in rects.indices where isLineEnd(rects[index]) {
            result.append((start..<index, index))
            start = index + 1
        }
        if start < rects.count { result.append((start..<rects.count, nil)) }
        return result
    }
}
