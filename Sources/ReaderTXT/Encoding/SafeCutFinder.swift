import Glibc

/// Finds positions in an encoded text where it can be cut without splitting a character or a CRLF.
struct SafeCutFinder {
    /// The whole text.
    let bytes: UnsafeRawBufferPointer
    /// Where the text's code units start (after any BOM); UTF-16/32 units are aligned to it.
    let origin: Int
    /// The encoding's byte layout.
    let layout: ByteLayout

    /// A cut in `(previous, bytes.count]`, at or after `target` where possible: after the first line feed in
    /// `target..<target + window`, else at another safe boundary. `previous` is a known boundary before `target`.
    func cut(after previous: Int, target: Int, window: Int) -> Int {
        let unit = layout.codeUnitSize
        let aligned = alignUp(target)
        let limit = min(bytes.count, aligned + window)
        if let lineEnd = firstLineFeedEnd(in: aligned, limit) { return lineEnd }
        let cut: Int
        switch layout {
        case .utf8: cut = utf8Boundary(from: aligned)
        case .utf16(let bigEndian): cut = utf16Boundary(from: aligned, bigEndian: bigEndian)
        case .utf32, .singleByte: cut = aligned
        case .multiByte(let scheme): cut = multiByteBoundary(after: previous, from: aligned, limit: limit, scheme: scheme)
        case .stateful: return firstLineFeedEnd(in: limit, bytes.count) ?? bytes.count
        }
        return min(bytes.count, max(previous + unit, avoidingCRLFSplit(min(cut, bytes.count))))
    }

    /// Rounds an offset up to the next code unit boundary (relative to `origin`), clamped to the end.
    private func alignUp(_ offset: Int) -> Int {
        let unit = layout.codeUnitSize
        let remainder = (offset - origin) % unit
        return min(bytes.count, remainder == 0 ? offset : offset + unit - remainder)
    }

    /// The offset just after the first aligned line feed code unit in `lower..<upper`, if any.
    private func firstLineFeedEnd(in lower: Int, _ upper: Int) -> Int? {
        guard let base = bytes.baseAddress, lower < upper else { return nil }
        let unit = layout.codeUnitSize
        var position = lower
        while position < upper {
            guard let found = memchr(base + position, 0x0A, upper - position) else { return nil }
            let offset = found - UnsafeMutableRawPointer(mutating: base)
            if let unitStart = lineFeedUnitStart(containingByteAt: offset), unitStart + unit <= bytes.count {
                return unitStart + unit
            }
            position = offset + 1
        }
        return nil
    }

    /// When the 0x0A byte at `offset` is part of an aligned LF code unit, that unit's start.
    private func lineFeedUnitStart(containingByteAt offset: Int) -> Int? {
        switch layout {
        case .utf16(let bigEndian):
            let unitStart = offset - (bigEndian ? 1 : 0)
            guard unitStart >= origin, (unitStart - origin) % 2 == 0, unitStart + 2 <= bytes.count else { return nil }
            return codeUnit(at: unitStart) == 0x0A ? unitStart : nil
        case .utf32(let bigEndian):
            let unitStart = offset - (bigEndian ? 3 : 0)
            guard unitStart >= origin, (unitStart - origin) % 4 == 0, unitStart + 4 <= bytes.count else { return nil }
            return codeUnit(at: unitStart) == 0x0A ? unitStart : nil
        case .utf8, .singleByte, .multiByte, .stateful:
            return offset
        }
    }

    /// The code unit value starting at `offset` (a byte for byte-oriented encodings).
    private func codeUnit(at offset: Int) -> UInt32 {
        switch layout {
        case .utf16(let bigEndian):
            let high = UInt32(bytes[offset + (bigEndian ? 0 : 1)]), low = UInt32(bytes[offset + (bigEndian ? 1 : 0)])
            return high << 8 | low
        case .utf32(let bigEndian):
            var value: UInt32 = 0
            for index in 0..<4 { value = value << 8 | UInt32(bytes[offset + (bigEndian ? index : 3 - index)]) }
            return value
        case .utf8, .singleByte, .multiByte, .stateful:
            return UInt32(bytes[offset])
        }
    }

    /// Moves a cut that falls between CR and LF to just after the LF.
    private func avoidingCRLFSplit(_ cut: Int) -> Int {
        let unit = layout.codeUnitSize
        guard cut - unit >= origin, cut + unit <= bytes.count else { return cut }
        return codeUnit(at: cut - unit) == 0x0D && codeUnit(at: cut) == 0x0A ? cut + unit : cut
    }

    /// UTF-8: the first byte at or after `offset` that is not a continuation byte (at most 3 steps).
    private func utf8Boundary(from offset: Int) -> Int {
        var cut = offset
        while cut < bytes.count, cut - offset < 3, bytes[cut] & 0xC0 == 0x80 { cut += 1 }
        return cut
    }

    /// UTF-16: `offset` (aligned), or the unit after it when it is a low surrogate.
    private func utf16Boundary(from offset: Int, bigEndian: Bool) -> Int {
        guard offset + 2 <= bytes.count else { return bytes.count }
        return (0xDC00...0xDFFF).contains(codeUnit(at: offset)) ? offset + 2 : offset
    }

    /// Legacy CJK: just after the first byte below 0x30 in `offset..<limit`; when there is none, the first
    /// character boundary at or after `offset`, found by stepping characters from the known boundary `previous`.
    private func multiByteBoundary(after previous: Int, from offset: Int, limit: Int, scheme: MultiByteScheme) -> Int {
        var position = offset
        while position < limit {
            if bytes[position] < 0x30 { return position + 1 }
            position += 1
        }
        var cut = previous
        while cut < offset {
            let next = cut + 1 < bytes.count ? bytes[cut + 1] : nil
            cut += scheme.sequenceLength(lead: bytes[cut], next: next)
        }
        return min(cut, bytes.count)
    }
}
