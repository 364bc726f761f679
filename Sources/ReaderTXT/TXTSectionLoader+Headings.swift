import ReaderCore

extension TXTSectionLoader {
    /// The headings of section `index` as its blocks would hold them, read from the file's bytes
    /// `fileBytes` (a mapping of the whole file) without decoding (they must be well-formed UTF-8):
    /// where each heading's line begins, as an offset in the file, and its title as the heading
    /// block's text on one line.
    func headingsInPlace(_ index: Int, of fileBytes: UnsafeBufferPointer<UInt8>) -> [UTF8Heading] {
        let range = byteRanges[index]
        let bytes = UnsafeBufferPointer(rebasing: fileBytes[range])
        let lastHeadingLine = bookEndLine(inSection: index, of: UnsafeRawBufferPointer(fileBytes))
        var headings: [UTF8Heading] = []
        for heading in ChapterHeadingDetector().headings(inUTF8: bytes) {
            if let lastHeadingLine, heading.lineIndex >= lastHeadingLine { break }
            let line = UTF8Scanning.trimmed(bytes, heading.utf8Range)
            var title = String(decoding: UnsafeBufferPointer(rebasing: bytes[line]), as: UTF8.self)
            // A heading that took its title from the line below holds that line too (see TXTHeadingLine).
            let own = TXTHeadingLine.trimmingWhitespace(String(decoding: UnsafeBufferPointer(rebasing: bytes[heading.utf8Range]),
                                                               as: UTF8.self))
            if heading.title != own, let next = Self.lineAfter(heading.utf8Range, in: bytes) {
                title += " " + String(decoding: UnsafeBufferPointer(rebasing: bytes[UTF8Scanning.trimmed(bytes, next)]), as: UTF8.self)
            }
            headings.append(UTF8Heading(offset: range.lowerBound + heading.utf8Range.lowerBound, title: title))
        }
        return headings
    }

    /// The line that follows the line `line` (without its terminator), if there is one.
    private static func lineAfter(_ line: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) -> Range<Int>? {
        var start = line.upperBound
        guard start < bytes.count else { return nil }
        start += bytes[start] == 0x0D && start + 1 < bytes.count && bytes[start + 1] == 0x0A ? 2 : 1
        guard start < bytes.count else { return nil }
        return start..<UTF8Scanning.lineBreak(bytes, from: start)
    }
}
