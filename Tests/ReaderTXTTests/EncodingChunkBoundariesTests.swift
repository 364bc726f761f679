@testable import ReaderTXT
import ReaderTestSupport
import Testing

/// ChunkBoundaries on generated text in several encodings.
@Suite struct EncodingChunkBoundariesTests {
    /// Mixed-width text: CJK, emoji (surrogate pairs in UTF-16, four bytes in GB18030), CRLF line ends.
    static let paragraph = "第一章 爱丽丝梦游仙境™，她坐在河边😀。\r\n"
        + "Alice was beginning to get very tired of sitting by her sister on the bank.\r\n"
        + "日本語のテキスト、カタカナとひらがな。\r\n\r\n"
    /// The same without emoji and ™, for encodings that cannot represent them.
    static let plainParagraph = "第一章 愛麗絲夢遊仙境，她坐在河邊。\r\n"
        + "Alice was beginning to get very tired of sitting by her sister on the bank.\r\n"
        + "日本語のテキスト、カタカナとひらがな。\r\n\r\n"

    /// An encoded input: its bytes, encoding and BOM length.
    struct Input: CustomTestStringConvertible, Sendable {
        let label: String
        let bytes: [UInt8]
        let encoding: TextEncoding
        let bomLength: Int
        var testDescription: String { label }
    }

    static func inputs(repeating count: Int, lineEnds: Bool = true) -> [Input] {
        func text(_ base: String) -> String {
            let body = String(repeating: base, count: count)
            return lineEnds ? body : body.replacingOccurrences(of: "\r\n", with: " ")
        }
        let rich = text(paragraph), plain = text(plainParagraph)
        var result = [
            Input(label: "UTF-8 CJK", bytes: Array(rich.utf8), encoding: .utf8, bomLength: 0),
            Input(label: "UTF-8 with BOM", bytes: [0xEF, 0xBB, 0xBF] + Array(rich.utf8), encoding: .utf8, bomLength: 3),
            Input(label: "UTF-16LE with BOM and CRLF", bytes: [0xFF, 0xFE] + EncodingDetectorTests.utf16(rich, bigEndian: false),
                  encoding: .utf16LE, bomLength: 2),
            Input(label: "UTF-16BE", bytes: EncodingDetectorTests.utf16(rich, bigEndian: true), encoding: .utf16BE, bomLength: 0),
            Input(label: "UTF-32LE", bytes: EncodingDetectorTests.utf32(rich, bigEndian: false), encoding: .utf32LE, bomLength: 0),
        ]
        let legacy: [(String, String, TextEncoding, String)] = [
            ("GB18030", "GB18030", .gb18030, rich), ("Shift_JIS", "CP932", .shiftJIS, plain),
            ("Big5", "BIG5", .big5, plain), ("EUC-JP", "EUC-JP", .eucJP, plain),
        ]
        for (label, iconvName, encoding, source) in legacy {
            if let bytes = EncodingTestSupport.encode(source, as: iconvName) {
                result.append(Input(label: label, bytes: bytes, encoding: encoding, bomLength: 0))
            }
        }
        return result
    }

    /// Checks tiling, CRLF integrity and that chunk-by-chunk decoding equals whole decoding.
    static func check(_ input: Input, targetSize: Int) throws {
        let decoder = try TextDecoder(encoding: input.encoding)
        let whole = input.bytes.withUnsafeBytes { decoder.decode(UnsafeRawBufferPointer(rebasing: $0[input.bomLength...])) }
        let (text, ranges) = EncodingTestSupport.decodeInChunks(input.bytes, start: input.bomLength, encoding: input.encoding,
                                                                targetSize: targetSize, decoder: decoder)
        #expect(ranges.first?.lowerBound == input.bomLength)
        #expect(ranges.last?.upperBound == input.bytes.count)
        #expect(ranges.allSatisfy { !$0.isEmpty })
        #expect(zip(ranges, ranges.dropFirst()).allSatisfy { $0.upperBound == $1.lowerBound })
        let unit = input.encoding.codeUnitSize
        #expect(ranges.allSatisfy { ($0.lowerBound - input.bomLength) % unit == 0 })
        for range in ranges.dropFirst() {
            let carriageReturn: [UInt8] = switch input.encoding {
            case .utf16LE: [0x0D, 0x00]
            case .utf16BE: [0x00, 0x0D]
            case .utf32LE: [0x0D, 0, 0, 0]
            default: [0x0D]
            }
            #expect(Array(input.bytes[(range.lowerBound - unit)..<range.lowerBound]) != carriageReturn
                    || input.bytes[range.lowerBound] != 0x0A && input.bytes[range.lowerBound + unit - 1] != 0x0A,
                    "cut between CR and LF at \(range.lowerBound)")
        }
        #expect(text == whole)
        #expect(!text.unicodeScalars.contains("\u{FFFD}"))
    }

    @Test("cuts after line feeds, tiling the input", arguments: inputs(repeating: 60))
    func withLineFeeds(_ input: Input) throws {
        for targetSize in [1, 50, 333, 4096] {
            try Self.check(input, targetSize: targetSize)
        }
        let ranges = input.bytes.withUnsafeBytes {
            ChunkBoundaries.split($0, start: input.bomLength, encoding: input.encoding, targetSize: 500)
        }
        // Every cut but the last falls just after a line feed.
        for range in ranges.dropLast() {
            let unit = input.encoding.codeUnitSize
            let last = Array(input.bytes[(range.upperBound - unit)..<range.upperBound])
            #expect(last.contains(0x0A) && last.allSatisfy { $0 == 0x0A || $0 == 0 })
        }
    }

    @Test("a buffer with no line feed at all is still cut at character boundaries", arguments: inputs(repeating: 60, lineEnds: false))
    func withoutLineFeeds(_ input: Input) throws {
        #expect(!input.bytes.contains(0x0A) || input.encoding.codeUnitSize > 1)
        for targetSize in [1, 7, 100, 1000] {
            try Self.check(input, targetSize: targetSize)
        }
        let ranges = input.bytes.withUnsafeBytes {
            ChunkBoundaries.split($0, start: input.bomLength, encoding: input.encoding, targetSize: 1000)
        }
        #expect(ranges.count > 3)
    }

    @Test("legacy CJK without any byte below 0x30 falls back to stepping characters")
    func legacyWithoutSafeBytes() throws {
        let text = String(repeating: "爱丽丝梦游仙境商标表情中文", count: 2000)
        let sources: [TextEncoding: String] = [.shiftJIS: "日本語漢字仮名交文章", .big5: "繁體中文測試文章內容"]
        for (iconvName, encoding) in [("GB18030", TextEncoding.gb18030), ("CP932", .shiftJIS), ("BIG5", .big5)] {
            let source = sources[encoding].map { String(repeating: $0, count: 2000) } ?? text
            let bytes = try #require(EncodingTestSupport.encode(source, as: iconvName))
            try Self.check(Input(label: iconvName, bytes: bytes, encoding: encoding, bomLength: 0), targetSize: 777)
        }
    }

    @Test("a CR at the target is never separated from its LF")
    func carriageReturnAtTarget() throws {
        let bytes = Array(String(repeating: "abc\r\n", count: 1000).replacingOccurrences(of: "\n", with: "\r\n").utf8)
        for targetSize in 1...12 {
            try Self.check(Input(label: "CRCRLF", bytes: bytes, encoding: .windows1252, bomLength: 0), targetSize: targetSize)
        }
        var single = Array(repeating: UInt8(ascii: "x"), count: 10_000)
        single[4999] = 0x0D
        single[5000] = 0x0A
        try Self.check(Input(label: "lone CRLF", bytes: single, encoding: .isoLatin1, bomLength: 0), targetSize: 4999)
    }

    @Test("random bytes in every layout are still tiled by aligned, non-empty ranges",
          arguments: ["UTF-8", "UTF-16LE", "UTF-16BE", "UTF-32LE", "UTF-32BE", "GB18030", "Shift_JIS", "EUC-JP",
                      "EUC-TW", "Big5", "windows-1251", "ISO-2022-JP"])
    func randomBytes(name: String) throws {
        let encoding = try #require(TextEncoding(name: name))
        var generator = SeededRandom(seed: 42)
        for length in [0, 1, 2, 3, 5, 7, 9, 4099, 40_003] {
            // Few line feeds and CRs, so the fallbacks are exercised too.
            let bytes = EncodingTestSupport.randomBytes(length, using: &generator).map { $0 == 0x0A && length > 5000 ? 0x0D : $0 }
            for start in [0, 1, 3] where start <= length {
                for targetSize in [1, 3, 64, 1000] {
                    let ranges = bytes.withUnsafeBytes {
                        ChunkBoundaries.split($0, start: start, encoding: encoding, targetSize: targetSize)
                    }
                    #expect(ranges.first?.lowerBound ?? start == start)
                    #expect(ranges.last?.upperBound ?? length == length)
                    #expect(ranges.allSatisfy { !$0.isEmpty && $0.upperBound <= length })
                    #expect(zip(ranges, ranges.dropFirst()).allSatisfy { $0.upperBound == $1.lowerBound })
                    #expect(ranges.dropFirst().allSatisfy { ($0.lowerBound - start) % encoding.codeUnitSize == 0 })
                }
            }
        }
    }

    @Test("empty and BOM-only inputs give no ranges; a tail shorter than the target is one range")
    func degenerateInputs() {
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        bom.withUnsafeBytes { #expect(ChunkBoundaries.split($0, start: 3, encoding: .utf8, targetSize: 10).isEmpty) }
        [UInt8]().withUnsafeBytes { #expect(ChunkBoundaries.split($0, start: 0, encoding: .utf8, targetSize: 10).isEmpty) }
        Array("short\n".utf8).withUnsafeBytes {
            #expect(ChunkBoundaries.split($0, start: 0, encoding: .utf8, targetSize: 1 << 20) == [0..<6])
        }
    }
}
