/// How an encoding lays characters out in bytes; decides how the decoder works and where chunks may be cut.
enum ByteLayout: Hashable, Sendable {
    /// UTF-8.
    case utf8
    /// UTF-16 in the given byte order.
    case utf16(bigEndian: Bool)
    /// UTF-32 in the given byte order.
    case utf32(bigEndian: Bool)
    /// One byte per character (ISO-8859-x, windows-125x, KOI8, IBM and Mac code pages).
    case singleByte
    /// An ASCII-compatible multi-byte CJK encoding whose trail bytes are never below 0x30.
    case multiByte(MultiByteScheme)
    /// A 7-bit encoding with shift states (ISO-2022-*); lines conventionally end in the ASCII state.
    case stateful

    /// Bytes per code unit: 2 for UTF-16, 4 for UTF-32, 1 otherwise.
    var codeUnitSize: Int {
        switch self {
        case .utf16: 2
        case .utf32: 4
        default: 1
        }
    }
}
