import ReaderCore

/// Decodes byte ranges that start and end on character boundaries into Strings.
///
/// Invalid or unmappable bytes become U+FFFD; decoding never fails, traps or loops forever. Every call starts
/// from the encoding's initial state, so chunks cut by ``ChunkBoundaries`` decode independently.
/// An instance is not thread-safe (it owns an iconv descriptor and a buffer): use one per thread.
public final class TextDecoder {
    /// The encoding this decoder reads.
    public let encoding: TextEncoding
    /// How the bytes are turned into text.
    private let engine: Engine
    /// Where ``withUTF8(decoding:_:)`` puts the text, kept from call to call: a fresh buffer of
    /// megabytes costs a page fault for every 4 KiB written.
    private var scratch = UnsafeMutableRawBufferPointer(start: nil, count: 0)
    /// What the last ``withUTF8(decoding:_:)`` of UTF-8 bytes that were not well-formed repaired;
    /// nil after any other call.
    private(set) var lastRepair: MixedUTF8Repair?

    private enum Engine {
        /// UTF-8, UTF-16 and UTF-32, decoded natively.
        case unicode
        /// GB18030 and GBK, decoded by table lookup.
        case gb18030(GB18030Decoder)
        /// Every other legacy encoding.
        case iconv(IconvConverter)
    }

    /// Creates a decoder.
    /// - Throws: ``ReaderError`` `.invalidArgument` when iconv cannot convert from the encoding.
    public init(encoding: TextEncoding) throws(ReaderError) {
        self.encoding = encoding
        switch encoding.layout {
        case .utf8, .utf16, .utf32:
            engine = .unicode
        case .singleByte, .multiByte, .stateful:
            if encoding.iconvName == "GB18030", let table = GB18030Table.shared {
                engine = .gb18030(GB18030Decoder(table: table))
                return
            }
            guard let opened = IconvConverter(from: encoding.iconvName) else {
                throw ReaderError(.invalidArgument,
                                  reason: "cannot decode \(encoding.name): iconv does not support \(encoding.iconvName)")
            }
            engine = .iconv(opened)
        }
    }

    deinit {
        scratch.deallocate()
    }

    /// Decodes `bytes` (without a byte order mark); a trailing incomplete character becomes U+FFFD.
    public func decode(_ bytes: UnsafeRawBufferPointer) -> String {
        switch engine {
        case .gb18030(let decoder):
            return String(wellFormedUTF8: decoder.decode(bytes))
        case .iconv(let converter):
            return converter.convert(bytes)
        case .unicode:
            switch encoding.layout {
            case .utf16(let bigEndian): return UnicodeTranscoding.decodeUTF16(bytes, bigEndian: bigEndian)
            case .utf32(let bigEndian): return UnicodeTranscoding.decodeUTF32(bytes, bigEndian: bigEndian)
            default: return String(decoding: bytes, as: UTF8.self)
            }
        }
    }

    /// Decodes `bytes` as ``decode(_:)`` does and runs `body` on the text's UTF-8 bytes (always well-formed),
    /// which live only for the call. UTF-8 and GB18030 go to a buffer the decoder keeps for the next call.
    func withUTF8<Result>(decoding bytes: UnsafeRawBufferPointer,
                          _ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        lastRepair = nil
        switch engine {
        case .gb18030(let decoder):
            let output = scratchSpace(atLeast: GB18030Decoder.capacity(forInputCount: bytes.count))
            let count = decoder.decode(bytes, into: output)
            return try body(UnsafeBufferPointer(start: output.assumingMemoryBound(to: UInt8.self), count: count))
        case .unicode where encoding.layout == .utf8:
            // Validate a copy, not the bytes themselves: a file under a memory map may change between two reads.
            let copy = scratchSpace(atLeast: bytes.count)
            if let base = bytes.baseAddress { copy.copyMemory(from: base, byteCount: bytes.count) }
            let text = UnsafeRawBufferPointer(start: copy, count: bytes.count)
            if String.isWellFormedUTF8(text) { return try text.withMemoryRebound(to: UInt8.self, body) }
            // Stray bytes: a Latin-1 passage where that is clearly what they are, else U+FFFD.
            let (repaired, repair) = text.withMemoryRebound(to: UInt8.self) { MixedUTF8Repair.repair($0) }
            lastRepair = repair
            return try repaired.withUnsafeBufferPointer(body)
        default:
            var text = decode(bytes)
            return try text.withUTF8(body)
        }
    }

    /// The decoder's buffer, grown to hold at least `count` bytes.
    private func scratchSpace(atLeast count: Int) -> UnsafeMutableRawPointer {
        if scratch.baseAddress == nil || scratch.count < count {
            scratch.deallocate()
            scratch = .allocate(byteCount: max(count, 64), alignment: 16)
        }
        return scratch.baseAddress!
    }
}
