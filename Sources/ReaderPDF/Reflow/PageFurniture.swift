/// Finds running headers, running footers and page numbers: lines in the top or bottom band of a
/// page that repeat on nearby pages (digits aside), that stand apart from the text in the same
/// place and type as such a line on a nearby page, or that are nothing but a page number.
///
/// Only nearby pages are consulted, so a page can be reflowed without reading the whole book, and
/// the answer for a page never depends on which pages were read before it.
enum PageFurniture {
    /// How many pages before and after a page are compared with it.
    static let window = 2
    /// The share of the page height, at the top and at the bottom, where furniture may sit.
    static let bandShare = 0.12
    /// The share of the page height, at the top and at the bottom, where a page number may sit.
    static let pageNumberBandShare = 0.25
    /// How many lines from the top and from the bottom of a page are candidates.
    static let candidatesPerEdge = 3

    /// A line that may be furniture: its normalised text and where it sits.
    struct Candidate: Hashable, Sendable {
        /// The line's index in the page's lines.
        var lineIndex: Int
        /// Lowercased, digits as `#`, spaces collapsed.
        var key: String
        /// The middle of the line as a share of the page height.
        var relativeY: Double
        /// Whether the line is only a page number.
        var isPageNumber: Bool
        /// The font size, rounded to a quarter point.
        var fontSize: Double
        /// Whether a gap of more than a line's height parts it from the body of the page.
        var standsApart: Bool
        /// Whether it is set larger than the page's body text (a heading, not a running head).
        var isLargerThanBody: Bool
    }

    /// The candidates of one page: lines near the top or bottom edge, and page numbers a little
    /// further in (LaTeX sets them about a sixth of the page from the bottom) when they stand apart.
    static func candidates(lines: [PDFTextLine], pageHeight: Double) -> [Candidate] {
        guard pageHeight > 0, !lines.isEmpty else { return [] }
        let band = pageHeight * bandShare, numberBand = pageHeight * pageNumberBandShare
        let bodySize = ParagraphBuilder.bodySize(of: lines)
        let byTop = lines.indices.sorted { (lines[$0].box.y1, $0) < (lines[$1].box.y1, $1) }
        let top = Set(byTop.prefix(candidatesPerEdge)), bottom = Set(byTop.suffix(candidatesPerEdge))
        return top.union(bottom).sorted().compactMap { index in
            let line = lines[index]
            let gap = lines.indices.filter { $0 != index }.map { other in
                max(lines[other].box.y1 - line.box.y2, line.box.y1 - lines[other].box.y2)
            }.filter { $0 > -line.box.height / 2 }.min() ?? .infinity
            let candidate = Candidate(
                lineIndex: index, key: normalisedKey(line.text), relativeY: (line.box.y1 + line.box.y2) / 2 / pageHeight,
                isPageNumber: isPageNumber(line.text), fontSize: (line.fontSize * 4).rounded() / 4,
                standsApart: gap > line.box.height, isLargerThanBody: line.fontSize > bodySize * 1.1)
            let inBand = (top.contains(index) && line.box.y2 <= band) || (bottom.contains(index) && line.box.y1 >= pageHeight - band)
            let nearEdge = (top.contains(index) && line.box.y2 <= numberBand)
                || (bottom.contains(index) && line.box.y1 >= pageHeight - numberBand)
            return inBand || (nearEdge && candidate.isPageNumber && candidate.standsApart) ? candidate : nil
        }
    }

    /// The indices of a page's lines that are furniture, given the candidates of nearby pages.
    static func furnitureLines(of page: [Candidate], neighbours: [[Candidate]]) -> Set<Int> {
        var found: Set<Int> = []
        for candidate in page {
            if candidate.isPageNumber {
                found.insert(candidate.lineIndex)
                continue
            }
            let repeats = neighbours.contains { other in
                other.contains { $0.key == candidate.key && abs($0.relativeY - candidate.relativeY) < 0.02 }
            }
            // A header that changes with the chapter still sits in the same slot on other pages,
            // set apart from the text in the same type.
            let sharesSlot = candidate.standsApart && !candidate.isLargerThanBody && neighbours.contains { other in
                other.contains {
                    $0.standsApart && $0.fontSize == candidate.fontSize && abs($0.relativeY - candidate.relativeY) < 0.005
                }
            }
            if repeats || sharesSlot { found.insert(candidate.lineIndex) }
        }
        return found
    }

    /// Lowercased, with every run of digits as one `#` and runs of spaces as one space.
    static func normalisedKey(_ text: String) -> String {
        var key = String()
        var lastWasDigit = false, lastWasSpace = false
        for scalar in text.lowercased().unicodeScalars {
            if scalar.properties.numericType != nil {
                if !lastWasDigit { key.append("#") }
                lastWasDigit = true
                lastWasSpace = false
            } else if scalar.isPDFWhitespace {
                if !lastWasSpace { key.append(" ") }
                lastWasSpace = true
                lastWasDigit = false
            } else {
                key.unicodeScalars.append(scalar)
                lastWasDigit = false
                lastWasSpace = false
            }
        }
        return key
    }

    /// `12`, `- 12 -`, `[12]`, `xiv`, `Page 12`, `12 of 300`, `12/300`.
    static func isPageNumber(_ text: String) -> Bool {
        // The longest form, `page 12345 of 12345` set out with spaces and brackets, is far shorter.
        guard text.utf8.count <= maximumPageNumberLength,
              text.unicodeScalars.allSatisfy(mayBeInPageNumber) else { return false }
        var words = text.lowercased().split { $0 == " " || $0 == "\t" }.map { word in
            String(word.drop(while: isPageNumberDecoration).reversed().drop(while: isPageNumberDecoration).reversed())
        }.filter { !$0.isEmpty }
        if words.first == "page" || words.first == "p" { words.removeFirst() }
        if words.count == 3, words[1] == "of" || words[1] == "/" { words = [words[0], words[2]] }
        if words.count == 1, words[0].contains("/") { words = words[0].split(separator: "/").map(String.init) }
        guard (1...2).contains(words.count) else { return false }
        return words.allSatisfy { isNumber($0) } || (words.count == 1 && isRomanNumeral(words[0]))
    }

    /// Longer lines (in UTF-8 bytes) are never only a page number.
    private static let maximumPageNumberLength = 48

    /// Whether a scalar can be part of a page number line: digits, spaces, the marks around the
    /// number, and the letters of `page`, `p`, `of` and roman numerals, in either case.
    private static func mayBeInPageNumber(_ scalar: Unicode.Scalar) -> Bool {
        guard scalar.isASCII else { return "–—".unicodeScalars.contains(scalar) }
        let character = Character(scalar)
        return character.isNumber || " \t-()[]|./".contains(character)
            || "acdefgilmopvx".contains(character.lowercased())
    }

    /// The marks set around page numbers: `- 12 -`, `(12)`, `[12]`, `| 12 |`, `12.`.
    private static func isPageNumberDecoration(_ character: Character) -> Bool {
        "-–—()[]|.".contains(character)
    }

    private static func isNumber(_ word: String) -> Bool {
        (1...5).contains(word.count) && word.allSatisfy { $0.isASCII && $0.isNumber }
    }

    private static func isRomanNumeral(_ word: String) -> Bool {
        (1...8).contains(word.count) && word.allSatisfy { "ivxlcdm".contains($0) }
    }
}
