/// A character encoding the TXT backend can decode.
///
/// Two values are equal when their canonical names are equal. Decoding may use a superset of the named
/// encoding (GBK is decoded as GB18030, EUC-KR as CP949, Shift_JIS as CP932) so that characters outside the
/// subset, which often appear past the detector's sample, still decode.
public struct TextEncoding: Hashable, Sendable, CustomStringConvertible {
    /// The canonical display name, e.g. "UTF-8", "GB18030", "Shift_JIS", "windows-1251".
    public let name: String
    /// The glibc iconv name the decoder opens (unused for UTF-8/16/32, which are decoded natively).
    let iconvName: String
    /// How characters are laid out in bytes.
    let layout: ByteLayout

    /// Creates an encoding from its parts; the catalog is the only caller.
    init(canonicalName: String, iconvName: String, layout: ByteLayout) {
        self.name = canonicalName
        self.iconvName = iconvName
        self.layout = layout
    }

    /// Looks an encoding up by its canonical name or a common alias ("utf8", "cp936", "sjis", "latin1", …),
    /// ignoring case, spaces, hyphens, underscores and dots; nil when the name is unknown.
    public init?(name: String) {
        guard let known = EncodingCatalog.encoding(named: name) else { return nil }
        self = known
    }

    /// Bytes of one code unit, which is also the size of an encoded line feed: 1 for UTF-8 and legacy
    /// encodings, 2 for UTF-16, 4 for UTF-32.
    public var codeUnitSize: Int { layout.codeUnitSize }

    /// The canonical name.
    public var description: String { name }

    /// Whether two values name the same encoding.
    public static func == (lhs: TextEncoding, rhs: TextEncoding) -> Bool { lhs.name == rhs.name }

    /// Hashes the canonical name.
    public func hash(into hasher: inout Hasher) { hasher.combine(name) }

    /// Every encoding this build can decode, in catalog order.
    public static var allKnown: [TextEncoding] { EncodingCatalog.entries.map(\.encoding) }
}

extension TextEncoding {
    /// UTF-8 (also used for pure ASCII).
    public static let utf8 = TextEncoding(canonicalName: "UTF-8", iconvName: "UTF-8", layout: .utf8)
    /// UTF-16, little-endian.
    public static let utf16LE = TextEncoding(canonicalName: "UTF-16LE", iconvName: "UTF-16LE", layout: .utf16(bigEndian: false))
    /// UTF-16, big-endian.
    public static let utf16BE = TextEncoding(canonicalName: "UTF-16BE", iconvName: "UTF-16BE", layout: .utf16(bigEndian: true))
    /// UTF-32, little-endian.
    public static let utf32LE = TextEncoding(canonicalName: "UTF-32LE", iconvName: "UTF-32LE", layout: .utf32(bigEndian: false))
    /// UTF-32, big-endian.
    public static let utf32BE = TextEncoding(canonicalName: "UTF-32BE", iconvName: "UTF-32BE", layout: .utf32(bigEndian: true))
    /// GB18030, the full Chinese national standard (one, two or four bytes per character).
    public static let gb18030 = TextEncoding(canonicalName: "GB18030", iconvName: "GB18030", layout: .multiByte(.gb18030))
    /// GBK (CP936), the two-byte subset of GB18030; decoded as GB18030, which maps every GBK pair the same way.
    public static let gbk = TextEncoding(canonicalName: "GBK", iconvName: "GB18030", layout: .multiByte(.gb18030))
    /// Big5, Traditional Chinese.
    public static let big5 = TextEncoding(canonicalName: "Big5", iconvName: "BIG5", layout: .multiByte(.big5))
    /// Big5 with the Hong Kong Supplementary Character Set.
    public static let big5HKSCS = TextEncoding(canonicalName: "Big5-HKSCS", iconvName: "BIG5-HKSCS", layout: .multiByte(.big5))
    /// Shift_JIS, decoded as its Windows superset CP932 (which keeps 0x5C and 0x7E as ASCII).
    public static let shiftJIS = TextEncoding(canonicalName: "Shift_JIS", iconvName: "CP932", layout: .multiByte(.shiftJIS))
    /// EUC-JP.
    public static let eucJP = TextEncoding(canonicalName: "EUC-JP", iconvName: "EUC-JP", layout: .multiByte(.eucJP))
    /// EUC-KR (KS X 1001), decoded as its superset CP949.
    public static let eucKR = TextEncoding(canonicalName: "EUC-KR", iconvName: "CP949", layout: .multiByte(.eucKR))
    /// CP949 (Unified Hangul Code), the Windows superset of EUC-KR.
    public static let cp949 = TextEncoding(canonicalName: "CP949", iconvName: "CP949", layout: .multiByte(.eucKR))
    /// EUC-TW, Traditional Chinese (CNS 11643).
    public static let eucTW = TextEncoding(canonicalName: "EUC-TW", iconvName: "EUC-TW", layout: .multiByte(.eucTW))
    /// ISO-2022-JP, 7-bit Japanese with escape sequences.
    public static let iso2022JP = TextEncoding(canonicalName: "ISO-2022-JP", iconvName: "ISO-2022-JP", layout: .stateful)
    /// ISO-2022-KR, 7-bit Korean with shift codes.
    public static let iso2022KR = TextEncoding(canonicalName: "ISO-2022-KR", iconvName: "ISO-2022-KR", layout: .stateful)
    /// ISO-2022-CN, 7-bit Chinese with shift codes.
    public static let iso2022CN = TextEncoding(canonicalName: "ISO-2022-CN", iconvName: "ISO-2022-CN", layout: .stateful)
    /// windows-1250, Central European.
    public static let windows1250 = TextEncoding.singleByte("windows-1250", iconv: "WINDOWS-1250")
    /// windows-1251, Cyrillic.
    public static let windows1251 = TextEncoding.singleByte("windows-1251", iconv: "WINDOWS-1251")
    /// windows-1252, Western European (the superset of ISO-8859-1 used in practice).
    public static let windows1252 = TextEncoding.singleByte("windows-1252", iconv: "WINDOWS-1252")
    /// KOI8-R, Russian.
    public static let koi8R = TextEncoding.singleByte("KOI8-R", iconv: "KOI8-R")
    /// ISO-8859-1 (Latin-1), Western European.
    public static let isoLatin1 = TextEncoding.singleByte("ISO-8859-1", iconv: "ISO-8859-1")
    /// ISO-8859-2 (Latin-2), Central European.
    public static let isoLatin2 = TextEncoding.singleByte("ISO-8859-2", iconv: "ISO-8859-2")

    /// A single-byte encoding decoded by iconv.
    static func singleByte(_ name: String, iconv: String) -> TextEncoding {
        TextEncoding(canonicalName: name, iconvName: iconv, layout: .singleByte)
    }
}
