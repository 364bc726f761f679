@testable import ReaderTXT
import ReaderTestSupport
import Testing

/// Detection rules on inputs built in code.
@Suite struct EncodingDetectorTests {
    static let russian = "Съешь же ещё этих мягких французских булок, да выпей чаю.\n"
    static let chinese = "我能吞下玻璃而不伤身体。这是一个测试句子，用来检查编码。\n"
    static let english = "The quick brown fox jumps over the lazy dog.\r\n"
    /// Korean with one syllable (똠) that EUC-KR lacks and CP949 has.
    static let korean = "옛날 옛적에 한 마을에 착한 농부가 살았습니다. 그는 매일 아침 일찍 일어나 밭에 나가 일을 했습니다. "
        + "어느 날 똠방각하라는 별명을 가진 이웃이 찾아와 도움을 청했습니다. 농부는 기꺼이 그를 도와주었고, 두 사람은 좋은 친구가 되었습니다.\n"

    static func detect(_ bytes: [UInt8], whole: Bool = true) -> EncodingDetection {
        bytes.withUnsafeBytes { EncodingDetector.detect(sample: $0, isWholeFile: whole) }
    }

    static func utf16(_ text: String, bigEndian: Bool) -> [UInt8] {
        text.utf16.flatMap { unit in bigEndian ? [UInt8(unit >> 8), UInt8(unit & 0xFF)] : [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
    }

    static func utf32(_ text: String, bigEndian: Bool) -> [UInt8] {
        text.unicodeScalars.flatMap { scalar -> [UInt8] in
            let bytes = (0..<4).map { UInt8(truncatingIfNeeded: scalar.value >> (8 * $0)) }
            return bigEndian ? bytes.reversed() : bytes
        }
    }

    @Test("byte order marks", arguments: [
        ([0xEF, 0xBB, 0xBF], "UTF-8", 3),
        ([0xFF, 0xFE, 0x00, 0x00], "UTF-32LE", 4),
        ([0x00, 0x00, 0xFE, 0xFF], "UTF-32BE", 4),
        ([0xFF, 0xFE], "UTF-16LE", 2),
        ([0xFE, 0xFF], "UTF-16BE", 2),
    ] as [([UInt8], String, Int)])
    func byteOrderMark(mark: [UInt8], name: String, length: Int) throws {
        let encoding = try #require(TextEncoding(name: name))
        let body: [UInt8] = switch encoding {
        case .utf16LE: Self.utf16(Self.russian, bigEndian: false)
        case .utf16BE: Self.utf16(Self.russian, bigEndian: true)
        case .utf32LE: Self.utf32(Self.russian, bigEndian: false)
        case .utf32BE: Self.utf32(Self.russian, bigEndian: true)
        default: Array(Self.russian.utf8)
        }
        for bytes in [mark + body, mark] {
            let detection = Self.detect(bytes)
            #expect(detection.encoding == encoding)
            #expect(detection.bomLength == length)
            #expect(detection.method == .byteOrderMark)
            #expect(detection.confidence == 1)
        }
    }

    @Test("UTF-16 and UTF-32 without a byte order mark", arguments: [english, russian, chinese, english + chinese])
    func wideUnicodeWithoutBOM(text: String) {
        let cases: [([UInt8], TextEncoding)] = [
            (Self.utf16(text, bigEndian: false), .utf16LE), (Self.utf16(text, bigEndian: true), .utf16BE),
            (Self.utf32(text, bigEndian: false), .utf32LE), (Self.utf32(text, bigEndian: true), .utf32BE),
        ]
        for (bytes, encoding) in cases {
            let detection = Self.detect(bytes)
            #expect(detection.encoding == encoding)
            #expect(detection.bomLength == 0)
            #expect(detection.method == .utf16Heuristic)
        }
    }

    @Test("pure ASCII is UTF-8, surer when it is the whole file")
    func pureASCII() {
        let bytes = Array(String(repeating: Self.english, count: 20).utf8)
        let whole = Self.detect(bytes), partial = Self.detect(bytes, whole: false)
        #expect(whole.encoding == .utf8 && partial.encoding == .utf8)
        #expect(whole.method == .utf8Validity)
        #expect(whole.confidence > partial.confidence)
        #expect(Self.detect([]).encoding == .utf8)
    }

    @Test("UTF-8 cut inside a character at the end of a partial sample")
    func truncatedUTF8() {
        let bytes = Array(String(repeating: Self.russian, count: 4).utf8)
        let cut = Array(bytes.dropLast(2))  // "." and "\n" are gone; now end inside "ю"
        let detection = Self.detect(Array(cut.dropLast()), whole: false)
        #expect(detection.encoding == .utf8)
        #expect(detection.method == .utf8Validity)
        #expect(detection.confidence > 0.9)
    }

    @Test("UTF-8 with rare invalid bytes stays UTF-8")
    func rarelyInvalidUTF8() {
        var bytes = Array(String(repeating: Self.russian + Self.english, count: 40).utf8)
        bytes.insert(contentsOf: [0xFF, 0xFE], at: 1000)
        bytes.insert(contentsOf: [0xC3, 0x28], at: 2000)
        let detection = Self.detect(bytes)
        #expect(detection.encoding == .utf8)
        #expect(detection.method == .utf8Validity)
        #expect(detection.confidence < 0.9)
    }

    @Test("legacy encodings recognised through uchardet and refined", arguments: [
        ("windows-1251", "windows-1251", russian),
        ("KOI8-R", "KOI8-R", russian),
        ("GB18030", "GBK", chinese),
        ("GB18030", "GB18030", chinese + "商标™与表情😀\n"),
        ("EUC-KR", "EUC-KR", korean.replacingOccurrences(of: "똠방각하라는", with: "재미있는")),
        ("CP949", "CP949", korean),
        ("SHIFT_JIS", "Shift_JIS", "いろはにほへと　ちりぬるを　わかよたれそ　つねならむ。日本語の文章です。\n"),
        ("EUC-JP", "EUC-JP", "いろはにほへと　ちりぬるを　わかよたれそ　つねならむ。日本語の文章です。\n"),
        ("BIG5", "Big5", "我能吞下玻璃而不傷身體。這是一個測試句子，用來檢查編碼。\n"),
    ] as [(String, String, String)])
    func legacyEncoding(iconvName: String, expected: String, line: String) throws {
        let bytes = try #require(EncodingTestSupport.encode(String(repeating: line, count: 10), as: iconvName))
        let detection = Self.detect(bytes)
        #expect(detection.encoding.name == expected)
        #expect(detection.method == .statistical)
        #expect(detection.confidence > 0.5)
    }

    @Test("ISO-8859 text with bytes in 0x80–0x9F is the matching Windows code page")
    func c1BytesMeanWindowsCodePage() throws {
        let french = "L’été où Noël était déjà passé, ils ont mangé des crêpes à la crème — c’était très bon… "
        let bytes = try #require(EncodingTestSupport.encode(String(repeating: french, count: 20), as: "WINDOWS-1252"))
        #expect(Self.detect(bytes).encoding == .windows1252)
        bytes.withUnsafeBytes { #expect(LegacyRefinement.refine(.isoLatin1, sample: $0, isWholeFile: true) == .windows1252) }
        let plain = try #require(EncodingTestSupport.encode("Une phrase accentuée, très simple.", as: "ISO-8859-1"))
        plain.withUnsafeBytes { #expect(LegacyRefinement.refine(.isoLatin1, sample: $0, isWholeFile: true) == .isoLatin1) }
    }

    /// Dutch prose with few accented letters, which uchardet alone takes for MacCentralEurope.
    static let dutch = [
        "Zij las zijn brieven nog eens over. Het was zo stil in huis dat ze de klok hoorde tikken. ",
        "Morgen zou alles anders zijn, dacht ze; morgen kwam hij terug uit Indië. ",
        "De ideeën van de coöperatie waren niet slecht, maar de reünie werd afgelast. ",
        "Ze had de kamer al drie keer schoongemaakt.\n",
    ].joined()

    @Test("Western European text that uchardet takes for a Central European code page is windows-1252",
          arguments: [1, 3, 20])
    func westernTextIsNotCentralEuropean(repeats: Int) throws {
        let bytes = try #require(EncodingTestSupport.encode(String(repeating: Self.dutch, count: repeats), as: "WINDOWS-1252"))
        let detection = Self.detect(bytes)
        #expect(detection.encoding == .windows1252)
        bytes.withUnsafeBytes { sample in
            #expect(LegacyRefinement.refine(TextEncoding(name: "MacCentralEurope")!, sample: sample, isWholeFile: true) == .windows1252)
            #expect(LegacyRefinement.refine(TextEncoding(name: "IBM852")!, sample: sample, isWholeFile: true) == .windows1252)
        }
    }

    @Test("Central European text stays in its own code page", arguments: [
        ("WINDOWS-1250", "windows-1250", "Příliš žluťoučký kůň úpěl ďábelské ódy. Árvíztűrő tükörfúrógép és ő. "),
        ("ISO-8859-2", "ISO-8859-2", "Zażółć gęślą jaźń, chrząszcz brzmi w trzcinie. Šťastný nový rok. "),
        ("IBM852", "IBM852", "Příliš žluťoučký kůň úpěl ďábelské ódy. Zażółć gęślą jaźń. "),
    ] as [(String, String, String)])
    func centralEuropeanStays(iconvName: String, name: String, line: String) throws {
        let bytes = try #require(EncodingTestSupport.encode(String(repeating: line, count: 10), as: iconvName))
        let encoding = try #require(TextEncoding(name: name))
        bytes.withUnsafeBytes { #expect(LegacyRefinement.refine(encoding, sample: $0, isWholeFile: true) == encoding) }
    }

    @Test("ISO-2022-JP is recognised in 7-bit text with escape sequences")
    func iso2022() throws {
        let line = "いろはにほへと ちりぬるを わかよたれそ つねならむ。日本語の文章です。\n"
        let bytes = try #require(EncodingTestSupport.encode(String(repeating: line, count: 10), as: "ISO-2022-JP"))
        #expect(Self.detect(bytes).encoding == .iso2022JP)
    }

    @Test("bytes nothing recognises (C1 controls alone) fall back to windows-1252 with low confidence")
    func fallback() {
        var generator = SeededRandom(seed: 7)
        let bytes = EncodingTestSupport.randomBytes(4096, using: &generator).map { 0x80 | ($0 & 0x1F) }
        let detection = Self.detect(bytes)
        #expect(detection.encoding == .windows1252)
        #expect(detection.method == .fallback)
        #expect(detection.confidence == EncodingDetector.fallbackConfidence)
        #expect(detection.confidence < 0.5)
        #expect(detection.bomLength == 0)
    }

    /// uchardet names an encoding for these (UTF-8, though the bytes are not), so the fallback is
    /// not reached; what holds is that nobody trusts the answer.
    @Test("random high-bit bytes are not taken for valid UTF-8 and get no confidence")
    func randomHighBytes() {
        var generator = SeededRandom(seed: 7)
        let bytes = EncodingTestSupport.randomBytes(4096, using: &generator).map { $0 | 0x80 }
        let detection = Self.detect(bytes)
        #expect(detection.method != .utf8Validity)
        #expect(detection.confidence < 0.5)
        #expect(detection.bomLength == 0)
    }

    @Test("the detector never reads past a zero-length or one-byte sample")
    func tinySamples() {
        for bytes in [[], [0x00], [0xFF], [0xE4], [0x0A]] as [[UInt8]] {
            for whole in [true, false] {
                let detection = Self.detect(bytes, whole: whole)
                #expect((0...1).contains(detection.confidence))
            }
        }
    }
}
