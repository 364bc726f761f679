import Foundation
import ReaderCore
import ReaderEngine
import ReaderTestSupport
import Testing

extension CLITests {
    @Test("fingerprint works on any readable file: unknown:{sha256}:{bytes} for a random binary file")
    func fingerprintOfAnUnknownFile() throws {
        try withCacheDirectory { cache in
            var random = SeededRandom(seed: 1616)
            let bytes = (0..<12_345).map { _ in UInt8.random(in: 0...255, using: &random) }
            let path = cache.appendingPathComponent("noise.bin").path
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            let result = try ReaderExecutable.run(["fingerprint", path, Self.lighthouse], cacheDirectory: cache)
            #expect(result.status == 0, "\(result)")
            #expect(result.stderr.isEmpty)
            #expect(result.lines.count == 2)
            #expect(result.lines.first == "unknown:\(try sha256sum(path)):12345  \(path)")
            #expect(result.lines.last?.hasPrefix("txt:") == true)
            // Other commands still refuse it, with the same one line as before.
            let open = try ReaderExecutable.run(["open", path, "--no-cache"], cacheDirectory: cache)
            #expect(open.status == 1)
            #expect(open.stderr == "reader: \(path): unrecognised content (neither text nor a known document signature)\n")
        }
    }

    @Test("info --json lists typed warnings: malformed front matter in a Markdown file")
    func infoListsFrontMatterWarnings() throws {
        try withCacheDirectory { cache in
            let book = "TestBooks/md/malformed-front-matter.md"
            let result = try ReaderExecutable.run(["info", book, "--json", "--width", "80", "--height", "25"], cacheDirectory: cache)
            #expect(result.status == 0, "\(result)")
            let report = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
            let warnings = try #require(report["warnings"] as? [[String: Any]])
            let metadata = try #require(report["metadata"] as? [String: Any])
            let strings = try #require(metadata["warnings"] as? [String])
            #expect(!warnings.isEmpty)
            #expect(warnings.map { $0["message"] as? String } == strings, "metadata.warnings keeps the same messages")
            let first = try #require(warnings.first)
            #expect(first["code"] as? String == "malformed-metadata")
            #expect(first["severity"] as? String == "warning")
            let place = try #require(first["where"] as? [String: Any])
            #expect(place["section"] as? Int == 0)
            #expect(place["href"] as? String == "malformed-front-matter.md")

            let text = try ReaderExecutable.run(["info", book, "--width", "80", "--height", "25"], cacheDirectory: cache)
            let lines = text.lines.filter { $0.hasPrefix("warning:") }
            #expect(lines.count == strings.count)
            #expect(lines.first == "warning:       \(strings[0]) (malformed-metadata, warning, section 0, malformed-front-matter.md)")
        }
    }

    @Test("info lists an EPUB's warnings: a missing spine file, and a chapter's, even when the page count was cached")
    func infoListsEPUBWarnings() throws {
        try withCacheDirectory { cache in
            let missing = try infoWarnings("TestBooks/epub/malformed/spine-points-to-missing-file.epub", cache: cache)
            let resource = try #require(missing.first { $0["code"] as? String == "missing-resource" }, "\(missing)")
            #expect(resource["severity"] as? String == "error-recovered")
            #expect((resource["where"] as? [String: Any])?["href"] as? String != nil)

            let book = "TestBooks/epub/malformed/chapter-not-well-formed.epub"
            let cold = try infoWarnings(book, cache: cache)
            let content = try #require(cold.first { $0["code"] as? String == "malformed-content" }, "\(cold)")
            #expect((content["where"] as? [String: Any])?["section"] as? Int != nil)
            let warm = try infoWarnings(book, cache: cache)
            #expect(warm.count == cold.count, "the second run counts pages from the cache, and still reads every section's warnings")
        }
    }

    @Test("an error with a cause is still one line on standard error, with the same exit status")
    func errorWithACauseIsOneLine() throws {
        try withCacheDirectory { cache in
            let result = try ReaderExecutable.run(["locate", Self.epub, "--cfi", "/6/4!garbage", "--no-cache"], cacheDirectory: cache)
            #expect(result.status == 2, "\(result)")
            #expect(result.errorLines.count == 1, "\(result)")
            #expect(result.stderr.hasPrefix("reader: \(Self.epub): epub: CFI /6/4!garbage: "), "\(result)")
            #expect(!result.stderr.contains("caused by"))
        }
    }

    /// The `warnings` of `reader info --json`.
    private func infoWarnings(_ book: String, cache: URL) throws -> [[String: Any]] {
        let result = try ReaderExecutable.run(["info", book, "--json", "--width", "80", "--height", "25"], cacheDirectory: cache)
        #expect(result.status == 0, "\(result)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        return try #require(report["warnings"] as? [[String: Any]])
    }
}
