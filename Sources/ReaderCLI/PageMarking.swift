import ReaderCore

/// Marks a stretch of text on a laid-out page, so a person sees what a Locator points at.
enum PageMarking {
    /// Where the marks went: the first and last marked line and the UTF-16 columns in them.
    struct Mark: Encodable, Equatable {
        var line: Int
        var column: Int
        var endLine: Int
        var endColumn: Int
    }

    /// The page's lines with `open` and `close` around the part of `range` each line shows, and
    /// where that was; the lines unchanged and nil when the page shows none of it.
    static func mark(_ range: Range<TextPosition>, on page: Page, open: String, close: String) -> (lines: [String], mark: Mark?) {
        var lines = page.lines
        var mark: Mark?
        for (index, span) in page.spans.enumerated() {
            guard let span else { continue }
            let lineStart = TextPosition(section: span.section, block: span.block, offset: span.textRange.lowerBound)
            let lineEnd = TextPosition(section: span.section, block: span.block, offset: span.textRange.upperBound)
            let shows = range.isEmpty ? (lineStart <= range.lowerBound && range.lowerBound < lineEnd)
                                      : (lineStart < range.upperBound && range.lowerBound < lineEnd)
            guard shows else { continue }
            let from = range.lowerBound > lineStart ? column(of: range.lowerBound, in: span) : span.prefixLength
            let to = range.upperBound < lineEnd ? column(of: range.upperBound, in: span) : span.prefixLength + span.textLength
            lines[index] = inserting(open, at: from, close, at: max(from, to), into: lines[index])
            if mark == nil { mark = Mark(line: index, column: from, endLine: index, endColumn: to) }
            mark?.endLine = index
            mark?.endColumn = to
        }
        return (lines, mark)
    }

    /// The word holding a position, so a point Locator marks something visible and whole: from
    /// the start of the word (back to the space before it) to its end (up to the next space), or
    /// one character in scripts written without spaces (CJK), at least one character.
    static func word(at position: TextPosition, in document: any Document) throws(ReaderError) -> Range<TextPosition> {
        let blocks = try document.content(ofSection: position.section).blocks
        guard blocks.indices.contains(position.block) else { return position..<position }
        let text = blocks[position.block].text
        let units = text.utf16
        guard position.offset < units.count,
              let start = units.index(units.startIndex, offsetBy: position.offset, limitedBy: units.endIndex),
              let character = start.samePosition(in: text).map({ text[$0] }) else { return position..<position }
        var end = position.offset + character.utf16.count
        var begin = position.offset
        if !character.unicodeScalars.contains(where: isWrittenWithoutSpaces) {
            let all = Array(units)
            while end < all.count, !isSpace(all[end]) { end += 1 }
            begin = wordStart(at: position.offset, in: all)
        }
        return TextPosition(section: position.section, block: position.block, offset: begin)
            ..< TextPosition(section: position.section, block: position.block, offset: end)
    }

    /// The start of the word holding a position (itself at a space, in CJK text or at a block's
    /// start): where an approximate position (a progression, a position number) is shown from.
    static func wordStart(of position: TextPosition, in document: any Document) throws(ReaderError) -> TextPosition {
        let blocks = try document.content(ofSection: position.section).blocks
        guard blocks.indices.contains(position.block) else { return position }
        let units = Array(blocks[position.block].text.utf16)
        guard position.offset < units.count, !isSpace(units[position.offset]) else { return position }
        return TextPosition(section: position.section, block: position.block, offset: wordStart(at: position.offset, in: units))
    }

    /// Back from `offset` over letters to just after a space (or a CJK character, or the start).
    private static func wordStart(at offset: Int, in units: [UInt16]) -> Int {
        var begin = min(offset, units.count)
        while begin > 0, !isSpace(units[begin - 1]), !isWrittenWithoutSpaces(unit: units[begin - 1]) { begin -= 1 }
        return begin
    }

    private static func isWrittenWithoutSpaces(unit: UInt16) -> Bool {
        (0xD800...0xDFFF).contains(unit) ? false : isWrittenWithoutSpaces(Unicode.Scalar(unit)!)
    }

    /// CJK ideographs, kana, hangul and full-width forms: text in them has no spaces between words.
    private static func isWrittenWithoutSpaces(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x2E80...0x9FFF, 0xAC00...0xD7AF, 0xF900...0xFAFF, 0xFF00...0xFFEF, 0x20000...0x3FFFF: true
        default: false
        }
    }

    private static func isSpace(_ unit: UInt16) -> Bool {
        unit == 0x20 || unit == 0x0A || unit == 0x09 || unit == 0xA0 || unit == 0x3000
    }

    private static func column(of position: TextPosition, in span: LineSpan) -> Int {
        span.prefixLength + min(max(0, position.offset - span.textRange.lowerBound), span.textLength)
    }

    /// `line` with `open` at UTF-16 column `from` and `close` at `to` (columns clamped to the line).
    private static func inserting(_ open: String, at from: Int, _ close: String, at to: Int, into line: String) -> String {
        let units = Array(line.utf16)
        let start = min(from, units.count), end = min(max(to, start), units.count)
        return String(decoding: units[..<start], as: UTF16.self) + open
            + String(decoding: units[start..<end], as: UTF16.self) + close
            + String(decoding: units[end...], as: UTF16.self)
    }
}
