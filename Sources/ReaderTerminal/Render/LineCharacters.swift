import ReaderCore

/// The characters of one shown line, each with the place in its block's text it shows (nil for
/// decoration: indentation, list markers, quote bars, and any text that cannot be matched).
///
/// A line shows its block's text as it is, except that a tab became spaces and whitespace at a
/// soft break is left out; the walk follows both texts and stops matching at the first character
/// they disagree on, so styling can never change what a line says.
enum LineCharacters {
    struct Shown {
        var character: Character
        var offset: Int?
    }

    static func walk(line: String, span: LineSpan?, block: Block?) -> [Shown] {
        guard let span, let block else { return line.map { Shown(character: $0, offset: nil) } }
        var shown: [Shown] = []
        shown.reserveCapacity(line.count)
        let utf16 = line.utf16
        let split = utf16.index(utf16.startIndex, offsetBy: min(span.prefixLength, utf16.count))
        let prefixEnd = split.samePosition(in: line) ?? line.startIndex
        for character in line[..<prefixEnd] { shown.append(Shown(character: character, offset: nil)) }
        let text = block.text
        let textUTF16 = text.utf16
        guard span.textRange.lowerBound <= textUTF16.count,
              var blockIndex = textUTF16.index(textUTF16.startIndex, offsetBy: span.textRange.lowerBound).samePosition(in: text)
        else {
            for character in line[prefixEnd...] { shown.append(Shown(character: character, offset: nil)) }
            return shown
        }
        var offset = span.textRange.lowerBound
        var matching = true
        var column = 0
        var lineIndex = prefixEnd
        let preformatted = { if case .preformatted = block.kind { true } else { false } }()
        while lineIndex < line.endIndex {
            let character = line[lineIndex]
            guard matching, blockIndex < text.endIndex else {
                shown.append(Shown(character: character, offset: nil))
                lineIndex = line.index(after: lineIndex)
                continue
            }
            let source = text[blockIndex]
            if source == "\t", character == " " {
                let cells = preformatted ? 4 - column % 4 : 1
                var taken = 0
                while taken < cells, lineIndex < line.endIndex, line[lineIndex] == " " {
                    shown.append(Shown(character: " ", offset: offset))
                    lineIndex = line.index(after: lineIndex)
                    taken += 1
                }
                column += taken
            } else if source == character {
                shown.append(Shown(character: character, offset: offset))
                column += CellWidth.of(cluster: character.unicodeScalars)
                lineIndex = line.index(after: lineIndex)
            } else {
                matching = false
                continue
            }
            offset += source.utf16.count
            blockIndex = text.index(after: blockIndex)
        }
        return shown
    }
}
