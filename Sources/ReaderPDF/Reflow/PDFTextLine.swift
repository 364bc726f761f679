/// One line of a page as poppler laid it out, with what reflow needs to know about it.
struct PDFTextLine: Hashable, Sendable {
    /// The line's text, without the ending newline and without leading or trailing spaces.
    var text: String
    /// UTF-16 offset of the first character of `text` in the page text.
    var pageOffset: Int
    /// The union of the boxes of its visible characters.
    var box: PDFRect
    /// The size of the font most of its visible characters use.
    var fontSize: Double
    /// True when every visible character is set in a bold font.
    var isBold: Bool
    /// The width of the first word, to tell whether it would have fitted at the end of the line before.
    var firstWordWidth: Double

    /// The UTF-16 length of `text`.
    var length: Int { text.utf16.count }
}

extension PDFPageText {
    /// The page's lines in reading order; lines without a visible character are left out.
    func lines() -> [PDFTextLine] {
        let fonts = fontPerScalar()
        let boldRuns = fontRuns.map { Self.isBoldFont($0.fontName) }
        var lines: [PDFTextLine] = []
        var utf16Offset = 0
        var lineStart = 0
        var lineStartOffset = 0
        for index in 0...scalars.count {
            let atEnd = index == scalars.count
            if atEnd || scalars[index] == "\n" {
                if let line = makeLine(scalarRange: lineStart..<index, utf16Start: lineStartOffset, fonts: fonts,
                                       boldRuns: boldRuns) {
                    lines.append(line)
                }
                if atEnd { break }
                utf16Offset += 1
                lineStart = index + 1
                lineStartOffset = utf16Offset
            } else {
                utf16Offset += scalars[index].utf16.count
            }
        }
        return lines
    }

    /// The UTF-16 length of the page text.
    var utf16Length: Int { scalars.reduce(0) { $0 + $1.utf16.count } }

    private func makeLine(scalarRange: Range<Int>, utf16Start: Int, fonts: [Int?], boldRuns: [Bool]) -> PDFTextLine? {
        var range = scalarRange
        var start = utf16Start
        while let first = range.first, scalars[first].isPDFWhitespace {
            start += scalars[first].utf16.count
            range = range.dropFirst()
        }
        while let last = range.last, scalars[last].isPDFWhitespace { range = range.dropLast() }
        guard !range.isEmpty else { return nil }

        var box: PDFRect?
        // Sizes (to the half point) and how many characters use each: a line has one or two.
        var sizeWeights: [(size: Double, count: Int)] = []
        var allBold = true
        var firstWordEnd: Double?
        var firstWordStart: Double?
        for index in range {
            let scalar = scalars[index]
            if scalar.isPDFWhitespace {
                if firstWordEnd == nil, firstWordStart != nil { firstWordEnd = boxes[index - 1].x2 }
                continue
            }
            let glyph = boxes[index]
            box = box.map { $0.union(glyph) } ?? glyph
            if firstWordStart == nil { firstWordStart = glyph.x1 }
            if let run = fonts[index] {
                let size = (fontRuns[run].fontSize * 2).rounded() / 2
                if let known = sizeWeights.firstIndex(where: { $0.size == size }) {
                    sizeWeights[known].count += 1
                } else {
                    sizeWeights.append((size, 1))
                }
                if !boldRuns[run] { allBold = false }
            } else {
                allBold = false
            }
        }
        guard let box else { return nil }
        let text = String(scalars: scalars[range])
        let fontSize = sizeWeights.max { ($0.count, -$0.size) < ($1.count, -$1.size) }?.size ?? box.height
        let wordWidth = (firstWordEnd ?? box.x2) - (firstWordStart ?? box.x1)
        return PDFTextLine(text: text, pageOffset: start, box: box, fontSize: fontSize, isBold: allBold,
                           firstWordWidth: max(0, wordWidth))
    }

    /// The index in `fontRuns` of every scalar's run (nil where no run covers it).
    private func fontPerScalar() -> [Int?] {
        var fonts = [Int?](repeating: nil, count: scalars.count)
        for (number, run) in fontRuns.enumerated() {
            let lower = max(0, run.range.lowerBound), upper = min(scalars.count, run.range.upperBound)
            guard lower < upper else { continue }
            for index in lower..<upper { fonts[index] = number }
        }
        return fonts
    }

    /// Whether a font name names a bold weight (`ABCDEF+DejaVuSans-Bold`, `Helvetica-BoldOblique`, `CMBX10`).
    static func isBoldFont(_ name: String) -> Bool {
        let lowered = name.lowercased()
        let base = lowered.split(separator: "+", maxSplits: 1).last.map(String.init) ?? lowered
        return ["bold", "black", "heavy", "semibold", "demi"].contains { base.contains($0) }
            || base.hasPrefix("cmbx") || base.hasPrefix("sfbx")
    }
}

extension Unicode.Scalar {
    /// `properties.isWhitespace`, answered without the property tables for ASCII (most PDF text).
    var isPDFWhitespace: Bool {
        value < 0x80 ? (value == 0x20 || (0x09...0x0D).contains(value)) : properties.isWhitespace
    }

    /// `properties.isAlphabetic`, answered without the property tables for ASCII.
    var isPDFLetter: Bool {
        value < 0x80 ? ((0x41...0x5A).contains(value) || (0x61...0x7A).contains(value)) : properties.isAlphabetic
    }
}

extension String {
    /// The string of `scalars`, encoded to UTF-8 in one buffer (appending scalars to a String one
    /// by one costs several times as much).
    init(scalars: some Collection<Unicode.Scalar>) {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(scalars.count)
        for scalar in scalars {
            if scalar.isASCII {
                bytes.append(UInt8(scalar.value))
            } else {
                UTF8.encode(scalar) { bytes.append($0) }
            }
        }
        self.init(decoding: bytes, as: UTF8.self)
    }
}
