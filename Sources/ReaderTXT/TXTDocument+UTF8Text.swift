import ReaderCore

extension TXTDocument: UTF8TextProviding {
    /// The file's bytes after the byte order mark, mapped afresh for the caller (so closing the
    /// document meanwhile cannot pull them away), when the file is read as UTF-8; nil for another
    /// encoding or when the file's size has changed since it was opened.
    public func heldUTF8Text() throws(ReaderError) -> HeldUTF8Text? {
        guard encoding.encoding.layout == .utf8, let last = byteRanges.last else { return nil }
        let mapped = try MappedFile(path: path, format: .txt)
        guard mapped.count == last.upperBound else { return nil }
        let bytes = mapped.bytes.assumingMemoryBound(to: UInt8.self)
        let text = UTF8Text(bytes: bytes, sectionRanges: byteRanges, release: { mapped.release($0) },
                            load: { mapped.load($0) })
        return HeldUTF8Text(text, keepingAlive: mapped)
    }

    /// The chapter headings of section `index` found in its bytes in `text`, without building its
    /// blocks.
    public func headings(inSection index: Int, of text: UTF8Text) throws(ReaderError) -> [UTF8Heading] {
        try headingsInPlace(inSection: index, of: text.bytes)
    }

    /// The positions of the characters starting at bytes `offsets` of the file (in increasing
    /// order), in section `index`; builds the section's blocks.
    public func textPositions(atBytes offsets: [Int], inSection index: Int) throws(ReaderError) -> [TextPosition] {
        try positionsInPlace(atBytes: offsets, inSection: index)
    }
}
