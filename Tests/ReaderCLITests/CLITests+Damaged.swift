import Foundation
import ReaderTestSupport
import Testing

/// Damaged books through the CLI: `open` shows the page and one line of notice, `info` lists the
/// typed warnings, and a file too short to be what its name says is one line of error.
extension CLITests {
    @Test("open prints the page and a one-line notice; info lists the typed warnings",
          .enabled(if: DamagedTestBooks.folder != nil, "python3 is needed to damage the TestBooks"))
    func damagedBooksAreReadWithANotice() throws {
        try withCacheDirectory { cache in
            let rebuilt = try #require(DamagedTestBooks.path("epub-central-directory-zeroed.epub"))
            let open = try ReaderExecutable.run(["open", rebuilt, "--width", "60", "--height", "20"], cacheDirectory: cache)
            #expect(open.status == 0, "\(open)")
            #expect(open.lines.count > 2)
            #expect(open.errorLines.count == 1, "\(open)")
            #expect(open.errorLines.first?.hasPrefix("reader: warning: \(rebuilt): 1 problem") == true, "\(open)")
            #expect(open.stderr.contains("local headers") && open.stderr.contains("reader info"))

            let chapter = try #require(DamagedTestBooks.path("epub-chapter-crc.epub"))
            let info = try ReaderExecutable.run(["info", chapter, "--width", "60", "--height", "20"], cacheDirectory: cache)
            #expect(info.status == 0, "\(info)")
            let warnings = info.lines.filter { $0.hasPrefix("warning:") }
            #expect(warnings.count == 1, "\(info)")
            #expect(warnings.first?.contains("OEBPS/text/chapter-3.xhtml is damaged") == true)
            #expect(warnings.first?.contains("(damaged-content, error-recovered, section 4, OEBPS/text/chapter-3.xhtml)") == true,
                    "\(warnings)")
            let json = try ReaderExecutable.run(["info", chapter, "--json", "--width", "60", "--height", "20"], cacheDirectory: cache)
            let report = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
            let listed = try #require(report["warnings"] as? [[String: Any]])
            #expect(listed.map { $0["code"] as? String } == ["damaged-content"])

            let text = try ReaderExecutable.run(["text", chapter], cacheDirectory: cache)
            #expect(text.status == 0)
            #expect(text.stdout.contains("[This part of the book is damaged and cannot be shown:"))
            #expect(text.stdout.contains("OEBPS/text/chapter-3.xhtml]"))
            #expect(text.stdout.contains("CHAPTER IV") || text.stdout.contains("Chapter IV"), "the chapters after it read")
        }
    }

    @Test("a file named .pdf, .epub, .mobi or .azw3 that is too short to be one: one line naming the format",
          .enabled(if: DamagedTestBooks.folder != nil, "python3 is needed to damage the TestBooks"),
          arguments: [("pdf-three-bytes.pdf", "pdf"), ("epub-three-bytes.epub", "epub"), ("mobi-three-bytes.mobi", "mobi"),
                      ("azw3-ten-bytes.azw3", "azw3")])
    func shortBinaryFilesAreDamagedNotText(file: String, format: String) throws {
        try withCacheDirectory { cache in
            let path = try #require(DamagedTestBooks.path(file))
            for command in [["open", path], ["text", path], ["info", path]] {
                let result = try ReaderExecutable.run(command, cacheDirectory: cache)
                #expect(result.status == 1, "\(command): \(result)")
                #expect(result.stdout.isEmpty)
                #expect(result.errorLines.count == 1)
                #expect(result.errorLines.first?.hasPrefix("reader: \(path): \(format): ") == true, "\(result)")
            }
        }
    }
}
