/// The character encoding of a MOBI book's text and metadata (MOBI header offset 12).
enum MOBITextEncoding: Sendable, Hashable {
    /// Code page 65001.
    case utf8
    /// Code page 1252, Windows Latin 1; also the default of PalmDOC files without a MOBI header.
    case windows1252
    /// Any other code page number, kept as found; text is then read as Windows-1252.
    case other(UInt32)

    /// The encoding for a MOBI header's code page number.
    init(codePage: UInt32) {
        switch codePage {
        case 65001: self = .utf8
        case 1252: self = .windows1252
        default: self = .other(codePage)
        }
    }

    /// The code page number.
    var codePage: UInt32 {
        switch self {
        case .utf8: 65001
        case .windows1252: 1252
        case .other(let number): number
        }
    }

    /// The name used in metadata fields: `utf-8`, `cp1252`, or the code page number.
    var name: String {
        switch self {
        case .utf8: "utf-8"
        case .windows1252: "cp1252"
        case .other(let number): String(number)
        }
    }

    /// Decodes `bytes`: UTF-8 with invalid sequences replaced by U+FFFD, or Windows-1252.
    func decode<C: Collection<UInt8>>(_ bytes: C) -> String {
        switch self {
        case .utf8:
            return String(decoding: bytes, as: UTF8.self)
        case .windows1252, .other:
            var scalars = String.UnicodeScalarView()
            scalars.reserveCapacity(bytes.count)
            for byte in bytes {
                scalars.append(Self.windows1252Scalar(byte))
            }
            return String(scalars)
        }
    }

    /// The character Windows-1252 gives `byte`; the five undefined bytes map to the C1 control of
    /// the same value, as the WHATWG Encoding Standard does.
    static func windows1252Scalar(_ byte: UInt8) -> Unicode.Scalar {
        guard (0x80...0x9F).contains(byte) else { return Unicode.Scalar(byte) }
        return Unicode.Scalar(windows1252High[Int(byte) - 0x80]) ?? Unicode.Scalar(byte)
    }

    /// Windows-1252 bytes 0x80 to 0x9F; the rest of the code page equals Latin 1.
    private static let windows1252High: [UInt32] = [
        0x20AC, 0x0081, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021,
        0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x008D, 0x017D, 0x008F,
        0x0090, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
        0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x009D, 0x017E, 0x0178,
    ]
}
