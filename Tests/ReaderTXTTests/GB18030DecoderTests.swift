@testable import ReaderTXT
import ReaderTestSupport
import Testing

/// The table-driven GB18030 decoder against glibc's iconv, which it must match byte for byte.
@Suite struct GB18030DecoderTests {
    /// The decoder under test.
    static let decoder = GB18030Decoder(table: GB18030Table.shared!)

    /// What the iconv path makes of `bytes`, as UTF-8.
    static func iconvUTF8(_ bytes: [UInt8]) -> [UInt8] {
        let converter = IconvConverter(from: "GB18030")!
        return Array(bytes.withUnsafeBytes { converter.convert($0) }.utf8)
    }

    /// Decodes `codes` both ways, each code followed by a line feed so that a bad code cannot pull its
    /// neighbour into a different reading; reports the first code where they differ.
    static func expectSameAsIconv(_ codes: [[UInt8]], sourceLocation: SourceLocation = #_sourceLocation) {
        let joined = codes.flatMap { code -> [UInt8] in code + [0x0A] }
        let ours = joined.withUnsafeBytes { decoder.decode($0) }
        guard ours != iconvUTF8(joined) else { return }
        for code in codes {
            let line = code + [0x0A]
            let mine = line.withUnsafeBytes { decoder.decode($0) }
            let theirs = iconvUTF8(line)
            if mine != theirs {
                Issue.record("\(hex(code)): table gives \(hex(mine)), iconv \(hex(theirs))", sourceLocation: sourceLocation)
                return
            }
        }
        Issue.record("outputs differ, but no single code does", sourceLocation: sourceLocation)
    }

    static func hex(_ bytes: [UInt8]) -> String {
        bytes.map { String($0, radix: 16, uppercase: true) }.joined(separator: " ")
    }

    /// The four-byte codes whose first byte is `lead`.
    static func fourByteCodes(lead: UInt8) -> [[UInt8]] {
        var codes: [[UInt8]] = []
        for second in UInt8(0x30)...0x39 {
            for third in UInt8(0x81)...0xFE {
                for fourth in UInt8(0x30)...0x39 { codes.append([lead, second, third, fourth]) }
            }
        }
        return codes
    }

    @Test("every single byte and every two-byte code, trail bytes 0x7F and 0xFF included")
    func singleAndTwoByteCodes() {
        var codes = (UInt8(0)...0xFF).filter { $0 != 0x0A }.map { [$0] }
        for lead in UInt8(0x81)...0xFE {
            for trail in UInt8(0x40)...0xFF { codes.append([lead, trail]) }
        }
        Self.expectSameAsIconv(codes)
    }

    @Test("every four-byte code that maps into the BMP, and the invalid ones between them", arguments: UInt8(0x81)...0x84)
    func fourByteBMPCodes(lead: UInt8) {
        Self.expectSameAsIconv(Self.fourByteCodes(lead: lead))
    }

    @Test("four-byte codes above the BMP table: none up to 0x8F, U+10000 linear from 0x90308130, none past U+10FFFF",
          arguments: [0x85, 0x8A, 0x8F, 0x90, 0x91, 0xA7, 0xD0, 0xE2, 0xE3, 0xE4, 0xFD, 0xFE] as [UInt8])
    func fourByteCodesAboveTheTable(lead: UInt8) {
        Self.expectSameAsIconv(Self.fourByteCodes(lead: lead))
    }

    @Test("malformed four-byte shapes and codes cut short at the end")
    func malformedAndTruncated() {
        let shapes: [[UInt8]] = [
            [0x81], [0x81, 0x30], [0x81, 0x30, 0x81], [0x81, 0x30, 0x20, 0x30], [0x81, 0x30, 0x81, 0x3A],
            [0x81, 0x30, 0xFF, 0x30], [0x81, 0x30, 0x7F, 0x30], [0x84, 0x31, 0xA4, 0x39], [0x84, 0x31, 0xA5, 0x30],
            [0xE3, 0x32, 0x9A, 0x35], [0xE3, 0x32, 0x9A, 0x36], [0x80, 0x30, 0x81, 0x30], [0xFF, 0x41], [0x81, 0x0A],
        ]
        Self.expectSameAsIconv(shapes)
        for shape in shapes {
            #expect(shape.withUnsafeBytes { Self.decoder.decode($0) } == Self.iconvUTF8(shape), "\(Self.hex(shape))")
        }
    }

    @Test("seeded byte soup decodes as iconv decodes it", arguments: 0..<6)
    func byteSoup(seed: UInt64) {
        var generator = SeededRandom(seed: 0x6B_1803 &+ seed)
        // Mostly bytes that form or almost form characters, so that long valid runs and every kind of break occur.
        let pools: [ClosedRange<UInt8>] = [0x81...0xFE, 0x40...0xFE, 0x30...0x39, 0x20...0x7E, 0x00...0xFF]
        for length in [1, 2, 3, 4, 5, 7, 64, 1000, 65_537] {
            let bytes = (0..<length).map { _ in UInt8.random(in: pools.randomElement(using: &generator)!, using: &generator) }
            #expect(bytes.withUnsafeBytes { Self.decoder.decode($0) } == Self.iconvUTF8(bytes), "length \(length)")
        }
    }

    @Test("chunks cut by ChunkBoundaries decode as iconv decodes them", arguments: 0..<3)
    func chunks(seed: UInt64) throws {
        var generator = SeededRandom(seed: 0xC4 &+ seed)
        let text = String(repeating: "第1章　月光花\n　　“就是这儿了。”𠮷 abc €\r\n", count: 300)
        var bytes = try #require(EncodingTestSupport.encode(text, as: "GB18030"))
        for _ in 0..<200 { bytes[Int.random(in: 0..<bytes.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator) }
        let decoder = try TextDecoder(encoding: .gb18030)
        let converter = IconvConverter(from: "GB18030")!
        bytes.withUnsafeBytes { whole in
            for range in ChunkBoundaries.split(whole, start: 0, encoding: .gb18030, targetSize: 997) {
                let chunk = UnsafeRawBufferPointer(rebasing: whole[range])
                #expect(decoder.decode(chunk) == converter.convert(chunk), "\(range)")
            }
        }
    }

    @Test("GB18030 and GBK TextDecoders use the table and give well-formed text")
    func textDecoders() throws {
        let text = "第1章　搬家\r\n　　“就是这儿了。”𠮷祥花园 €5 ™\n"
        let bytes = try #require(EncodingTestSupport.encode(text, as: "GB18030"))
        for encoding in [TextEncoding.gb18030, .gbk] {
            let decoder = try TextDecoder(encoding: encoding)
            #expect(bytes.withUnsafeBytes { decoder.decode($0) } == text)
            #expect(bytes.withUnsafeBytes { decoder.withUTF8(decoding: $0) { Array($0) } } == Array(text.utf8))
        }
    }

    @Test("UTF-8 input is copied when well-formed and repaired like String(decoding:) otherwise")
    func utf8Bytes() throws {
        let decoder = try TextDecoder(encoding: .utf8)
        var generator = SeededRandom(seed: 8)
        for bytes in [Array("plain ascii\n".utf8), Array("中文 ✓\n".utf8), [0x61, 0xC3, 0x28, 0xFF, 0xED, 0xA0, 0x80],
                      EncodingTestSupport.randomBytes(5000, using: &generator)] {
            let expected = Array(String(decoding: bytes, as: UTF8.self).utf8)
            #expect(bytes.withUnsafeBytes { decoder.withUTF8(decoding: $0) { Array($0) } } == expected)
        }
    }
}
