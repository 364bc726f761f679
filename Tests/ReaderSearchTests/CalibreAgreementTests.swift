import Foundation
import ReaderCore
import ReaderEngine
import ReaderSearch
import ReaderTestSupport
import Testing

/// Counts on corpus EPUBs against calibre's own text conversion (`reference/<book>/calibre.txt`,
/// `.txt.xz` for large ones), counted with a naive scan of whitespace-collapsed, lower-cased text.
@Suite(.enabled(if: TestLocation.corpusAvailable, "the shared corpus is absent"))
struct CalibreAgreementTests {
    static func calibreText(_ book: String) throws -> String {
        let folder = TestLocation.corpus.path + "/reference/" + book
        if let plain = FileManager.default.contents(atPath: folder + "/calibre.txt") {
            return String(decoding: plain, as: UTF8.self)
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["xz", "-dc", folder + "/calibre.txt.xz"]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    @Test("hits agree with calibre's text", arguments: [
        ("epub/pg11_alice_epub2.epub", ["alice", "rabbit", "the queen", "off with her head"]),
        ("epub/moby-dick_epub3.epub", ["white whale", "ahab", "call me ishmael"]),
    ])
    func agreeWithCalibre(_ book: String, _ queries: [String]) throws {
        let document = try ReaderEngine.standard.open(path: TestLocation.corpus.path + "/" + book)
        let reference = SearchTestSupport.collapsed(try Self.calibreText(book)).lowercased()
        for query in queries {
            let expected = SearchTestSupport.occurrences(of: query, in: reference)
            #expect(expected > 0, "\(query)")
            #expect(try SearchTestSupport.matches(document, SearchQuery(query)).count == expected, "\(query)")
        }
    }
}
