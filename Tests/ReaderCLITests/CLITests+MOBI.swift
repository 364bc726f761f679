import Foundation
import ReaderCore
import ReaderEngine
import ReaderTestSupport
import Testing

extension CLITests {
    @Test("open on MOBI 6, AZW3 and combined books shows page 3 as the library paginates it",
          arguments: ["TestBooks/mobi/lighthouse-keeper.mobi", "TestBooks/mobi/lighthouse-keeper.azw3",
                      "TestBooks/mobi/moon-garden-both.mobi"])
    func openMOBI(book: String) throws {
        try withCacheDirectory { cache in
            let result = try ReaderExecutable.run(["open", book, "--page", "3", "--width", "80", "--height", "25"],
                                                  cacheDirectory: cache)
            #expect(result.status == 0, "\(result)")
            let (_, paginator) = try paginated(book)
            #expect(Array(result.lines.dropLast()) == (try paginator.page(3).lines))
            #expect(result.lines.last?.contains("page 3 of") == true)
        }
    }

    @Test("cover writes the EXTH 201 image of a MOBI book")
    func coverMOBI() throws {
        try withCacheDirectory { cache in
            let output = cache.appendingPathComponent("cover").path
            let result = try ReaderExecutable.run(["cover", "TestBooks/mobi/lighthouse-keeper.azw3", "-o", output],
                                                  cacheDirectory: cache)
            #expect(result.status == 0, "\(result)")
            // The extension the image's type calls for is added: `cover.png`.
            let written = try #require(result.stdout.split(separator: ":").first.map(String.init))
            #expect(written.hasPrefix(output + "."))
            let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: written)))
            #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) || bytes.starts(with: [0xFF, 0xD8, 0xFF])
                || bytes.starts(with: Array("GIF8".utf8)))
        }
    }

    @Test("a DRM-protected or broken MOBI gives one line on stderr and exit status 1",
          arguments: ["TestBooks/mobi/malformed/drm-flag.mobi", "TestBooks/mobi/malformed/lz77-before-start.mobi"])
    func brokenMOBI(book: String) throws {
        try withCacheDirectory { cache in
            let result = try ReaderExecutable.run(["open", book, "--page", "1"], cacheDirectory: cache)
            #expect(result.status == 1)
            #expect(result.stdout.isEmpty)
            let lines = result.stderr.split(separator: "\n")
            #expect(lines.count == 1, "\(result.stderr)")
            #expect(lines.first?.hasPrefix("reader: \(book): mobi: ") == true, "\(result.stderr)")
        }
    }

    @Test("a MOBI whose record table entry lies opens, with one warning line that says so")
    func lyingRecordEntry() throws {
        try withCacheDirectory { cache in
            let book = "TestBooks/mobi/malformed/offset-past-end.mobi"
            let result = try ReaderExecutable.run(["open", book, "--page", "1"], cacheDirectory: cache)
            #expect(result.status == 0)
            #expect(!result.stdout.isEmpty)
            let lines = result.stderr.split(separator: "\n")
            #expect(lines.count == 1, "\(result.stderr)")
            #expect(lines.first?.hasPrefix("reader: warning: \(book): ") == true, "\(result.stderr)")
            #expect(lines.first?.contains("that record is lost") == true, "\(result.stderr)")
        }
    }
}
