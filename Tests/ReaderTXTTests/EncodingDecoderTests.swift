import ReaderCore
@testable import ReaderTXT
import ReaderTestSupport
import Testing

/// TextEncoding names and TextDecoder behaviour.
@Suite struct EncodingDecoderTests {
    @Test("aliases resolve case-insensitively", arguments: [
        ("utf8", "UTF-8"), ("ASCII", "UTF-8"), ("gbk", "GBK"), ("cp936", "GBK"), ("GB2312", "GBK"), ("gb18030", "GB18030"),
        ("sjis", "Shift_JIS"), ("shift-jis", "Shift_JIS"), ("SHIFT_JIS", "Shift_JIS"), ("cp932", "Shift_JIS"),
        ("cp1251", "windows-1251"), ("WINDOWS-1251", "windows-1251"), ("latin1", "ISO-8859-1"), ("UHC", "CP949"),
        ("euc-kr", "EUC-KR"), ("big5-hkscs", "Big5-HKSCS"), ("BIG5", "Big5"), ("MAC-CYRILLIC", "MacCyrillic"),
        ("ibm866", "IBM866"), ("koi8-u", "KOI8-U"), ("utf-16", "UTF-16LE"), ("UTF-16BE", "UTF-16BE"), ("latin9", "ISO-8859-15"),
    ] as [(String, String)])
    func alias(name: String, canonical: String) {
        #expect(TextEncoding(name: name)?.name == canonical)
    }

    /// Every charset name uchardet 0.0.7 can print, except HZ-GB-2312 (glibc iconv has no HZ converter).
    static let uchardetNames = ["ASCII", "UTF-8", "UTF-16", "UTF-32", "BIG5", "EUC-JP", "EUC-KR", "EUC-TW", "GB18030",
                                "SHIFT_JIS", "UHC", "ISO-2022-JP", "ISO-2022-KR", "ISO-2022-CN", "IBM852", "IBM855", "IBM866",
                                "KOI8-R", "MAC-CENTRALEUROPE", "MAC-CYRILLIC", "TIS-620", "VISCII"]
        + [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 16].map { "ISO-8859-\($0)" }
        + (1250...1258).map { "WINDOWS-\($0)" }

    @Test("every name uchardet reports maps to a decodable encoding", arguments: uchardetNames)
    func uchardetName(name: String) throws {
        let encoding = try #require(TextEncoding(name: name))
        _ = try TextDecoder(encoding: encoding)
    }

    @Test("unknown names are rejected", arguments: ["", "klingon", "utf-9", "windows-9999", "HZ-GB-2312"])
    func unknownName(name: String) {
        #expect(TextEncoding(name: name) == nil)
    }

    @Test("code unit sizes")
    func codeUnitSizes() {
        #expect(TextEncoding.utf8.codeUnitSize == 1)
        #expect(TextEncoding.gb18030.codeUnitSize == 1)
        #expect(TextEncoding.utf16LE.codeUnitSize == 2 && TextEncoding.utf16BE.codeUnitSize == 2)
        #expect(TextEncoding.utf32LE.codeUnitSize == 4 && TextEncoding.utf32BE.codeUnitSize == 4)
        #expect(TextEncoding.shiftJIS.description == "Shift_JIS")
    }

    @Test("every known encoding opens a decoder and round-trips ASCII", arguments: TextEncoding.allKnown.map(\.name))
    func everyEncodingDecodes(name: String) throws {
        let encoding = try #require(TextEncoding(name: name))
        #expect(TextEncoding(name: encoding.name) == encoding)
        let decoder = try TextDecoder(encoding: encoding)
        let text = "Hello, world 123\n"
        let bytes: [UInt8] = switch encoding.layout {
        case .utf16(let bigEndian): EncodingDetectorTests.utf16(text, bigEndian: bigEndian)
        case .utf32(let bigEndian): EncodingDetectorTests.utf32(text, bigEndian: bigEndian)
        default: Array(text.utf8)
        }
        #expect(bytes.withUnsafeBytes { decoder.decode($0) } == text)
    }

    @Test("an encoding iconv cannot open is an invalid argument naming it")
    func unsupportedEncoding() {
        let bogus = TextEncoding(canonicalName: "Bogus-1", iconvName: "NO-SUCH-CHARSET", layout: .singleByte)
        #expect { try TextDecoder(encoding: bogus) } throws: { error in
            guard let error = error as? ReaderError else { return false }
            return error.kind == .invalidArgument && error.reason.contains("Bogus-1")
        }
    }

    @Test("legacy decoding matches the text that was encoded", arguments: [
        ("GB18030", "GB18030", "中文测试™😀，第二行\r\n"), ("GBK", "GBK", "宋词一百首：鸣骹直上一千尺\n"),
        ("Shift_JIS", "CP932", "日本語テキスト ~ \\ ｶﾀｶﾅ\n"), ("EUC-JP", "EUC-JP", "不思議の国のアリス\n"),
        ("EUC-KR", "EUC-KR", "한국어 텍스트\n"), ("CP949", "CP949", "똠방각하\n"), ("Big5", "BIG5", "繁體中文測試\n"),
        ("windows-1251", "WINDOWS-1251", "Привет, мир — «ёлки»\n"), ("KOI8-R", "KOI8-R", "Привет, мир\n"),
        ("windows-1252", "WINDOWS-1252", "Œuvre — “quoted” €5…\n"), ("ISO-8859-2", "ISO-8859-2", "Příliš žluťoučký kůň\n"),
        ("ISO-2022-JP", "ISO-2022-JP", "日本語のテキスト\nふたつめの行\n"), ("ISO-2022-KR", "ISO-2022-KR", "한국어 텍스트\n둘째 줄\n"),
    ] as [(String, String, String)])
    func legacyRoundTrip(name: String, iconvName: String, text: String) throws {
        let encoding = try #require(TextEncoding(name: name))
        let bytes = try #require(EncodingTestSupport.encode(text, as: iconvName))
        let decoder = try TextDecoder(encoding: encoding)
        #expect(bytes.withUnsafeBytes { decoder.decode($0) } == text)
        // A second call starts afresh (no shift state or buffer carried over).
        #expect(bytes.withUnsafeBytes { decoder.decode($0) } == text)
    }

    @Test("native Unicode decoding, including surrogate pairs and bad units", arguments: [false, true])
    func unicodeDecoding(bigEndian: Bool) throws {
        let text = "Grüße 😀 日本\r\n"
        let utf16 = try TextDecoder(encoding: bigEndian ? .utf16BE : .utf16LE)
        let utf32 = try TextDecoder(encoding: bigEndian ? .utf32BE : .utf32LE)
        let units16 = EncodingDetectorTests.utf16(text, bigEndian: bigEndian)
        let units32 = EncodingDetectorTests.utf32(text, bigEndian: bigEndian)
        #expect(units16.withUnsafeBytes { utf16.decode($0) } == text)
        #expect(units32.withUnsafeBytes { utf32.decode($0) } == text)
        #expect((units16 + [0x41]).withUnsafeBytes { utf16.decode($0) } == text + "\u{FFFD}")
        #expect((units32 + [0x41, 0x00]).withUnsafeBytes { utf32.decode($0) } == text + "\u{FFFD}")
        let loneSurrogate = EncodingDetectorTests.utf16("a", bigEndian: bigEndian) + (bigEndian ? [0xD8, 0x3D] : [0x3D, 0xD8])
        #expect(loneSurrogate.withUnsafeBytes { utf16.decode($0) } == "a\u{FFFD}")
        let tooLarge: [UInt8] = bigEndian ? [0x00, 0x11, 0x00, 0x00] : [0x00, 0x00, 0x11, 0x00]
        #expect(tooLarge.withUnsafeBytes { utf32.decode($0) } == "\u{FFFD}")
    }

    @Test("long UTF-16 input decodes across internal steps without splitting surrogate pairs")
    func longUTF16() throws {
        let text = String(repeating: "😀a", count: 200_000)
        let decoder = try TextDecoder(encoding: .utf16LE)
        let bytes = EncodingDetectorTests.utf16(text, bigEndian: false)
        #expect(bytes.withUnsafeBytes { decoder.decode($0) } == text)
    }

    @Test("invalid bytes become U+FFFD, one per byte that starts no character")
    func invalidBytes() throws {
        let gb = try TextDecoder(encoding: .gb18030)
        #expect(([0x41, 0xFF, 0x42] as [UInt8]).withUnsafeBytes { gb.decode($0) } == "A\u{FFFD}B")
        #expect(([0x41, 0xD6] as [UInt8]).withUnsafeBytes { gb.decode($0) } == "A\u{FFFD}")  // cut lead byte
        let sjis = try TextDecoder(encoding: .shiftJIS)
        #expect(([0x82, 0xA0, 0x82] as [UInt8]).withUnsafeBytes { sjis.decode($0) } == "\u{3042}\u{FFFD}")
        let utf8 = try TextDecoder(encoding: .utf8)
        #expect(([0x61, 0xC3, 0x28, 0xFF] as [UInt8]).withUnsafeBytes { utf8.decode($0) } == "a\u{FFFD}(\u{FFFD}")
        let latin = try TextDecoder(encoding: .windows1252)
        #expect(([0x81, 0x80] as [UInt8]).withUnsafeBytes { latin.decode($0) } == "\u{FFFD}€")
    }

    @Test("random bytes never crash any decoder and yield replacement characters",
          arguments: TextEncoding.allKnown.map(\.name))
    func garbage(name: String) throws {
        let encoding = try #require(TextEncoding(name: name))
        let decoder = try TextDecoder(encoding: encoding)
        var generator = SeededRandom(seed: UInt64(name.utf8.count) &* 0x1234_5678)
        for length in [0, 1, 2, 3, 5, 4097, 200_001] {
            let bytes = EncodingTestSupport.randomBytes(length, using: &generator)
            let text = bytes.withUnsafeBytes { decoder.decode($0) }
            #expect(text.utf8.count <= max(3, length * 3 + 6))
            if length > 4096, encoding.layout != .singleByte {
                #expect(text.unicodeScalars.contains("\u{FFFD}"))
            }
        }
        let empty = UnsafeRawBufferPointer(start: nil, count: 0)
        #expect(decoder.decode(empty) == "")
    }
}
