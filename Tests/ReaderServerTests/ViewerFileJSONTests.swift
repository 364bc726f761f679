import Foundation
@testable import ReaderServer
import ReaderTestSupport
import Testing

@Suite("The listing's hand-written JSON")
struct ViewerFileJSONTests {
    @Test("is byte for byte what JSONEncoder writes (sorted keys, slashes unescaped), on 500 seeded entries")
    func sameAsJSONEncoder() throws {
        var random = SeededRandom(seed: 19)
        let pieces = ["plain", "https://example.com/a/b?c=d", "quote \" and \\ backslash", "tab\tnew\nline\rcr", "\u{01}\u{1F}\u{7F}",
                      "é ✓ 日本語 🙂", "", "/", "</script>", "\u{08}\u{0C}", "  spaced  "]
        func text() -> String {
            (0..<Int.random(in: 0..<3, using: &random)).map { _ in pieces[Int.random(in: 0..<pieces.count, using: &random)] }.joined()
        }
        var entries: [ViewerFile] = []
        for _ in 0..<500 {
            var entry = ViewerFile(filename: text(), title: text(), url: text(), domain: text(), bookmarked: text(), feed: text(),
                                   author: text(), mtime: text(), hasSummary: Bool.random(using: &random), summaryProvider: text(),
                                   summaryModel: text(), excerpt: text(), image: text(), favicon: text(), enclosureUrl: text(),
                                   enclosureType: text(), enclosureDuration: text(), videoEnclosureUrl: text(),
                                   videoEnclosureType: text(), commentsUrl: text(), commentCount: Int.random(in: -5...100_000, using: &random),
                                   categories: (0..<Int.random(in: 0..<4, using: &random)).map { _ in text() })
            if Bool.random(using: &random) { entry.summary = text() }
            entries.append(entry)
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        #expect(ViewerFile.json(entries) == Array(try encoder.encode(entries)))
        #expect(ViewerFile.json([]) == Array(try encoder.encode([ViewerFile]())))
    }
}
