internal import CByteScan

/// The lines of a text, found in bulk: the line breaks of a stretch of text are marked in a bitmap
/// at once (``reader_line_break_bits``, SSE2), then the marks are visited lowest first, so a line
/// costs a few instructions however long it is, rather than a search of its bytes.
enum LineBreakWalk {
    /// The text bytes marked in one round: their bitmap (512 words) fits a small stack buffer.
    static let chunkLength = 64 * 512

    /// Calls `body` with the bounds of every line of `bytes` in order, without its terminator.
    ///
    /// A line ends at a line feed, or, when `carriageReturns` is true, also at a CR LF pair or a
    /// lone carriage return (as ``UTF8Scanning/lineBreak(_:from:)`` finds them; pass
    /// ``UTF8Scanning/containsCarriageReturn(_:)``, as a text without any needs no second search).
    /// A terminator at the very end starts no further line, and an empty text has no line.
    @inline(__always)
    static func forEachLine(in bytes: UnsafeBufferPointer<UInt8>, carriageReturns: Bool,
                            _ body: (_ start: Int, _ end: Int) -> Void) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        let count = bytes.count
        var start = 0
        withUnsafeTemporaryAllocation(of: UInt64.self, capacity: chunkLength / 64) { bits in
            var chunkStart = 0
            while chunkStart < count {
                let length = min(chunkLength, count - chunkStart)
                reader_line_break_bits(base + chunkStart, length, carriageReturns ? 1 : 0, bits.baseAddress!)
                for wordIndex in 0..<(length + 63) / 64 {
                    var word = bits[wordIndex]
                    let wordStart = chunkStart &+ wordIndex &* 64
                    while word != 0 {
                        let end = wordStart &+ word.trailingZeroBitCount
                        word &= word &- 1
                        // The line feed of a CR LF, whose line ended at the carriage return.
                        if end < start { continue }
                        body(start, end)
                        start = end &+ 1
                        if carriageReturns, bytes[end] == 0x0D, start < count, bytes[start] == 0x0A { start &+= 1 }
                    }
                }
                chunkStart += length
            }
        }
        if start < count { body(start, count) }
    }
}
