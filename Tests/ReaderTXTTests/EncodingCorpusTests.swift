import Foundation
import ReaderCore
import Testing
@testable import ReaderTXT

/// Detection and decoding of every TXT sample of the shared corpus, against MANIFEST.tsv and
/// reference/txt-encodings.tsv.
@Suite(.enabled(if: EncodingCorpus.isAvailable, "corpus not found at \(EncodingCorpus.root.path)"))
struct EncodingCorpusTests {
    /// Samples whose reference decode (Python's codec) maps a few bytes differently from glibc's, so only
    /// the character count and the opening can match: Python's big5 maps 0xA145 to U+2022, glibc's BIG5
    /// (like the WHATWG index) to U+2027.
    static let vendorMappingDifferences: Set<String> = ["txt/big5/zh-hant_raven_traditional.txt"]

    @Test("the manifest lists TXT samples with reference rows")
    func corpusIsComplete() {
        #expect(EncodingCorpus.samples.count >= 20)
        #expect(EncodingCorpus.samples.allSatisfy { !$0.uchardet.isEmpty })
    }

    @Test("detection matches the manifest", arguments: EncodingCorpus.samples)
    func detectsManifestEncoding(_ sample: EncodingCorpus.Sample) throws {
        let bytes = try [UInt8](Data(contentsOf: sample.url))
        let detection = EncodingTestSupport.detect(bytes)
        #expect(detection.encoding.name == sample.expectedName)
        #expect(detection.bomLength == sample.expectedBOMLength)
        // Short single-byte samples carry little evidence, and the confidence says so.
        #expect(detection.confidence > 0.3, "confidence \(detection.confidence) via \(detection.method)")
    }

    @Test("the detector matches the manifest at least as often as uchardet does on the whole file")
    func accuracyVersusUchardet() throws {
        var ours = 0, uchardet = 0
        for sample in EncodingCorpus.samples {
            let detection = EncodingTestSupport.detect(try [UInt8](Data(contentsOf: sample.url)))
            // Strict names, case aside: GBK is not GB18030, EUC-KR is not UHC, UTF-16LE is not UTF-16.
            if detection.encoding.name.lowercased() == sample.expectedName.lowercased() { ours += 1 }
            if sample.uchardet.lowercased() == sample.expectedName.lowercased() { uchardet += 1 }
        }
        #expect(ours >= uchardet)
        #expect(ours == EncodingCorpus.samples.count)
    }

    @Test("detection holds on short prefixes cut mid-character", arguments: EncodingCorpus.samples)
    func detectsFromPartialSample(_ sample: EncodingCorpus.Sample) throws {
        let bytes = try [UInt8](Data(contentsOf: sample.url))
        guard bytes.count > 24 << 10 else { return }
        // Odd lengths cut inside multi-byte characters; 16 KiB is enough for uchardet on every sample here.
        for length in [16 << 10 + 1, 24 << 10 - 1] {
            let detection = bytes.withUnsafeBytes {
                EncodingDetector.detect(sample: UnsafeRawBufferPointer(rebasing: $0[0..<length]), isWholeFile: false)
            }
            // A partial sample cannot prove that the rest stays inside GBK or EUC-KR, so the superset is named.
            let expected = ["GBK": "GB18030", "EUC-KR": "CP949"][sample.expectedName] ?? sample.expectedName
            #expect(detection.encoding.name == expected, "prefix of \(length) bytes")
        }
    }

    @Test("decoding matches the reference character count, opening and SHA-256", arguments: EncodingCorpus.samples)
    func decodesLikeReference(_ sample: EncodingCorpus.Sample) throws {
        let bytes = try [UInt8](Data(contentsOf: sample.url))
        let encoding = try #require(TextEncoding(name: sample.expectedName))
        let text = try bytes.withUnsafeBytes { whole in
            try TextDecoder(encoding: encoding).decode(UnsafeRawBufferPointer(rebasing: whole[sample.expectedBOMLength...]))
        }
        guard let expectedCount = sample.decodedCharacters else {
            // The strict reference decode failed (injected invalid bytes): each ill-formed subpart is one U+FFFD.
            #expect(text.unicodeScalars.filter { $0 == "\u{FFFD}" }.count == 3)
            return
        }
        #expect(text.unicodeScalars.count == expectedCount)
        #expect(Self.opening(of: text) == sample.firstCharacters)
        if !Self.vendorMappingDifferences.contains(sample.path) {
            #expect(try Self.sha256(of: text) == sample.decodedSHA256)
        }
    }

    @Test("chunked decoding equals whole decoding", arguments: EncodingCorpus.samples)
    func chunkedDecodingMatchesWhole(_ sample: EncodingCorpus.Sample) throws {
        let bytes = try [UInt8](Data(contentsOf: sample.url))
        let detection = EncodingTestSupport.detect(bytes)
        let decoder = try TextDecoder(encoding: detection.encoding)
        let whole = bytes.withUnsafeBytes { decoder.decode(UnsafeRawBufferPointer(rebasing: $0[detection.bomLength...])) }
        for targetSize in [997, 16 << 10] {
            let chunked = EncodingTestSupport.decodeInChunks(bytes, start: detection.bomLength, encoding: detection.encoding,
                                                             targetSize: targetSize, decoder: decoder)
            #expect(chunked.ranges.first?.lowerBound == detection.bomLength)
            #expect(chunked.ranges.last?.upperBound == bytes.count)
            #expect(zip(chunked.ranges, chunked.ranges.dropFirst()).allSatisfy { $0.upperBound == $1.lowerBound })
            #expect(chunked.text == whole, "target size \(targetSize)")
        }
    }

    /// The first 60 scalars with whitespace runs collapsed to one space and the ends trimmed, as the reference.
    static func opening(of text: String) -> String {
        var result = ""
        var pendingSpace = false
        for scalar in text.unicodeScalars.prefix(60) {
            if scalar.properties.isWhitespace {
                pendingSpace = true
                continue
            }
            if pendingSpace && !result.isEmpty { result.append(" ") }
            pendingSpace = false
            result.unicodeScalars.append(scalar)
        }
        return result
    }

    /// SHA-256 of the text as UTF-8, hashed through ReaderCore's fingerprint (the test target has no Crypto).
    static func sha256(of text: String) throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("encoding-sha-\(UUID().uuidString).txt")
        try Data(text.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        return try DocumentFingerprint.compute(path: url.path, format: .txt).sha256
    }
}
