import ReaderCore

/// Decodes byte ranges that start and end on character boundaries into Strings.
///
/// Invalid or unmappable bytes become U+FFFD; decoding never fails, traps or loops forever. Every call starts
/// from the encoding's initial state, so chunks cut by ``ChunkBoundaries`` decode independently.
/// An instance is not thread-safe (it owns an iconv descriptor and a buffer): use one per thread.
public final class TextDecoder {
    /// The encoding this decoder reads.
    public let encoding: TextEncoding
    /// The iconv converter for legacy encodings; nil for UTF-8, UTF-16 and UTF-32, which are decoded natively.
    private let converter: IconvConverter?

    /// Creates a decoder.
    /// - Throws: ``ReaderError`` `.invalidArgument` when iconv cannot convert from the encoding.
    public init(encoding: TextEncoding) throws(ReaderError) {
        self.encoding = encoding
        switch encoding.layout {
        case .utf8, .utf16, .utf32:
            converter = nil
        case .singleByte, .multiByte, .stateful:
            guard let opened = IconvConverter(from: encoding.iconvName) else {
                throw ReaderError(.invalidArgument,
                                  reason: "cannot decode \(encoding.name): iconv does not support \(encoding.iconvName)")
            }
            converter = opened
        }
    }

    /// Decodes `bytes` (without a byte order mark); a trailing incomplete character becomes U+FFFD.
    public func decode(_ bytes: UnsafeRawBufferPointer) -> String {
        switch encoding.layout {
        case .utf8:
            return String(decoding: bytes, as: UTF8.self)
        case .utf16(let bigEndian):
            return UnicodeTranscoding.decodeUTF16(bytes, bigEndian: bigEndian)
        case .utf32(let bigEndian):
            return UnicodeTranscoding.decodeUTF32(bytes, bigEndian: bigEndian)
        case .singleByte, .multiByte, .stateful:
            return converter?.convert(bytes) ?? ""
        }
    }
}
