@testable import ReaderPDF

/// Builds page text the way poppler reports it, from lines placed by hand: every character is
/// `0.5 × size` wide, boxes run from the line's top to top + size.
struct SyntheticPage {
    /// One line: where it starts, its top, its font size and text.
    struct Line {
        var x: Double
        var y: Double
        var size: Double = 10
        var font = "ABCDEF+DejaVuSerif"
        var text: String
        /// When set, the characters are spread so the line ends here (justified text).
        var right: Double?
    }

    var number = 1
    var width = 420.0
    var height = 595.0
    var lines: [Line]
    var imageCount = 0

    /// The page text with one box per scalar and font runs per line.
    var pageText: PDFPageText {
        var scalars: [Unicode.Scalar] = []
        var boxes: [PDFRect] = []
        var runs: [PDFFontRun] = []
        for (index, line) in lines.enumerated() {
            let start = scalars.count
            var x = line.x
            let count = Double(line.text.unicodeScalars.count)
            for scalar in line.text.unicodeScalars {
                let advance = line.right.map { ($0 - line.x) / count } ?? line.size * 0.5
                scalars.append(scalar)
                boxes.append(PDFRect(x1: x, y1: line.y, x2: x + advance, y2: line.y + line.size))
                x += advance
            }
            runs.append(PDFFontRun(range: start..<scalars.count, fontName: line.font, fontSize: line.size))
            if index < lines.count - 1 {
                scalars.append("\n")
                boxes.append(PDFRect(x1: x, y1: line.y, x2: x, y2: line.y + line.size))
            }
        }
        return PDFPageText(pageNumber: number, width: width, height: height, scalars: scalars, boxes: boxes,
                           fontRuns: runs, imageCount: imageCount)
    }

    /// Justified body text in a 250-point column at `x` from `top` on, 12 points apart: a
    /// paragraph's first line is indented 10 points, its lines reach the right edge except the last,
    /// which is as long as its text. `lastLineFull` makes the last paragraph's last line full too.
    static func column(top: Double = 60, _ paragraphs: [[String]], x: Double = 40, indentFirst: Bool = true,
                       lastLineFull: Bool = false) -> [Line] {
        var lines: [Line] = []
        var y = top
        for (paragraphIndex, paragraph) in paragraphs.enumerated() {
            for (index, text) in paragraph.enumerated() {
                let indent = index == 0 && indentFirst ? 10.0 : 0
                let isLast = index == paragraph.count - 1
                let full = !isLast || (lastLineFull && paragraphIndex == paragraphs.count - 1)
                lines.append(Line(x: x + indent, y: y, text: text, right: full ? x + 250 : nil))
                y += 12
            }
        }
        return lines
    }
}
