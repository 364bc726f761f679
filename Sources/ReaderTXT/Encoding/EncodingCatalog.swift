/// The encodings the TXT backend knows, with the aliases people and detectors use for them.
enum EncodingCatalog {
    /// One known encoding and its aliases (matched after ``normalize(_:)``).
    struct Entry: Sendable {
        /// The encoding.
        let encoding: TextEncoding
        /// Other names for it.
        let aliases: [String]
    }

    /// Every known encoding, Unicode first, then CJK, then single-byte code pages.
    static let entries: [Entry] = unicode + eastAsian + windowsCodePages + isoCodePages + otherCodePages

    /// Looks a name up, ignoring case and separators; nil when unknown.
    static func encoding(named name: String) -> TextEncoding? {
        byNormalizedName[normalize(name)]
    }

    /// Lower-cases a name and drops spaces, hyphens, underscores and dots: "Shift_JIS" and "shift-jis" → "shiftjis".
    static func normalize(_ name: String) -> String {
        String(name.lowercased().unicodeScalars.filter { !" -_.".unicodeScalars.contains($0) })
    }

    private static let byNormalizedName: [String: TextEncoding] = {
        var table: [String: TextEncoding] = [:]
        for entry in entries {
            for alias in [entry.encoding.name] + entry.aliases where table[normalize(alias)] == nil {
                table[normalize(alias)] = entry.encoding
            }
        }
        return table
    }()

    private static let unicode: [Entry] = [
        Entry(encoding: .utf8, aliases: ["utf8", "unicode-1-1-utf-8", "ascii", "us-ascii", "ansi_x3.4-1968"]),
        // A bare "UTF-16"/"UTF-32" without a BOM conventionally means little-endian on the platforms that write it.
        Entry(encoding: .utf16LE, aliases: ["utf-16", "ucs-2", "ucs-2le", "unicode"]),
        Entry(encoding: .utf16BE, aliases: ["ucs-2be", "unicodefffe"]),
        Entry(encoding: .utf32LE, aliases: ["utf-32", "ucs-4", "ucs-4le"]),
        Entry(encoding: .utf32BE, aliases: ["ucs-4be"]),
    ]

    private static let eastAsian: [Entry] = [
        Entry(encoding: .gb18030, aliases: []),
        Entry(encoding: .gbk, aliases: ["cp936", "windows-936", "ms936", "x-gbk", "gb2312", "euc-cn", "csgb2312",
                                        "gb_2312-80", "iso-ir-58", "chinese"]),
        Entry(encoding: .big5, aliases: ["big-5", "cn-big5", "csbig5", "x-x-big5", "cp950", "windows-950"]),
        Entry(encoding: .big5HKSCS, aliases: ["big5hkscs"]),
        Entry(encoding: .shiftJIS, aliases: ["sjis", "shiftjis", "ms_kanji", "x-sjis", "csshiftjis", "cp932",
                                             "windows-31j", "windows-932", "ms932"]),
        Entry(encoding: .eucJP, aliases: ["eucjp", "ujis", "x-euc-jp", "cseucpkdfmtjapanese"]),
        Entry(encoding: .eucKR, aliases: ["euckr", "cseuckr", "ks_c_5601-1987", "ks_c_5601-1989", "ksc5601",
                                          "iso-ir-149", "korean"]),
        Entry(encoding: .cp949, aliases: ["uhc", "windows-949", "ms949", "x-windows-949"]),
        Entry(encoding: .eucTW, aliases: ["euctw", "x-euc-tw"]),
        Entry(encoding: .iso2022JP, aliases: ["csiso2022jp"]),
        Entry(encoding: .iso2022KR, aliases: ["csiso2022kr"]),
        Entry(encoding: .iso2022CN, aliases: ["csiso2022cn"]),
    ]

    private static let windowsCodePages: [Entry] = [
        Entry(encoding: .windows1250, aliases: ["cp1250", "x-cp1250"]),
        Entry(encoding: .windows1251, aliases: ["cp1251", "x-cp1251"]),
        Entry(encoding: .windows1252, aliases: ["cp1252", "x-cp1252"]),
    ] + (3...8).map { digit in
        Entry(encoding: .singleByte("windows-125\(digit)", iconv: "WINDOWS-125\(digit)"),
              aliases: ["cp125\(digit)", "x-cp125\(digit)"])
    } + [
        Entry(encoding: .singleByte("windows-874", iconv: "WINDOWS-874"), aliases: ["cp874", "ms874", "x-windows-874"]),
    ]

    /// ISO-8859 parts and their "latinN"/script aliases (part 12 was never published).
    private static let isoCodePages: [Entry] = {
        let extraAliases: [Int: [String]] = [
            1: ["latin1", "l1", "iso-ir-100", "cp819", "ibm819"], 2: ["latin2", "l2", "iso-ir-101"],
            3: ["latin3", "l3"], 4: ["latin4", "l4"], 5: ["cyrillic", "iso-ir-144"], 6: ["arabic", "iso-ir-127"],
            7: ["greek", "greek8", "iso-ir-126"], 8: ["hebrew", "iso-ir-138"], 9: ["latin5", "l5"],
            10: ["latin6", "l6"], 13: ["latin7", "l7"], 14: ["latin8", "l8"],
            15: ["latin9", "l9"], 16: ["latin10", "l10"],
        ]
        return ([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 14, 15, 16] as [Int]).map { part in
            let encoding: TextEncoding = switch part {
            case 1: .isoLatin1
            case 2: .isoLatin2
            default: .singleByte("ISO-8859-\(part)", iconv: "ISO-8859-\(part)")
            }
            return Entry(encoding: encoding, aliases: ["iso8859-\(part)", "iso_8859-\(part)"] + extraAliases[part, default: []])
        }
    }()

    private static let otherCodePages: [Entry] = [
        Entry(encoding: .koi8R, aliases: ["koi8", "cskoi8r", "koi"]),
        Entry(encoding: .singleByte("KOI8-U", iconv: "KOI8-U"), aliases: ["koi8-ru"]),
        Entry(encoding: .singleByte("IBM866", iconv: "IBM866"), aliases: ["cp866", "866", "csibm866"]),
        Entry(encoding: .singleByte("IBM855", iconv: "IBM855"), aliases: ["cp855", "855", "csibm855"]),
        Entry(encoding: .singleByte("IBM852", iconv: "IBM852"), aliases: ["cp852", "852", "csibm852"]),
        Entry(encoding: .singleByte("MacCyrillic", iconv: "MAC-CYRILLIC"), aliases: ["x-mac-cyrillic"]),
        Entry(encoding: .singleByte("MacCentralEurope", iconv: "MAC-CENTRALEUROPE"), aliases: ["x-mac-ce", "x-mac-centraleurroman"]),
        Entry(encoding: .singleByte("macintosh", iconv: "MACINTOSH"), aliases: ["mac", "macroman", "x-mac-roman", "csmacintosh"]),
        Entry(encoding: .singleByte("TIS-620", iconv: "TIS-620"), aliases: ["tis620"]),
        Entry(encoding: .singleByte("VISCII", iconv: "VISCII"), aliases: ["csviscii"]),
    ]
}
