/// Where the book inside a Project Gutenberg file ends and the licence appended to it begins.
///
/// The licence has numbered sections (`Section 1. General Terms of Use…`, in translated files
/// `第 1 節. 一般使用條款…`) that read as chapter headings; in a file whose own chapters are not
/// detected they were its whole table of contents. Lines after the closing marker are therefore
/// never headings.
///
/// The markers are lines between triple asterisks: `*** START OF THE PROJECT GUTENBERG EBOOK X ***`
/// opens the book and `*** END OF THE PROJECT GUTENBERG EBOOK X ***` closes it; translated files
/// keep the asterisks and change the words (`*** 古騰堡電子書《烏鴉》計畫開始 ***` … `計畫結束 ***`).
/// A closing marker is the first later marker line that says `END` where the opening one says
/// `START`, or that repeats at least half of the opening line (the translated form): a decoration
/// such as `*** Part Two ***` in the book is neither.
enum GutenbergWrapper {
    /// The opening marker is looked for in the first bytes of the file, the closing one in the last:
    /// Project Gutenberg's header is a few KiB and its licence about 20 KiB.
    static let searchedSize = 128 << 10

    /// The byte offset where the closing marker line starts, or nil when the file has no wrapper
    /// or its encoding is not ASCII-compatible (only there is `*` never part of another character,
    /// so the raw bytes can be read without decoding).
    static func closingMarkerOffset(_ bytes: UnsafeRawBufferPointer, start: Int, encoding: TextEncoding) -> Int? {
        guard encoding.codeUnitSize == 1, bytes.count > start else { return nil }
        // A file too short for a head and a tail apart is searched whole.
        let headEnd = bytes.count - start <= 2 * searchedSize ? bytes.count : start + searchedSize
        let tailStart = bytes.count - searchedSize
        var opening: [UInt8]?
        for line in markerLines(bytes, in: start..<headEnd, startsLine: true) {
            if let opening {
                if closes(opening, with: line.text) { return line.offset }
            } else {
                opening = line.text
            }
        }
        guard let opening, headEnd < bytes.count else { return nil }
        return markerLines(bytes, in: tailStart..<bytes.count, startsLine: false).first { closes(opening, with: $0.text) }?.offset
    }

    /// The line index, counted from `range.lowerBound` as ``ChapterHeadingDetector`` counts lines
    /// (ends at LF, CR LF or a lone CR), of the line starting at `offset`.
    static func lineIndex(of offset: Int, in bytes: UnsafeRawBufferPointer, from start: Int) -> Int {
        var lines = 0
        var index = start
        while index < offset {
            let byte = bytes[index]
            if byte == 0x0A || (byte == 0x0D && (index + 1 >= bytes.count || bytes[index + 1] != 0x0A)) { lines += 1 }
            index += 1
        }
        return lines
    }

    private static let asterisk = UInt8(ascii: "*")

    /// The trimmed lines of `range` that start and end with `***` and hold something else between,
    /// with the offset of each line's first byte. Unless `startsLine`, lines are found from the
    /// first line feed in the range on (the range may start inside a line).
    private static func markerLines(_ bytes: UnsafeRawBufferPointer, in range: Range<Int>,
                                    startsLine: Bool) -> [(offset: Int, text: [UInt8])] {
        var lines: [(offset: Int, text: [UInt8])] = []
        var lineStart = range.lowerBound
        if !startsLine, bytes[lineStart - 1] != 0x0A {
            guard let feed = (lineStart..<range.upperBound).first(where: { bytes[$0] == 0x0A }) else { return [] }
            lineStart = feed + 1
        }
        while lineStart < range.upperBound {
            var lineEnd = lineStart
            while lineEnd < range.upperBound, bytes[lineEnd] != 0x0A { lineEnd += 1 }
            if bytes[lineStart] == asterisk, let text = markerText(bytes, lineStart..<lineEnd) {
                lines.append((lineStart, text))
            }
            lineStart = lineEnd + 1
        }
        return lines
    }

    /// The line's bytes without trailing white space when it is a marker line.
    private static func markerText(_ bytes: UnsafeRawBufferPointer, _ line: Range<Int>) -> [UInt8]? {
        var text = Array(bytes[line])
        while let last = text.last, last == 0x20 || last == 0x09 || last == 0x0D { text.removeLast() }
        guard text.count >= 8, text.starts(with: [asterisk, asterisk, asterisk]),
              text.suffix(3).allSatisfy({ $0 == asterisk }),
              text.dropFirst(3).dropLast(3).contains(where: { $0 != asterisk && $0 != 0x20 && $0 != 0x09 }) else { return nil }
        return text
    }

    private static func closes(_ opening: [UInt8], with line: [UInt8]) -> Bool {
        guard line != opening else { return false }
        if contains(opening, "START"), contains(line, "END") { return true }
        let shared = zip(opening, line).prefix { $0 == $1 }.count
        return shared * 2 >= opening.count
    }

    /// Whether `text` holds `word`, ignoring ASCII case.
    private static func contains(_ text: [UInt8], _ word: String) -> Bool {
        let upper = text.map { (0x61...0x7A).contains($0) ? $0 - 0x20 : $0 }
        let needle = Array(word.utf8)
        guard upper.count >= needle.count else { return false }
        return (0...(upper.count - needle.count)).contains { upper[$0..<$0 + needle.count].elementsEqual(needle) }
    }
}
