/// Text from a file made safe to write to a terminal or a plain-text stream: no byte of it can
/// start a control sequence.
///
/// A book's text, title, TOC entries and a library's messages may hold ESC, other C0 and C1
/// control characters and NUL; written as they are, `ESC ] 52` sets the clipboard, `ESC ] 0` the
/// window title, `ESC [` moves the cursor. Tab and line feed (and a carriage return just before a
/// line feed) are kept. Every other C0 control and DEL become caret notation (`^[`, `^@`, `^?`,
/// as `cat -v` shows them); C1 controls (U+0080–U+009F, which terminals in UTF-8 mode may read as
/// CSI, OSC, …) become U+FFFD.
public enum TerminalSafeText {
    /// `text` with its control characters made visible.
    public static func visible(_ text: String) -> String {
        var bytes: [UInt8] = []
        append(text, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends the UTF-8 bytes of `text` to `bytes`, control characters made visible.
    public static func append(_ text: String, to bytes: inout [UInt8]) {
        // A native string's bytes are read where they are, without the copy `withUTF8` needs.
        let appended: Void? = text.utf8.withContiguousStorageIfAvailable { append(utf8: $0, to: &bytes) }
        guard appended == nil else { return }
        var text = text
        text.withUTF8 { append(utf8: $0, to: &bytes) }
    }

    /// Appends well-formed UTF-8 to `bytes`, control characters made visible.
    public static func append(utf8 source: UnsafeBufferPointer<UInt8>, to bytes: inout [UInt8]) {
        guard let first = firstUnsafeIndex(in: source) else {
            bytes.append(contentsOf: source)
            return
        }
        bytes.reserveCapacity(bytes.count + source.count + 16)
        bytes.append(contentsOf: source[..<first])
        var index = first
        while index < source.count {
            let byte = source[index]
            switch byte {
            case 0x09, 0x0A:
                bytes.append(byte)
            case 0x0D where index + 1 < source.count && source[index + 1] == 0x0A:
                bytes.append(byte)
            case 0x00..<0x20:
                bytes.append(UInt8(ascii: "^"))
                bytes.append(byte + 0x40)
            case 0x7F:
                bytes.append(UInt8(ascii: "^"))
                bytes.append(UInt8(ascii: "?"))
            case 0xC2 where index + 1 < source.count && (0x80...0x9F).contains(source[index + 1]):
                bytes.append(contentsOf: replacementCharacter)
                index += 1
            default:
                bytes.append(byte)
            }
            index += 1
        }
    }

    /// Makes the well-formed UTF-8 of `bytes` from `start` on safe in place, as
    /// ``append(utf8:to:)`` would have written it: a line appended piece by piece is checked once.
    public static func makeSafe(_ bytes: inout [UInt8], from start: Int) {
        guard let offset = bytes.withUnsafeBufferPointer({ firstUnsafeIndex(in: UnsafeBufferPointer(rebasing: $0[start...])) })
        else { return }
        let rest = Array(bytes[(start + offset)...])
        bytes.removeSubrange((start + offset)...)
        rest.withUnsafeBufferPointer { append(utf8: $0, to: &bytes) }
    }

    /// JSON text with DEL and the C1 controls escaped (`\u007f`, `\u0085`, …) as well as the C0 ones
    /// JSON requires: equal JSON, and nothing in it a terminal would act on. These characters can only
    /// stand inside strings, so every occurrence is replaced.
    public static func json(_ json: String) -> String {
        var json = json
        return json.withUTF8 { source in
            guard firstUnsafeIndex(in: source) != nil else { return String(decoding: source, as: UTF8.self) }
            var bytes: [UInt8] = []
            bytes.reserveCapacity(source.count + 16)
            var index = 0
            while index < source.count {
                let byte = source[index]
                if byte == 0x7F {
                    bytes.append(contentsOf: Array("\\u007f".utf8))
                } else if byte == 0xC2, index + 1 < source.count, (0x80...0x9F).contains(source[index + 1]) {
                    bytes.append(contentsOf: Array("\\u00".utf8))
                    bytes.append(contentsOf: hexDigits(source[index + 1]))
                    index += 1
                } else if byte < 0x20, byte != 0x0A {
                    // JSONEncoder escapes these; kept safe should any other writer not.
                    bytes.append(contentsOf: Array("\\u00".utf8))
                    bytes.append(contentsOf: hexDigits(byte))
                } else {
                    bytes.append(byte)
                }
                index += 1
            }
            return String(decoding: bytes, as: UTF8.self)
        }
    }

    /// Whether well-formed UTF-8 is safe as it is: ``append(utf8:to:)`` would copy it unchanged.
    public static func isSafe(utf8 source: UnsafeBufferPointer<UInt8>) -> Bool {
        firstUnsafeIndex(in: source) == nil
    }

    /// The index of the first byte that needs replacing, or nil when the text is safe as it is.
    private static func firstUnsafeIndex(in source: UnsafeBufferPointer<UInt8>) -> Int? {
        let base = source.baseAddress.map(UnsafeRawPointer.init)
        var index = 0
        while index < source.count {
            // Sixteen bytes at a time past those that hold no control character and no lead of
            // one; else straight to the first byte that may be one.
            if let base, index + 16 <= source.count {
                let low = candidateBytes(base.loadUnaligned(fromByteOffset: index, as: UInt64.self))
                let high = candidateBytes(base.loadUnaligned(fromByteOffset: index + 8, as: UInt64.self))
                if low | high == 0 {
                    index += 16
                    continue
                }
                index += low != 0 ? low.trailingZeroBitCount >> 3 : 8 + high.trailingZeroBitCount >> 3
            }
            let byte = source[index]
            if byte < 0x20 {
                if byte != 0x0A, byte != 0x09,
                   !(byte == 0x0D && index + 1 < source.count && source[index + 1] == 0x0A) {
                    return index
                }
            } else if byte == 0x7F {
                return index
            } else if byte == 0xC2, index + 1 < source.count, (0x80...0x9F).contains(source[index + 1]) {
                return index
            }
            index += 1
        }
        return nil
    }

    /// The high bit of each byte of `word` (read little-endian, so the first byte is the lowest)
    /// that is a control character other than a line feed or a tab, DEL, or 0xC2 (which leads
    /// the C1 controls), exactly, byte by byte: the bytes worth a closer look. Line feeds end
    /// every line of a text, so they must not send the words holding one down the byte-by-byte path.
    @inline(__always)
    static func candidateBytes(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        // Each byte's low seven bits plus a constant below 0x80 - (low seven bits) never carries
        // into the next byte; the sum's high bit tells whether the seven bits reach a threshold.
        let low = word & ~highs
        let atLeastSpace = low &+ ones &* (0x80 - 0x20)
        let atLeastTab = low &+ ones &* (0x80 - 0x09)
        let pastLineFeed = low &+ ones &* (0x80 - 0x0B)
        let isDelete = low &+ ones
        let leadDifference = low ^ (ones &* 0x42)
        let isLeadLow = ~((leadDifference &+ ones &* 0x7F) | leadDifference)
        let control = ~atLeastSpace & ~(atLeastTab & ~pastLineFeed)
        // Controls and DEL are ASCII (high bit clear); 0xC2 has it set.
        return ((control | isDelete) & ~word | isLeadLow & word) & highs
    }

    private static let replacementCharacter: [UInt8] = [0xEF, 0xBF, 0xBD]

    private static func hexDigits(_ byte: UInt8) -> [UInt8] {
        let digits = Array("0123456789abcdef".utf8)
        return [digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]]
    }
}
