/// Cuts a whole text file into ranges of roughly equal size that decode independently.
public enum ChunkBoundaries {
    /// The longest stretch past each target searched for a line feed (or, failing that, another safe cut).
    static func searchWindow(forTargetSize targetSize: Int) -> Int {
        min(64 << 10, max(64, targetSize))
    }

    /// Splits `bytes` (the whole memory-mapped file, BOM included) from `start` (= bomLength) into consecutive
    /// ranges of roughly `targetSize` bytes that tile `start..<bytes.count` (none when that is empty).
    ///
    /// Each cut is just after a line feed, so a CRLF is never split and no multi-byte character is split
    /// (0x0A is never a trail byte in UTF-8, GB18030/GBK, Big5, Shift_JIS or EUC-*; for UTF-16/32 it is the
    /// aligned LF code unit). If no line feed lies within a search window after the target, the cut goes to
    /// another safe character boundary at or after the target: UTF-8 before a non-continuation byte; UTF-16 on
    /// a code unit that is not a low surrogate; legacy CJK after a byte below 0x30 (never a trail byte), or by
    /// stepping characters from the previous cut when the window has none; single-byte encodings anywhere.
    /// Never between CR and LF. Stateful encodings (ISO-2022-*) are cut only after line feeds.
    /// Only bounded windows around each target are read (except for the rare fallbacks described above),
    /// so splitting a 1 GB file is fast.
    /// `eachCut` is told every cut as soon as it is found, with the offset its search began at.
    public static func split(_ bytes: UnsafeRawBufferPointer, start: Int, encoding: TextEncoding, targetSize: Int,
                             eachCut: (_ cut: Int, _ searchedFrom: Int) -> Void = { _, _ in }) -> [Range<Int>] {
        let end = bytes.count
        let first = min(max(0, start), end)
        guard first < end else { return [] }
        let finder = SafeCutFinder(bytes: bytes, origin: first, layout: encoding.layout)
        let target = max(1, targetSize)
        let window = searchWindow(forTargetSize: target)
        var ranges: [Range<Int>] = []
        ranges.reserveCapacity((end - first) / target + 1)
        var lower = first
        while lower < end {
            let wanted = lower + target
            guard wanted < end else {
                ranges.append(lower..<end)
                break
            }
            let cut = finder.cut(after: lower, target: wanted, window: window)
            eachCut(cut, wanted)
            ranges.append(lower..<cut)
            lower = cut
        }
        return ranges
    }
}
