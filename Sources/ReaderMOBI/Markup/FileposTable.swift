/// Converts between a part's source offsets (UTF-16 offsets into the text the HTML converter
/// recorded) and byte offsets in the decoded MOBI text stream (`filepos`).
///
/// Anchors put at the start of every text run tie the two exactly; within a run, each character
/// counts as many bytes as it takes in the book's encoding (one for Windows-1252, one to four in
/// UTF-8). An entity reference (`&amp;`) takes more bytes in the stream than its character, so
/// the offsets after one in the same run are a little early, but the mapping stays monotonic and
/// invertible, which is what Locators need.
struct FileposTable: Sendable {
    /// Pairs of (source offset, stream offset), both non-decreasing.
    private let entries: [(source: Int, filepos: Int)]
    /// The part's source text.
    private let text: [UInt16]
    /// True when every character is one byte in the stream (Windows-1252).
    private let singleByte: Bool
    /// The stream range of the part.
    let fileposRange: Range<Int>

    /// - Parameters:
    ///   - anchors: anchors placed at exact stream offsets, in document order.
    ///   - sourceOffsets: where the converter found each anchor id.
    init(anchors: [(id: String, offset: Int)], sourceOffsets: [String: Int], text: [UInt16], singleByte: Bool,
         fileposRange: Range<Int>) {
        var entries: [(source: Int, filepos: Int)] = [(0, fileposRange.lowerBound)]
        for anchor in anchors {
            guard let source = sourceOffsets[anchor.id], let last = entries.last,
                  source >= last.source, anchor.offset >= last.filepos else { continue }
            entries.append((source, anchor.offset))
        }
        self.entries = entries
        self.text = text
        self.singleByte = singleByte
        self.fileposRange = fileposRange
    }

    /// The stream offset of a source offset.
    func filepos(atSource source: Int) -> Int {
        let clamped = min(max(0, source), text.count)
        let entry = lastEntry { $0.source <= clamped }
        var filepos = entries[entry].filepos
        for unit in text[min(entries[entry].source, clamped)..<clamped] { filepos += width(unit) }
        if entry + 1 < entries.count { filepos = min(filepos, entries[entry + 1].filepos - 1) }
        return min(max(filepos, fileposRange.lowerBound), max(fileposRange.lowerBound, fileposRange.upperBound - 1))
    }

    /// The source offset of a stream offset in this part.
    func sourceOffset(atFilepos filepos: Int) -> Int {
        let entry = lastEntry { $0.filepos <= filepos }
        let limit = entry + 1 < entries.count ? entries[entry + 1].source : text.count
        var source = entries[entry].source
        var remaining = filepos - entries[entry].filepos
        while source < limit, remaining >= width(text[source]) {
            remaining -= width(text[source])
            source += 1
        }
        return source
    }

    private func width(_ unit: UInt16) -> Int {
        if singleByte || unit < 0x80 { return 1 }
        if unit < 0x800 || (0xD800...0xDFFF).contains(unit) { return 2 }
        return 3
    }

    /// The last entry satisfying `isAtOrBefore` (entries are sorted for it); the first when none does.
    private func lastEntry(_ isAtOrBefore: ((source: Int, filepos: Int)) -> Bool) -> Int {
        var low = 0
        var high = entries.count
        while low < high {
            let middle = (low + high) / 2
            if isAtOrBefore(entries[middle]) { low = middle + 1 } else { high = middle }
        }
        return max(0, low - 1)
    }
}
