/// Converts cmark positions (1-based line, 1-based UTF-8 byte column) into UTF-16 offsets of the
/// decoded source, and answers where lines start and end.
///
/// Lines end at `\n`, `\r\n` or a lone `\r`, as in cmark. The index remembers the last conversion
/// so that the mostly increasing positions of one parse convert in linear time.
final class SourceIndex {
    /// The UTF-8 bytes of the source.
    let utf8: [UInt8]
    /// The UTF-16 length of the source.
    let utf16Length: Int
    private var lineStartBytes: [Int] = [0]
    private var lineStartUnits: [Int] = [0]
    private var memo = (line: 0, byte: 0, unit: 0)

    /// Indexes the UTF-8 bytes of a (valid UTF-8) source.
    init(utf8: [UInt8]) {
        self.utf8 = utf8
        var units = 0
        var position = 0
        let count = utf8.count
        while position < count {
            let byte = utf8[position]
            units += Self.utf16Width(ofByte: byte)
            position += 1
            if byte == 0x0A || (byte == 0x0D && (position == count || utf8[position] != 0x0A)) {
                lineStartBytes.append(position)
                lineStartUnits.append(units)
            }
        }
        utf16Length = units
    }

    /// The number of lines (a final line break starts one more, empty line).
    var lineCount: Int { lineStartBytes.count }

    /// How many UTF-16 units a UTF-8 byte starts: 0 for continuation bytes, 2 for 4-byte leads.
    static func utf16Width(ofByte byte: UInt8) -> Int {
        if byte & 0xC0 == 0x80 { return 0 }
        return byte >= 0xF0 ? 2 : 1
    }

    /// The byte offset where a 1-based line starts, or nil when there is no such line.
    func byteOffset(ofLineStart line: Int) -> Int? {
        guard line >= 1, line <= lineCount else { return nil }
        return lineStartBytes[line - 1]
    }

    /// The byte offset where a 1-based line's content ends (before its line break).
    func byteOffset(ofContentEnd line: Int) -> Int? {
        guard line >= 1, line <= lineCount else { return nil }
        var end = line < lineCount ? lineStartBytes[line] : utf8.count
        let start = lineStartBytes[line - 1]
        if end > start, utf8[end - 1] == 0x0A { end -= 1 }
        if end > start, utf8[end - 1] == 0x0D { end -= 1 }
        return end
    }

    /// The UTF-16 offset where a 1-based line starts, clamped to the source.
    func utf16Offset(ofLineStart line: Int) -> Int {
        if line < 1 { return 0 }
        if line > lineCount { return utf16Length }
        return lineStartUnits[line - 1]
    }

    /// The UTF-16 offset just after a 1-based line's line break, clamped to the source.
    func utf16Offset(ofLineEnd line: Int) -> Int {
        if line < 1 { return 0 }
        return line < lineCount ? lineStartUnits[line] : utf16Length
    }

    /// The UTF-16 offset where a 1-based line's content ends (before its line break).
    func utf16Offset(ofContentEnd line: Int) -> Int {
        guard let end = byteOffset(ofContentEnd: line) else { return line < 1 ? 0 : utf16Length }
        // Line breaks are one UTF-16 unit per byte.
        let lineEnd = line < lineCount ? lineStartBytes[line] : utf8.count
        return utf16Offset(ofLineEnd: line) - (lineEnd - end)
    }

    /// The UTF-16 offset of a cmark position, or nil when the position is unset (0) or off the source.
    /// A column past the end of its line is clamped to the line's end (line break included).
    func utf16Offset(line: Int, column: Int) -> Int? {
        guard line >= 1, line <= lineCount, column >= 1 else { return nil }
        let lineStart = lineStartBytes[line - 1]
        let lineEnd = line < lineCount ? lineStartBytes[line] : utf8.count
        let target = min(lineStart + column - 1, lineEnd)
        var byte = lineStart
        var unit = lineStartUnits[line - 1]
        if memo.line == line, memo.byte <= target, memo.byte >= lineStart {
            byte = memo.byte
            unit = memo.unit
        }
        while byte < target {
            unit += Self.utf16Width(ofByte: utf8[byte])
            byte += 1
        }
        memo = (line, byte, unit)
        return unit
    }
}
