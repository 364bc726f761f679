import Glibc

/// One glibc iconv descriptor converting a legacy encoding to UTF-8, with a reusable output buffer.
///
/// Not thread-safe: the descriptor carries shift state and the buffer is shared between calls.
final class IconvConverter {
    /// The replacement character U+FFFD in UTF-8.
    private static let replacement: [UInt8] = [0xEF, 0xBF, 0xBD]
    /// The largest output buffer kept between calls; longer inputs are converted in pieces.
    private static let maximumBufferSize = 4 << 20

    private let descriptor: iconv_t
    /// Bytes fed after each reset so that a chunk from the middle of a file decodes like the whole
    /// (ISO-2022-KR announces its character set once, at the start of the text).
    private let preamble: [UInt8]
    private var buffer: UnsafeMutablePointer<UInt8>
    private var bufferSize: Int

    /// Opens a converter from `sourceName` (an iconv name) to UTF-8; nil when iconv does not know it.
    init?(from sourceName: String) {
        let opened = iconv_open("UTF-8", sourceName)
        guard let opened, Int(bitPattern: opened) != -1 else { return nil }
        descriptor = opened
        preamble = sourceName == "ISO-2022-KR" ? [0x1B, 0x24, 0x29, 0x43] : []
        bufferSize = 4096
        buffer = .allocate(capacity: bufferSize)
    }

    deinit {
        iconv_close(descriptor)
        buffer.deallocate()
    }

    /// Converts `bytes` from the initial shift state; each invalid or incomplete byte becomes U+FFFD.
    func convert(_ bytes: UnsafeRawBufferPointer) -> String {
        resetState()
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return "" }
        reserveBuffer(forInputCount: bytes.count)
        var result = DecodedTextAccumulator(inputCount: bytes.count)
        var input: UnsafeMutablePointer<CChar>? = UnsafeMutablePointer(mutating: base.assumingMemoryBound(to: CChar.self))
        var inputLeft = bytes.count
        var used = 0
        // Each pass either consumes input, skips one bad byte, or empties a full buffer: it always progresses.
        while inputLeft > 0 {
            if bufferSize - used < 16 {
                flush(&used, into: &result, consumed: bytes.count - inputLeft)
            }
            var output: UnsafeMutablePointer<CChar>? = UnsafeMutableRawPointer(buffer + used).assumingMemoryBound(to: CChar.self)
            var outputLeft = bufferSize - used
            let status = iconv(descriptor, &input, &inputLeft, &output, &outputLeft)
            used = bufferSize - outputLeft
            guard status == -1 else { continue }
            switch errno {
            case E2BIG:
                flush(&used, into: &result, consumed: bytes.count - inputLeft)
            default:
                // EILSEQ (invalid or unmappable) or EINVAL (incomplete at the end): replace one byte, go on.
                if bufferSize - used < Self.replacement.count { flush(&used, into: &result, consumed: bytes.count - inputLeft) }
                for (index, byte) in Self.replacement.enumerated() { buffer[used + index] = byte }
                used += Self.replacement.count
                input = input.map { $0 + 1 }
                inputLeft -= 1
            }
        }
        finishShiftState(&used, into: &result, consumed: bytes.count)
        flush(&used, into: &result, consumed: bytes.count)
        return result.text
    }

    /// Returns the descriptor to its initial state and feeds the preamble, discarding its (empty) output.
    private func resetState() {
        _ = iconv(descriptor, nil, nil, nil, nil)
        guard !preamble.isEmpty else { return }
        preamble.withUnsafeBufferPointer { header in
            var input: UnsafeMutablePointer<CChar>? = UnsafeMutablePointer(mutating: UnsafeRawPointer(header.baseAddress!).assumingMemoryBound(to: CChar.self))
            var inputLeft = header.count
            var output: UnsafeMutablePointer<CChar>? = UnsafeMutableRawPointer(buffer).assumingMemoryBound(to: CChar.self)
            var outputLeft = bufferSize
            _ = iconv(descriptor, &input, &inputLeft, &output, &outputLeft)
        }
    }

    /// Lets a stateful converter emit what it still holds at the end of the input.
    private func finishShiftState(_ used: inout Int, into result: inout DecodedTextAccumulator, consumed: Int) {
        if bufferSize - used < 64 { flush(&used, into: &result, consumed: consumed) }
        var output: UnsafeMutablePointer<CChar>? = UnsafeMutableRawPointer(buffer + used).assumingMemoryBound(to: CChar.self)
        var outputLeft = bufferSize - used
        _ = iconv(descriptor, nil, nil, &output, &outputLeft)
        used = bufferSize - outputLeft
    }

    /// Grows the buffer so that a typical input converts in one pass (UTF-8 needs at most 3 bytes per input byte).
    private func reserveBuffer(forInputCount count: Int) {
        let wanted = min(Self.maximumBufferSize, count.multipliedReportingOverflow(by: 3).partialValue + 64)
        guard wanted > bufferSize else { return }
        buffer.deallocate()
        bufferSize = wanted
        buffer = .allocate(capacity: bufferSize)
    }

    /// Moves the converted bytes into `result` and empties the buffer; `consumed` input bytes are done.
    private func flush(_ used: inout Int, into result: inout DecodedTextAccumulator, consumed: Int) {
        result.append(UnsafeBufferPointer(start: buffer, count: used), consumedSoFar: consumed)
        used = 0
    }
}
