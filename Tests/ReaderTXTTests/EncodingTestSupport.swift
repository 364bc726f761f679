import Foundation
import Glibc
@testable import ReaderTXT
import ReaderTestSupport
import Testing

/// The shared developer corpus (`../shared/corpus` next to the package), located from this file's path.
enum EncodingCorpus {
    /// The corpus root.
    static let root: URL = TestLocation.corpus

    /// Whether the corpus and its reference table are present.
    static var isAvailable: Bool {
        FileManager.default.fileExists(atPath: root.appendingPathComponent("MANIFEST.tsv").path)
            && FileManager.default.fileExists(atPath: root.appendingPathComponent("reference/txt-encodings.tsv").path)
    }

    /// One TXT sample: its manifest row joined with its reference row.
    struct Sample: CustomTestStringConvertible, Sendable {
        /// Path relative to the corpus root.
        let path: String
        /// The manifest's `expected_encoding`, verbatim ("UTF-8-BOM", "UTF-8 (invalid)", "GBK", …).
        let expected: String
        /// What the `uchardet` command printed for the whole file.
        let uchardet: String
        /// Python's decoded character count (BOM stripped), nil when the strict decode failed.
        let decodedCharacters: Int?
        /// SHA-256 of the decoded text as UTF-8, nil when the strict decode failed.
        let decodedSHA256: String?
        /// The first 60 characters with whitespace runs collapsed, nil when the strict decode failed.
        let firstCharacters: String?

        /// The canonical encoding name the detector should report.
        var expectedName: String {
            expected.replacingOccurrences(of: "-BOM", with: "").replacingOccurrences(of: " (invalid)", with: "")
        }

        /// Bytes of BOM the detector should report.
        var expectedBOMLength: Int {
            if expected == "UTF-8-BOM" { return 3 }
            return expected.hasPrefix("UTF-16") ? 2 : 0
        }

        /// The file's full path.
        var url: URL { EncodingCorpus.root.appendingPathComponent(path) }

        /// The path, as the test argument's name.
        var testDescription: String { path }
    }

    /// Every TXT sample of MANIFEST.tsv, with its reference data (empty when the corpus is absent).
    static let samples: [Sample] = {
        guard isAvailable,
              let manifest = try? String(contentsOf: root.appendingPathComponent("MANIFEST.tsv"), encoding: .utf8),
              let reference = try? String(contentsOf: root.appendingPathComponent("reference/txt-encodings.tsv"), encoding: .utf8)
        else { return [] }
        let referenceRows = Dictionary(
            rows(of: reference).dropFirst().map { ($0[0], $0) }, uniquingKeysWith: { first, _ in first })
        return rows(of: manifest).dropFirst().compactMap { row -> Sample? in
            guard row.count >= 8, row[1] == "txt" else { return nil }
            let ref = referenceRows[row[0]] ?? []
            func column(_ index: Int) -> String? { index < ref.count && ref[index] != "-" ? ref[index] : nil }
            return Sample(path: row[0], expected: row[7], uchardet: column(2) ?? "",
                          decodedCharacters: column(4).flatMap { Int($0) }, decodedSHA256: column(5),
                          firstCharacters: column(6))
        }
    }()

    /// Tab-separated rows of a text.
    private static func rows(of text: String) -> [[String]] {
        text.split(separator: "\n", omittingEmptySubsequences: true)
            .map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
    }
}

/// Helpers shared by the encoding tests.
enum EncodingTestSupport {
    /// Runs `body` over the bytes of an array.
    static func withBytes<R>(_ bytes: [UInt8], _ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try bytes.withUnsafeBytes(body)
    }

    /// Detects the encoding of a file's first `EncodingDetector.sampleSize` bytes, as the TXT backend does.
    static func detect(_ bytes: [UInt8]) -> EncodingDetection {
        let sampleCount = min(bytes.count, EncodingDetector.sampleSize)
        return bytes.withUnsafeBytes { whole in
            EncodingDetector.detect(sample: UnsafeRawBufferPointer(rebasing: whole[0..<sampleCount]),
                                    isWholeFile: sampleCount == bytes.count)
        }
    }

    /// Encodes `text` with glibc iconv (test input only; fails the caller by returning nil).
    static func encode(_ text: String, as iconvName: String) -> [UInt8]? {
        guard let descriptor = iconv_open(iconvName, "UTF-8"), Int(bitPattern: descriptor) != -1 else { return nil }
        defer { iconv_close(descriptor) }
        var input = Array(text.utf8)
        var output = [UInt8](repeating: 0, count: input.count * 4 + 16)
        let produced: Int? = input.withUnsafeMutableBytes { inputBytes in
            output.withUnsafeMutableBytes { outputBytes in
                var inPointer: UnsafeMutablePointer<CChar>? = inputBytes.baseAddress?.assumingMemoryBound(to: CChar.self)
                var inLeft = inputBytes.count
                var outPointer: UnsafeMutablePointer<CChar>? = outputBytes.baseAddress?.assumingMemoryBound(to: CChar.self)
                var outLeft = outputBytes.count
                guard iconv(descriptor, &inPointer, &inLeft, &outPointer, &outLeft) != -1 else { return nil }
                return outputBytes.count - outLeft
            }
        }
        guard let produced else { return nil }
        return Array(output[0..<produced])
    }

    /// `count` random bytes from `generator`.
    static func randomBytes(_ count: Int, using generator: inout SeededRandom) -> [UInt8] {
        (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
    }

    /// Decodes `bytes` in the ranges `ChunkBoundaries.split` gives and joins the pieces.
    static func decodeInChunks(_ bytes: [UInt8], start: Int, encoding: TextEncoding, targetSize: Int,
                               decoder: TextDecoder) -> (text: String, ranges: [Range<Int>]) {
        bytes.withUnsafeBytes { whole in
            let ranges = ChunkBoundaries.split(whole, start: start, encoding: encoding, targetSize: targetSize)
            let text = ranges.map { decoder.decode(UnsafeRawBufferPointer(rebasing: whole[$0])) }.joined()
            return (text, ranges)
        }
    }
}
