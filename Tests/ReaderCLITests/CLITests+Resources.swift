import Foundation
import ReaderCore
import ReaderEngine
import ReaderTestSupport
import Testing

extension CLITests {
    @Test("resources prints a table of href, media type and size, and --json the same entries")
    func resourcesCommand() throws {
        try withCacheDirectory { cache in
            let book = "TestBooks/epub/lighthouse-keeper.epub"
            let table = try ReaderExecutable.run(["resources", book], cacheDirectory: cache)
            #expect(table.status == 0, "\(table)")
            let rows = table.lines.map { $0.split(separator: " ", omittingEmptySubsequences: true).map(String.init) }
            #expect(rows.first == ["href", "media", "type", "size"])
            #expect(rows.contains(["OEBPS/images/cover.png", "image/png", "1299"]), "\(table.stdout)")

            let json = try ReaderExecutable.run(["resources", book, "--json"], cacheDirectory: cache)
            #expect(json.status == 0, "\(json)")
            let decoded = try JSONDecoder().decode([DocumentResource].self, from: Data(json.stdout.utf8))
            #expect(decoded.count == table.lines.count - 1)
            #expect(decoded.contains(DocumentResource(href: "OEBPS/images/cover.png", mediaType: "image/png", byteCount: 1299)))

            let pdf = try ReaderExecutable.run(["resources", "TestBooks/pdf/harbour-lights.pdf"], cacheDirectory: cache)
            #expect(pdf.lines.dropFirst().first?.split(separator: " ", omittingEmptySubsequences: true) == ["page/1.png", "image/png", "-"])
        }
    }

    @Test("resource writes the bytes of one href")
    func resourceCommand() throws {
        try withCacheDirectory { cache in
            let output = cache.appendingPathComponent("image.bin").path
            let result = try ReaderExecutable.run(["resource", "TestBooks/epub/lighthouse-keeper.epub", "OEBPS/images/cover.png",
                                                   "-o", output], cacheDirectory: cache)
            #expect(result.status == 0, "\(result)")
            let document = try ReaderEngine.standard.open(path: TestLocation.testBooks.appendingPathComponent("epub/lighthouse-keeper.epub").path)
            let cover = try #require(try (document as? any CoverProviding)?.coverImage())
            #expect(Array(try Data(contentsOf: URL(fileURLWithPath: output))) == cover.data)

            let page = cache.appendingPathComponent("page.png").path
            let rendered = try ReaderExecutable.run(["resource", "TestBooks/pdf/harbour-lights.pdf", "page/1.png", "-o", page],
                                                    cacheDirectory: cache)
            #expect(rendered.status == 0, "\(rendered)")
            #expect(Array(try Data(contentsOf: URL(fileURLWithPath: page))).starts(with: [0x89, 0x50, 0x4E, 0x47]))
        }
    }

    @Test("resource refuses an unknown href with one line and a non-zero exit, writing nothing")
    func resourceUnknown() throws {
        try withCacheDirectory { cache in
            let output = cache.appendingPathComponent("nothing").path
            let result = try ReaderExecutable.run(["resource", "TestBooks/mobi/lighthouse-keeper.azw3", "OEBPS/missing.png",
                                                   "-o", output], cacheDirectory: cache)
            #expect(result.status != 0)
            #expect(result.stdout.isEmpty)
            #expect(result.errorLines.count == 1, "\(result.stderr)")
            #expect(result.stderr.contains("no resource \"OEBPS/missing.png\""), "\(result.stderr)")
            #expect(!FileManager.default.fileExists(atPath: output))
        }
    }

    @Test("cover renders a PDF's first page, as JPEG")
    func coverPDF() throws {
        try withCacheDirectory { cache in
            let output = cache.appendingPathComponent("cover").path
            let result = try ReaderExecutable.run(["cover", "TestBooks/pdf/harbour-lights.pdf", "-o", output], cacheDirectory: cache)
            #expect(result.status == 0, "\(result)")
            #expect(result.stdout.contains("cover.jpg: image/jpeg"), "\(result.stdout)")
            #expect(Array(try Data(contentsOf: URL(fileURLWithPath: output + ".jpg"))).starts(with: [0xFF, 0xD8, 0xFF]))
        }
    }
}
