import Glibc

/// A line found to be a chapter heading.
struct TXTHeadingLine: Hashable, Sendable {
    /// The zero-based number of the line (numbered as ``ChapterHeadingDetector`` numbers them).
    var lineIndex: Int
    /// 1 for a part or volume, 2 for a chapter.
    var level: Int
    /// Whether the following line is the heading's title (`CHAPTER I.` then `Down the Rabbit-Hole`).
    var includesNextLine: Bool

    /// The headings of UTF-8 text in line order, as the detector finds them (tables of contents left out).
    static func lines(in bytes: UnsafeBufferPointer<UInt8>, detector: ChapterHeadingDetector) -> [TXTHeadingLine] {
        detector.headings(inUTF8: bytes).map { heading in
            TXTHeadingLine(lineIndex: heading.lineIndex, level: heading.level, includesNextLine: includesNextLine(heading, in: bytes))
        }
    }

    /// Whether `heading`'s title holds the line after it too: whether it differs from its own line
    /// trimmed (as ``trimmingWhitespace(_:)`` trims; a title trimmed otherwise counts as
    /// different, as it always has).
    static func includesNextLine(_ heading: ChapterHeadingDetector.Heading, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        if titleIsWholeLine(heading, in: bytes) { return false }
        let own = trimmingWhitespace(String(decoding: UnsafeBufferPointer(rebasing: bytes[heading.utf8Range]), as: UTF8.self))
        return heading.title != own
    }

    /// Whether `heading`'s title is its line's bytes exactly, a line that starts and ends with
    /// ASCII: then no trimming changes the line (its ends are no spaces, or the detector would have
    /// trimmed them), and the title holds nothing else. Told without building the line's string.
    static func titleIsWholeLine(_ heading: ChapterHeadingDetector.Heading, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let line = UnsafeBufferPointer(rebasing: bytes[heading.utf8Range])
        guard let first = line.first, let last = line.last, first < 0x80, last < 0x80,
              heading.title.utf8.count == line.count else { return false }
        // memcmp: a generic elementsEqual walks the bytes with two iterators, some 25 instructions a byte.
        return heading.title.utf8.withContiguousStorageIfAvailable { memcmp($0.baseAddress!, line.baseAddress!, line.count) == 0 }
            ?? heading.title.utf8.elementsEqual(line)
    }

    /// `text` trimmed as Foundation's `trimmingCharacters(in: .whitespaces)` trims it, without the round
    /// trip through NSString that costs more than the rest of heading detection.
    static func trimmingWhitespace(_ text: String) -> String {
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !isWhitespace($0) }) else { return "" }
        let last = scalars.lastIndex(where: { !isWhitespace($0) })!
        return String(scalars[first...last])
    }

    /// Whether `CharacterSet.whitespaces` holds `scalar`: the space separators (Zs), tab and U+200B.
    static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x20, 0xA0, 0x1680, 0x2000...0x200B, 0x202F, 0x205F, 0x3000: true
        default: false
        }
    }
}
