import ReaderCore
import ReaderTestSupport
import Testing
@testable import ReaderMOBI

@Suite("HUFF/CDIC decompressor")
struct HuffCDICDecompressorTests {
    private static let sample = Array("""
        The quick brown fox jumps over the lazy dog, and the dog sleeps on. \
        Çà et là, the fox — “quick” and brown — jumps again: the end, the end, the end.\n
        """.utf8)

    private static let entries: [HuffCDICTestEncoder.Entry] = [
        .literal(Array("the ".utf8)),
        .literal(Array("and ".utf8)),
        .literal(Array("jumps".utf8)),
        .literal(Array("“quick”".utf8)),
        .compressed(Array("the end, ".utf8)),
        .compressed(Array("quick brown fox ".utf8)),
        // Nested: made of the compressed phrase just above.
        .compressed(Array("The quick brown fox jumps ".utf8)),
    ]

    private func decoder(_ encoder: HuffCDICTestEncoder) throws(ReaderError) -> HuffCDICDecompressor {
        try HuffCDICDecompressor(huff: encoder.huff, cdics: encoder.cdics)
    }

    @Test("round-trips text through a dictionary of literal, compressed and nested phrases")
    func roundTrip() throws {
        let encoder = HuffCDICTestEncoder(entries: Self.entries, samples: [Self.sample])
        #expect(encoder.cdics.count == 3)
        let decoder = try decoder(encoder)
        #expect(decoder.phraseCount == 256 + Self.entries.count)
        let compressed = encoder.compress(Self.sample)
        #expect(compressed.count < Self.sample.count)
        #expect(try decoder.decompress(compressed, cap: 4096) == Self.sample)
        #expect(try decoder.decompress([], cap: 16) == [])
        // Compressed phrases are expanded once, when the decompressor is made.
        #expect(try decoder.phrase(encoder.tableIndex[256 + 6]) == Array("The quick brown fox jumps ".utf8)[...])
    }

    @Test("round-trips text of every byte value and random text", arguments: [1, 2, 3])
    func randomText(seed: UInt64) throws {
        var random = SeededRandom(seed: seed)
        let bytes = (0..<3000).map { _ in UInt8.random(in: 0...255, using: &random) }
        let encoder = HuffCDICTestEncoder(entries: Self.entries, samples: [bytes], codeBits: 5 + Int(seed))
        #expect(try decoder(encoder).decompress(encoder.compress(bytes), cap: 4096) == bytes)
    }

    @Test("one CDIC record or many give the same text", arguments: [4, 8, 12])
    func codeBits(bits: Int) throws {
        let encoder = HuffCDICTestEncoder(entries: Self.entries, samples: [Self.sample], codeBits: bits)
        #expect(encoder.cdics.count == (256 + Self.entries.count + (1 << bits) - 1) >> bits)
        #expect(try decoder(encoder).decompress(encoder.compress(Self.sample), cap: 4096) == Self.sample)
    }

    @Test("a phrase that refers to itself fails the records that use it, and only those")
    func selfReference() throws {
        let selfReferring = 256 + Self.entries.count
        let encoder = HuffCDICTestEncoder(entries: Self.entries + [.references([0x41, selfReferring])])
        let decoder = try decoder(encoder)
        #expect(try decoder.decompress(encoder.compress(Self.sample), cap: 4096) == Self.sample)
        let error = try #require(readerError {
            _ = try decoder.decompress(encoder.compress(definitions: [0x42, selfReferring]), cap: 4096)
        })
        #expect(error.kind == .malformed)
        #expect(error.reason.contains("refers to itself"))
    }

    @Test("phrases may nest a few levels but not past the depth cap")
    func nesting() throws {
        // Entry k is entry k - 1 and a "c", down to "ab": k + 1 levels.
        func chain(_ depth: Int) -> [HuffCDICTestEncoder.Entry] {
            (0..<depth).map { level in .references(level == 0 ? [0x61, 0x62] : [255 + level, 0x63]) }
        }
        func expected(_ level: Int) -> [UInt8] { Array("ab".utf8) + Array(repeating: 0x63, count: level) }
        let shallow = HuffCDICTestEncoder(entries: chain(6))
        #expect(try decoder(shallow).decompress(shallow.compress(definitions: [256 + 5, 256]), cap: 4096)
            == expected(5) + expected(0))

        let maxDepth = HuffCDICDecompressor.maxDepth
        let deep = HuffCDICTestEncoder(entries: chain(maxDepth + 8))
        let decoder = try decoder(deep)
        #expect(try decoder.decompress(deep.compress(definitions: [256 + 3]), cap: 4096) == expected(3))
        #expect(try decoder.decompress(deep.compress(definitions: [256 + maxDepth - 1]), cap: 4096) == expected(maxDepth - 1))
        for level in [maxDepth, maxDepth + 7] {
            let error = try #require(readerError {
                _ = try decoder.decompress(deep.compress(definitions: [256 + level]), cap: 4096)
            })
            #expect(error.reason.contains("nest deeper than \(maxDepth) levels"))
        }
    }

    @Test("a phrase that doubles at every level is stopped by the phrase size cap")
    func phraseBomb() throws {
        let doubling = (0..<30).map { level -> HuffCDICTestEncoder.Entry in
            .references(level == 0 ? [0x61, 0x62] : [255 + level, 255 + level])
        }
        let encoder = HuffCDICTestEncoder(entries: doubling)
        let decoder = try decoder(encoder)
        #expect(try decoder.decompress(encoder.compress(definitions: [256 + 9]), cap: 4096).count == 1024)
        let error = try #require(readerError {
            _ = try decoder.decompress(encoder.compress(definitions: [256 + 29]), cap: 1 << 20)
        })
        #expect(error.reason.contains("expands past \(HuffCDICDecompressor.maxPhraseLength) bytes"))
    }

    @Test("output past the cap is refused")
    func cap() throws {
        let encoder = HuffCDICTestEncoder(entries: Self.entries, samples: [Self.sample])
        let error = try #require(readerError {
            _ = try decoder(encoder).decompress(encoder.compress(Self.sample), cap: 20)
        })
        #expect(error.kind == .malformed)
        #expect(error.reason.contains("cap of 20 bytes"))
    }

    @Test("a code pointing past the phrase table is refused")
    func missingPhrase() throws {
        var encoder = HuffCDICTestEncoder(entries: Self.entries, samples: [Self.sample])
        // Byte 0x01 never occurs in the sample, so it has one of the longest codes (9+ bits, past
        // the cache). Raising the largest code of that length in the base table to all ones moves
        // its index to 2^length - 1 - code, past the 263 phrases.
        let length = encoder.codes[0x01].length
        try #require(length >= 9)
        encoder.huff.setUInt32(UInt32((1 << length) - 1), at: HuffCDICTestEncoder.baseOffset + 8 * (length - 1) + 4)
        let error = try #require(readerError {
            _ = try decoder(encoder).decompress(encoder.compress(definitions: [0x41, 0x01]), cap: 4096)
        })
        #expect(error.kind == .malformed)
        #expect(error.reason.contains("points at phrase"))
    }

    @Test("a cache entry without a code length is refused")
    func emptyCacheEntry() throws {
        var encoder = HuffCDICTestEncoder(entries: Self.entries, samples: [Self.sample])
        for prefix in 0..<256 { encoder.huff.setUInt32(0, at: HuffCDICTestEncoder.cacheOffset + 4 * prefix) }
        let error = try #require(readerError {
            _ = try decoder(encoder).decompress(encoder.compress(Self.sample), cap: 4096)
        })
        #expect(error.reason.contains("has no code"))
    }

    @Test("broken HUFF and CDIC records are malformed, named in the message")
    func brokenTables() {
        let good = HuffCDICTestEncoder(entries: Self.entries, samples: [Self.sample])
        func reason(_ change: (inout HuffCDICTestEncoder) -> Void) -> String? {
            var encoder = good
            change(&encoder)
            let error = readerError { _ = try HuffCDICDecompressor(huff: encoder.huff, cdics: encoder.cdics) }
            #expect(error?.kind == .malformed)
            return error?.reason
        }
        #expect(reason { $0.huff[0] = 0x58 }?.contains("no HUFF magic") == true)
        #expect(reason { $0.huff = Array($0.huff.prefix(12)) }?.contains("HUFF") == true)
        #expect(reason { $0.huff.setUInt32(UInt32($0.huff.count - 100), at: 8) }?.contains("cache table") == true)
        #expect(reason { $0.huff.setUInt32(UInt32($0.huff.count - 100), at: 12) }?.contains("base table") == true)
        #expect(reason { $0.huff = Array($0.huff.prefix(1100)) }?.contains("table") == true)
        #expect(reason { $0.cdics = [] }?.contains("no CDIC record") == true)
        #expect(reason { $0.cdics[1][0] = 0x58 }?.contains("CDIC record 1 has no CDIC header") == true)
        #expect(reason { $0.cdics[1].setUInt32(8, at: 12) }?.contains("disagrees") == true)
        #expect(reason { $0.cdics[0].setUInt32(0, at: 12) }?.contains("0 code bits") == true)
        #expect(reason { $0.cdics.removeLast() }?.contains("phrases") == true)
        #expect(reason { $0.cdics[0] = Array($0.cdics[0].prefix(40)) }?.contains("CDIC record 0") == true)
        #expect(reason { $0.cdics[0][16] = 0xFF }?.contains("past the end of CDIC record 0") == true)
        #expect(reason { encoder in
            // The first phrase's length prefix claims more than the record holds.
            let offset = 16 + Int(ByteReader.uint16(encoder.cdics[0], at: 16)!)
            encoder.cdics[0][offset] = 0xFF
        }?.contains("passes the end of CDIC record 0") == true)
    }

    @Test("random input with good tables never traps")
    func randomInput() throws {
        let encoder = HuffCDICTestEncoder(entries: Self.entries, samples: [Self.sample])
        let decoder = try decoder(encoder)
        var random = SeededRandom(seed: 11)
        for _ in 0..<1000 {
            let input = (0..<Int.random(in: 0...80, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
            if let output = try? decoder.decompress(input, cap: 512) {
                #expect(output.count <= 512)
            }
        }
    }
}
