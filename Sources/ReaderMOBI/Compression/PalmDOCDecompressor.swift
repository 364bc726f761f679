import ReaderCore

/// PalmDOC's LZ77 variant, the compression of most MOBI and AZW3 text records.
///
/// Each input byte is an instruction: 0x00 and 0x09–0x7F stand for themselves, 0x01–0x08 copy
/// that many following bytes, 0xC0–0xFF stand for a space and the byte with its high bit cleared,
/// and 0x80–0xBF start a two-byte back-reference whose 14 low bits hold an 11-bit distance and a
/// 3-bit length minus 3. References reach back only within the record being decoded.
enum PalmDOCDecompressor {
    /// Decodes `input` into the start of `output` and returns how many bytes it wrote.
    ///
    /// `output.count` is the cap: decoding that would write past it stops with an error.
    /// - Parameter length: where to stop, when the input runs on past the record (a record whose
    ///   end is not known): decoding ends once that many bytes are written, and the count returned
    ///   is at most `length`.
    /// - Throws: ``ReaderError`` `malformed` for a back-reference before the start of the output or
    ///   cut short, a literal run past the end of the input, or output past the cap.
    static func decompress(_ input: UnsafeBufferPointer<UInt8>, into output: UnsafeMutableBufferPointer<UInt8>,
                           stoppingAt length: Int = .max) throws(ReaderError) -> Int {
        guard let source = input.baseAddress, let target = output.baseAddress else {
            if input.isEmpty { return 0 }
            throw capError(output.count)
        }
        let inputCount = input.count
        let cap = output.count
        var inPos = 0
        var outPos = 0
        while inPos < inputCount, outPos < length {
            let byte = source[inPos]
            inPos += 1
            if byte >= 0xC0 {
                guard outPos + 2 <= cap else { throw capError(cap) }
                target[outPos] = 0x20
                target[outPos + 1] = byte ^ 0x80
                outPos += 2
            } else if byte >= 0x80 {
                guard inPos < inputCount else {
                    throw ReaderError(.malformed, reason: "PalmDOC back-reference cut short at the end of the input")
                }
                let pair = Int(byte) << 8 | Int(source[inPos])
                inPos += 1
                let distance = (pair >> 3) & 0x7FF
                let length = (pair & 0x7) + 3
                guard distance > 0, distance <= outPos else {
                    throw ReaderError(.malformed, reason: "PalmDOC back-reference \(distance) bytes back from offset \(outPos) reaches before the start of the output")
                }
                guard outPos + length <= cap else { throw capError(cap) }
                let from = target + (outPos - distance)
                let to = target + outPos
                if distance >= length {
                    to.update(from: from, count: length)
                } else {
                    // Overlapping: the copy re-reads bytes it has just written.
                    for offset in 0..<length { to[offset] = from[offset] }
                }
                outPos += length
            } else if byte >= 0x09 || byte == 0 {
                guard outPos < cap else { throw capError(cap) }
                target[outPos] = byte
                outPos += 1
            } else {
                let count = Int(byte)
                guard inPos + count <= inputCount else {
                    throw ReaderError(.malformed, reason: "PalmDOC literal run of \(count) bytes at input offset \(inPos - 1) passes the end of the input")
                }
                guard outPos + count <= cap else { throw capError(cap) }
                (target + outPos).update(from: source + inPos, count: count)
                inPos += count
                outPos += count
            }
        }
        return min(outPos, length)
    }

    /// Decodes `input`, refusing to produce more than `cap` bytes.
    /// - Throws: ``ReaderError`` `malformed` as ``decompress(_:into:)`` does.
    static func decompress(_ input: [UInt8], cap: Int) throws(ReaderError) -> [UInt8] {
        try [UInt8](decoding: input, cap: cap) { (source, buffer) throws(ReaderError) in try decompress(source, into: buffer) }
    }

    private static func capError(_ cap: Int) -> ReaderError {
        ReaderError(.malformed, reason: "PalmDOC output passes the cap of \(cap) bytes")
    }
}
