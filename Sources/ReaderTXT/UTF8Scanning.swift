import Glibc

/// Small UTF-8 helpers for scanning decoded text by bytes, where Swift's `Character` machinery
/// would be too slow for a 100 MB file. The input is valid UTF-8 (``TextDecoder`` made it).
enum UTF8Scanning {
    /// The UTF-8 length of the scalar whose lead byte is `lead`.
    @inline(__always)
    static func scalarLength(lead: UInt8) -> Int {
        lead < 0x80 ? 1 : lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
    }

    /// UTF-16 units of the scalar whose lead byte is `lead`.
    @inline(__always)
    static func utf16Length(lead: UInt8) -> Int {
        lead >= 0xF0 ? 2 : 1
    }

    /// The offset of the first line feed at or after `start`, or the end of `bytes`: where a line
    /// ends in a text without carriage returns (see ``containsCarriageReturn(_:)``). Lines are
    /// short, mostly: the first bytes are searched eight at a time, inline; a long line goes on
    /// to `memchr`.
    static func lineFeed(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        guard let base = bytes.baseAddress, start < bytes.count else { return bytes.count }
        // A blank line (a fifth of a novel's lines) ends where it starts.
        if bytes[start] == 0x0A { return start }
        let inline = searchInline(bytes, from: start) { word in zeroBytes(word ^ (ones &* 0x0A)) }
        if let found = inline.found { return found }
        let raw = UnsafeRawPointer(base)
        return memchr(base + inline.end, 0x0A, bytes.count - inline.end).map { UnsafeRawPointer($0) - raw } ?? bytes.count
    }

    private static let ones: UInt64 = 0x0101_0101_0101_0101

    /// The high bit of each byte of `word` that is zero; the lowest is exact (a borrow only flags
    /// bytes above a zero one).
    @inline(__always)
    private static func zeroBytes(_ word: UInt64) -> UInt64 {
        (word &- ones) & ~word & 0x8080_8080_8080_8080
    }

    /// The first 128 bytes from `start` searched eight at a time for the lowest byte `flags`
    /// marks (its high bit set, the lowest flag exact): the offset found, else where the search
    /// stopped (a multiple of eight bytes on, short of the end).
    @inline(__always)
    private static func searchInline(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int,
                                     flags: (UInt64) -> UInt64) -> (found: Int?, end: Int) {
        let raw = UnsafeRawPointer(bytes.baseAddress!)
        var index = start
        let inlineEnd = min(bytes.count, start + 128)
        while index + 8 <= inlineEnd {
            let found = flags(UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)))
            if found != 0 { return (index + found.trailingZeroBitCount >> 3, index) }
            index += 8
        }
        return (nil, index)
    }

    /// Whether `bytes` hold a carriage return anywhere (so lines may end at one).
    static func containsCarriageReturn(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return false }
        return memchr(base, 0x0D, bytes.count) != nil
    }

    /// The offset of the first line feed or carriage return at or after `start`, or `bytes.count`.
    /// Lines are short, mostly: the first bytes are searched for both at once, eight at a time,
    /// inline; a long line goes on to `memchr`.
    static func lineBreak(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        guard let base = bytes.baseAddress, start < bytes.count else { return bytes.count }
        let count = bytes.count
        let raw = UnsafeRawPointer(base)
        let inline = searchInline(bytes, from: start) { word in zeroBytes(word ^ (ones &* 0x0A)) | zeroBytes(word ^ (ones &* 0x0D)) }
        if let found = inline.found { return found }
        var index = inline.end
        if index + 8 > count {
            while index < count && bytes[index] != 0x0A && bytes[index] != 0x0D { index += 1 }
            return index
        }
        let lineFeed = memchr(base + index, 0x0A, count - index)
            .map { UnsafeRawPointer($0) - raw } ?? count
        // Carriage returns are rare: look for one only before the line feed.
        guard lineFeed > index, let carriageReturn = memchr(base + index, 0x0D, lineFeed - index) else { return lineFeed }
        return UnsafeRawPointer(carriageReturn) - raw
    }

    /// ``lineBreak(_:from:)`` and the UTF-16 units of the line before it, counted as the line is
    /// searched (as ``UTF8Counting/utf16Count(_:in:)`` counts them), so its bytes are read once.
    static func lineBreakCountingUTF16(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> (end: Int, utf16Count: Int) {
        guard let base = bytes.baseAddress, start < bytes.count else { return (bytes.count, 0) }
        let count = bytes.count
        let raw = UnsafeRawPointer(base)
        let ones: UInt64 = 0x0101_0101_0101_0101, high: UInt64 = 0x8080_8080_8080_8080
        var index = start
        var units = 0
        while index + 8 <= count {
            // Per-byte tallies of continuation bytes (10xxxxxx) and four-byte leads (11110xxx),
            // summed across bytes every 255 words at most, before a byte can overflow.
            var continuations: UInt64 = 0, fourByteLeads: UInt64 = 0
            let batchStart = index
            let batchEnd = min(count, index + 8 * 255)
            while index + 8 <= batchEnd {
                var word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
                // The lowest flagged byte is the first line feed or carriage return exactly.
                let found = zeroBytes(word ^ (ones &* 0x0A)) | zeroBytes(word ^ (ones &* 0x0D))
                var before = 8
                if found != 0 {
                    before = found.trailingZeroBitCount >> 3
                    // Zero bytes count as nothing below; the bytes from the break on are cleared.
                    word &= before == 0 ? 0 : ~UInt64(0) >> UInt64(64 - 8 * before)
                }
                // Most words of a book are ASCII: nothing to tally.
                if word & high != 0 {
                    continuations &+= (word & ~(word << 1) & high) >> 7
                    fourByteLeads &+= (word & (word << 1) & (word << 2) & (word << 3) & high) >> 7
                }
                index += before
                if before < 8 {
                    return (index, units + index - batchStart - byteSum(continuations) + byteSum(fourByteLeads))
                }
            }
            units += index - batchStart - byteSum(continuations) + byteSum(fourByteLeads)
        }
        while index < count {
            let byte = bytes[index]
            if byte == 0x0A || byte == 0x0D { break }
            if byte & 0xC0 != 0x80 { units += 1 }
            if byte >= 0xF0 { units += 1 }
            index += 1
        }
        return (index, units)
    }

    /// The sum of the eight bytes of `word`.
    @inline(__always)
    private static func byteSum(_ word: UInt64) -> Int {
        let pairs = (word & 0x00FF_00FF_00FF_00FF) &+ (word >> 8 & 0x00FF_00FF_00FF_00FF)
        return Int(truncatingIfNeeded: (pairs &* 0x0001_0001_0001_0001) >> 48)
    }

    /// The byte length of the whitespace scalar at `index` (space, tab, VT, FF, no-break space,
    /// ideographic space, BOM), or 0 when the scalar there is not whitespace. Each is one UTF-16 unit.
    @inline(__always)
    static func whitespaceLength(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int, end: Int) -> Int {
        let byte = bytes[index]
        if byte == 0x20 || byte == 0x09 || byte == 0x0B || byte == 0x0C { return 1 }
        if byte == 0xC2, index + 1 < end, bytes[index + 1] == 0xA0 { return 2 }
        if byte == 0xE3, index + 2 < end, bytes[index + 1] == 0x80, bytes[index + 2] == 0x80 { return 3 }
        if byte == 0xEF, index + 2 < end, bytes[index + 1] == 0xBB, bytes[index + 2] == 0xBF { return 3 }
        return 0
    }

    /// `range` without the whitespace scalars (see ``whitespaceLength(_:at:end:)``) at either end,
    /// as ``TXTBlockBuilder`` trims a line.
    static func trimmed(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Range<Int> {
        var low = range.lowerBound, high = range.upperBound
        while low < high {
            let length = whitespaceLength(bytes, at: low, end: high)
            guard length > 0 else { break }
            low += length
        }
        while high > low {
            let length = trailingWhitespaceLength(bytes, before: high, start: low)
            guard length > 0 else { break }
            high -= length
        }
        return low..<high
    }

    /// The byte length of the whitespace scalar ending just before `end`, or 0.
    @inline(__always)
    static func trailingWhitespaceLength(_ bytes: UnsafeBufferPointer<UInt8>, before end: Int, start: Int) -> Int {
        let last = bytes[end - 1]
        if last == 0x20 || last == 0x09 || last == 0x0B || last == 0x0C { return 1 }
        if last == 0xA0, end - 2 >= start, bytes[end - 2] == 0xC2 { return 2 }
        if end - 3 >= start {
            if last == 0x80, bytes[end - 2] == 0x80, bytes[end - 3] == 0xE3 { return 3 }
            if last == 0xBF, bytes[end - 2] == 0xBB, bytes[end - 3] == 0xEF { return 3 }
        }
        return 0
    }

    /// The scalar value starting at `index`.
    @inline(__always)
    static func scalar(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> UInt32 {
        let lead = UInt32(bytes[index])
        switch scalarLength(lead: bytes[index]) {
        case 1: return lead
        case 2: return (lead & 0x1F) << 6 | UInt32(bytes[index + 1] & 0x3F)
        case 3: return (lead & 0x0F) << 12 | UInt32(bytes[index + 1] & 0x3F) << 6 | UInt32(bytes[index + 2] & 0x3F)
        default:
            return (lead & 0x07) << 18 | UInt32(bytes[index + 1] & 0x3F) << 12
                | UInt32(bytes[index + 2] & 0x3F) << 6 | UInt32(bytes[index + 3] & 0x3F)
        }
    }

    /// The value of the last scalar of `bytes[range]`, non-empty valid UTF-8.
    static func lastScalar(_ bytes: UnsafeBufferPointer<UInt8>, in range: Range<Int>) -> UInt32 {
        var start = range.upperBound - 1
        while start > range.lowerBound, bytes[start] & 0xC0 == 0x80 { start -= 1 }
        return scalar(bytes, at: start)
    }

    /// Scalars of `bytes[range]` up to the first whitespace; 1 for CJK, which may break after any
    /// character: how much of a line would have to fit on the line before for a wrap to keep it there.
    /// Counting stops at `limit`, for a caller that only asks whether the word is that long.
    static func firstWordLength(_ bytes: UnsafeBufferPointer<UInt8>, in range: Range<Int>, limit: Int = .max) -> Int {
        var index = range.lowerBound, length = 0
        guard index < range.upperBound else { return 0 }
        if isWideScript(scalar(bytes, at: index)) { return 1 }
        while length < limit, index < range.upperBound, whitespaceLength(bytes, at: index, end: range.upperBound) == 0 {
            index += scalarLength(lead: bytes[index])
            length += 1
        }
        return length
    }

    /// Han, kana, Hangul and fullwidth forms: scripts whose lines join without a space.
    @inline(__always)
    static func isWideScript(_ value: UInt32) -> Bool {
        (0x2E80...0xA4CF).contains(value) || (0xAC00...0xD7A3).contains(value) || (0xF900...0xFAFF).contains(value)
            || (0xFF00...0xFF60).contains(value) || (0x20000...0x3FFFF).contains(value)
    }
}
