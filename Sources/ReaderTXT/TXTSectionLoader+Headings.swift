import ReaderCore

extension TXTSectionLoader {
    /// The headings of section `index` as its blocks would hold them, read from the file's bytes
    /// `fileBytes` (a mapping of the whole file) without decoding (they must be well-formed UTF-8):
    /// where each heading's line begins, as an offset in the file, and its title as the heading
    /// block's text on one line.
    func headingsInPlace(_ index: Int, of fileBytes: UnsafeBufferPointer<UInt8>) -> [UTF8Heading] {
        let range = byteRanges[index]
        let lastHeadingLine = bookEndLine(inSection: index, of: UnsafeRawBufferPointer(fileBytes))
        return Self.headings(in: UnsafeBufferPointer(rebasing: fileBytes[range]), before: lastHeadingLine).map { heading in
            UTF8Heading(offset: range.lowerBound + heading.offset, title: heading.title)
        }
    }

    /// The title of section `index`'s last heading as its blocks would hold it, read from its
    /// decoded text without building them; nil when it has none.
    func lastHeadingTitle(_ index: Int) throws(ReaderError) -> String? {
        let lastHeadingLine = bookEndLine(inSection: index)
        return try withText(of: index) { Self.headings(in: $0, before: lastHeadingLine).last?.title }
    }

    /// The headings of a section's UTF-8 text, up to line `lastHeadingLine` (excluded): where each
    /// heading's line begins in `bytes`, and its title as the heading block's text on one line.
    private static func headings(in bytes: UnsafeBufferPointer<UInt8>, before lastHeadingLine: Int?) -> [UTF8Heading] {
        var headings: [UTF8Heading] = []
        for heading in ChapterHeadingDetector().headings(inUTF8: bytes) {
            if let lastHeadingLine, heading.lineIndex >= lastHeadingLine { break }
            // Most headings are their line alone, with nothing to trim: the detector's title is the block's.
            if TXTHeadingLine.titleIsWholeLine(heading, in: bytes) {
                headings.append(UTF8Heading(offset: heading.utf8Range.lowerBound, title: heading.title))
                continue
            }
            let line = UTF8Scanning.trimmed(bytes, heading.utf8Range)
            var title = String(decoding: UnsafeBufferPointer(rebasing: bytes[line]), as: UTF8.self)
            // A heading that took its title from the line below holds that line too (see TXTHeadingLine).
            if TXTHeadingLine.includesNextLine(heading, in: bytes), let next = lineAfter(heading.utf8Range, in: bytes) {
                title += " " + String(decoding: UnsafeBufferPointer(rebasing: bytes[UTF8Scanning.trimmed(bytes, next)]), as: UTF8.self)
            }
            headings.append(UTF8Heading(offset: heading.utf8Range.lowerBound, title: title))
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
