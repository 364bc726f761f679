import Foundation
import ReaderCore
import Testing

@Suite struct FingerprintTests {
    @Test func parsesWhatItPrints() throws {
        let text = "txt:" + String(repeating: "ab", count: 32) + ":1234"
        let parsed = try #require(DocumentFingerprint(text))
        #expect(parsed.description == text)
        #expect(parsed.format == .txt)
        #expect(parsed.byteCount == 1234)
    }

    @Test(arguments: ["", "txt", "txt::12", "Doc:" + String(repeating: "0", count: 64) + ":1",
                      "a b:" + String(repeating: "0", count: 64) + ":1",
                      "txt:" + String(repeating: "A", count: 64) + ":1", "txt:" + String(repeating: "0", count: 63) + ":1",
                      "txt:" + String(repeating: "0", count: 64) + ":-1", "txt:" + String(repeating: "0", count: 64) + ":01"])
    func rejectsMalformedText(text: String) {
        #expect(DocumentFingerprint(text) == nil)
    }

    @Test("any well-formed format identifier parses, a format of a backend the core never heard of included")
    func parsesFormatsOfAnyBackend() throws {
        let hash = String(repeating: "0", count: 64)
        #expect(try #require(DocumentFingerprint("unknown:\(hash):1")).format == .unknown)
        #expect(try #require(DocumentFingerprint("opds-feed:\(hash):1")).format == DocumentFormat(rawValue: "opds-feed"))
        #expect(DocumentFormat(rawValue: "x:y") == nil)
    }

    @Test func hashesTheFileBytes() throws {
        let path = NSTemporaryDirectory() + "/reader-fingerprint-\(getpid()).txt"
        try Data("abc".utf8).write(to: URL(fileURLWithPath: path))
        defer { unlink(path) }
        let fingerprint = try DocumentFingerprint.compute(path: path, format: .txt)
        // SHA-256("abc") from FIPS 180-2.
        #expect(fingerprint.description == "txt:ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad:3")
    }

    @Test func spansManyReads() throws {
        let path = NSTemporaryDirectory() + "/reader-fingerprint-big-\(getpid()).txt"
        let data = Data((0..<(3 << 20) + 17).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        try data.write(to: URL(fileURLWithPath: path))
        defer { unlink(path) }
        let streamed = try DocumentFingerprint.compute(path: path, format: .txt)
        #expect(streamed.byteCount == Int64(data.count))
        let again = try DocumentFingerprint.compute(path: path, format: .txt)
        #expect(streamed == again)
    }

    @Test func missingFileIsAnError() {
        #expect(throws: ReaderError.self) { try DocumentFingerprint.compute(path: "/nonexistent/x.txt", format: .txt) }
    }
}
