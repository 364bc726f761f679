/// The text encoding an INDX header names for its labels and CNCX strings.
enum IndexTextEncoding: Hashable, Sendable {
    /// Code page 65001.
    case utf8
    /// Code page 1252, also assumed when the header gives none (as libmobi does).
    case windows1252

    /// The encoding for the code page in an INDX or MOBI header.
    init(codePage: UInt32) {
        self = codePage == 65001 ? .utf8 : .windows1252
    }

    /// Decodes `bytes`, replacing what cannot be decoded with U+FFFD.
    func decode<C: Collection<UInt8>>(_ bytes: C) -> String {
        switch self {
        case .utf8:
            return String(decoding: bytes, as: UTF8.self)
        case .windows1252:
            var scalars = String.UnicodeScalarView()
            for byte in bytes {
                scalars.append(Self.windows1252Scalar(byte))
            }
            return String(scalars)
        }
    }

    // 0x80...0x9F differ from Latin-1; the five holes decode as U+FFFD.
    private static let windows1252High: [UInt32] = [
        0x20AC, 0xFFFD, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021,
        0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0xFFFD, 0x017D, 0xFFFD,
        0xFFFD, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
        0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0xFFFD, 0x017E, 0x0178,
    ]

    private static func windows1252Scalar(_ byte: UInt8) -> Unicode.Scalar {
        guard (0x80...0x9F).contains(byte) else { return Unicode.Scalar(byte) }
        return Unicode.Scalar(windows1252High[Int(byte) - 0x80]) ?? "\u{FFFD}"
    }
}
