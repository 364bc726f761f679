/// Where a text file is cut into sections: near every `targetSize` bytes, just after a line feed
/// (``ChunkBoundaries``), moved forward to just after an empty line when one is near, so that a
/// paragraph is rarely split between two sections.
enum TXTSectionCuts {
    /// How far past a cut an empty line is looked for, in bytes.
    static let blankLineWindow = 64 << 10

    /// The sections' byte ranges. Only bounded windows around each cut are read; `release` is
    /// handed each window once read, so the caller can let go of the mapped pages (cutting a
    /// 1 GB file would otherwise keep 64 KiB resident around each of its thousand cuts).
    static func ranges(_ bytes: UnsafeRawBufferPointer, encoding: EncodingDetection, targetSize: Int,
                       release: (Range<Int>) -> Void = { _ in }) -> [Range<Int>] {
        let start = encoding.bomLength
        guard bytes.count > start else { return [start..<max(start, bytes.count)] }
        let layout = CodeUnitLayout(encoding.encoding)
        var cuts: [Int] = []
        _ = ChunkBoundaries.split(bytes, start: start, encoding: encoding.encoding, targetSize: targetSize) { cut, searchedFrom in
            guard cut < bytes.count else { return }
            let moved = blankLineEnd(bytes, from: cut, layout: layout) ?? cut
            if moved > (cuts.last ?? start), moved < bytes.count { cuts.append(moved) }
            release(min(searchedFrom, cut)..<max(moved, cut + layout.size))
        }
        var ranges: [Range<Int>] = []
        var lower = start
        for cut in cuts where cut > lower {
            ranges.append(lower..<cut)
            lower = cut
        }
        ranges.append(lower..<bytes.count)
        return ranges
    }

    /// The offset just after the first empty line that ends within the window after `cut`, which
    /// sits just after a line feed.
    private static func blankLineEnd(_ bytes: UnsafeRawBufferPointer, from cut: Int, layout: CodeUnitLayout) -> Int? {
        let limit = min(bytes.count, cut + blankLineWindow)
        var offset = cut
        // Start of the current line is `cut`; an empty line is LF (or CR LF) right at a line start.
        var atLineStart = true
        while offset + layout.size <= limit {
            let unit = layout.unit(bytes, at: offset)
            if unit == 0x0A {
                if atLineStart { return offset + layout.size }
                atLineStart = true
            } else if unit == 0x0D {
                // CR belongs to the line terminator; an empty line may be CR LF.
            } else {
                atLineStart = false
            }
            offset += layout.size
        }
        return nil
    }
}
