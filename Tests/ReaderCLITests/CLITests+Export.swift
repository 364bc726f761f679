import Foundation
import ReaderCore
import ReaderEngine
import ReaderTestSupport
import Testing

extension CLITests {
    /// One entry of a zip archive, read with `unzip -p` (the zip writer's tests use it as a second opinion too).
    private func unzipped(_ archive: String, _ entry: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/unzip")
        process.arguments = ["-p", archive, entry]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    @Test("export writes an EPUB that opens with the source's text, with the title, author and date asked for")
    func exportCommand() throws {
        try withCacheDirectory { cache in
            let output = cache.appendingPathComponent("notes.epub").path
            let result = try ReaderExecutable.run(
                ["export", "TestBooks/md/field-notes.md", "-o", output, "--title", "Gannet Rock", "--author", "A. Keeper",
                 "--author", "B. Keeper", "--split-level", "0"],
                cacheDirectory: cache, environment: ["SOURCE_DATE_EPOCH": "1700000000"])
            #expect(result.status == 0, "\(result)")
            #expect(result.lines.first?.hasPrefix("\(output): EPUB 3, 1 content documents") == true, "\(result.stdout)")
            let exported = try ReaderEngine.standard.open(path: output)
            #expect(exported.format == .epub)
            #expect(exported.metadata.title == "Gannet Rock")
            #expect(exported.metadata.authors == ["A. Keeper", "B. Keeper"])
            let source = try ReaderEngine.standard.open(path: TestLocation.testBooks.appendingPathComponent("md/field-notes.md").path)
            #expect(try allText(exported).contains(try allText(source).prefix(200)))
            #expect(try unzipped(output, "OEBPS/content.opf").contains("<meta property=\"dcterms:modified\">2023-11-14T22:13:20Z</meta>"))

            let again = cache.appendingPathComponent("again.epub").path
            _ = try ReaderExecutable.run(
                ["export", "TestBooks/md/field-notes.md", "-o", again, "--title", "Gannet Rock", "--author", "A. Keeper",
                 "--author", "B. Keeper", "--split-level", "0"],
                cacheDirectory: cache, environment: ["SOURCE_DATE_EPOCH": "1700000000"])
            #expect(FileManager.default.contents(atPath: output) == FileManager.default.contents(atPath: again))
        }
    }

    @Test("export of a folder writes one book with a chapter per article, titled as asked")
    func exportFolder() throws {
        try withCacheDirectory { cache in
            let folder = cache.appendingPathComponent("articles", isDirectory: true)
            try FileManager.default.createDirectory(at: folder.appendingPathComponent("2024/05"), withIntermediateDirectories: true)
            try Data("---\ntitle: First\n---\n\nOne.\n".utf8).write(to: folder.appendingPathComponent("2024/05/a.md"))
            try Data("---\ntitle: Second\n---\n\nTwo.\n".utf8).write(to: folder.appendingPathComponent("2024/05/b.md"))
            let output = cache.appendingPathComponent("articles.epub").path
            let result = try ReaderExecutable.run(["export", folder.path, "-o", output, "--title", "May"], cacheDirectory: cache)
            #expect(result.status == 0, "\(result)")
            #expect(result.lines.first?.hasPrefix("\(output): EPUB 3, 2 content documents") == true, "\(result.stdout)")
            let exported = try ReaderEngine.standard.open(path: output)
            #expect(exported.metadata.title == "May")
            #expect(try exported.tableOfContents().map(\.title) == ["First", "Second"])
        }
    }

    @Test("export takes a cover picture from a file")
    func exportCover() throws {
        try withCacheDirectory { cache in
            let picture = cache.appendingPathComponent("cover.png").path
            let cover = try ReaderExecutable.run(["cover", "TestBooks/epub/lighthouse-keeper.epub", "-o", picture], cacheDirectory: cache)
            #expect(cover.status == 0, "\(cover)")
            let output = cache.appendingPathComponent("with-cover.epub").path
            let result = try ReaderExecutable.run(["export", "TestBooks/txt/lighthouse-keeper.txt", "-o", output, "--cover", picture],
                                                  cacheDirectory: cache)
            #expect(result.status == 0, "\(result)")
            let exported = try ReaderEngine.standard.open(path: output)
            let image = try #require(try (exported as? any CoverProviding)?.coverImage())
            #expect(image.data == Array(try Data(contentsOf: URL(fileURLWithPath: picture))))
        }
    }

    @Test("export fails with one line and leaves the file at OUT as it was, never part of an EPUB")
    func exportFailures() throws {
        try withCacheDirectory { cache in
            let output = cache.appendingPathComponent("kept.epub").path
            _ = FileManager.default.createFile(atPath: output, contents: Data("old".utf8))
            let broken = try ReaderExecutable.run(["export", "TestBooks/epub/malformed/drm-encrypted.epub", "-o", output],
                                                  cacheDirectory: cache)
            #expect(broken.status == 1, "\(broken)")
            #expect(broken.errorLines.count == 1, "\(broken.stderr)")
            #expect(broken.stdout.isEmpty)
            #expect(FileManager.default.contents(atPath: output) == Data("old".utf8))
            #expect(try FileManager.default.contentsOfDirectory(atPath: cache.path).filter { $0.contains("kept") } == ["kept.epub"])

            let nowhere = cache.appendingPathComponent("missing/out.epub").path
            let noFolder = try ReaderExecutable.run(["export", "TestBooks/txt/lighthouse-keeper.txt", "-o", nowhere], cacheDirectory: cache)
            #expect(noFolder.status == 1, "\(noFolder)")
            #expect(noFolder.errorLines.count == 1, "\(noFolder.stderr)")
            #expect(!FileManager.default.fileExists(atPath: nowhere))

            let badLevel = try ReaderExecutable.run(["export", "TestBooks/txt/lighthouse-keeper.txt", "-o", output, "--split-level", "-1"],
                                                    cacheDirectory: cache)
            #expect(badLevel.status == 2, "\(badLevel)")
            #expect(badLevel.errorLines.count == 1, "\(badLevel.stderr)")

            let noCover = try ReaderExecutable.run(["export", "TestBooks/txt/lighthouse-keeper.txt", "-o", output, "--cover", "no-such.png"],
                                                   cacheDirectory: cache)
            #expect(noCover.status == 1, "\(noCover)")
            #expect(noCover.errorLines.count == 1, "\(noCover.stderr)")
            #expect(FileManager.default.contents(atPath: output) == Data("old".utf8))
        }
    }

    private func allText(_ document: any Document) throws -> String {
        var words: [String] = []
        for section in document.readingOrder {
            for block in try document.content(ofSection: section.index).blocks { words += PositionWords.words(of: block.text) }
        }
        return words.joined(separator: " ")
    }
}
