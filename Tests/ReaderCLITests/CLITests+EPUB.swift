import Foundation
import ReaderCore
import ReaderEngine
import ReaderTestSupport
import Testing

extension CLITests {
    static let epub = "TestBooks/epub/lighthouse-keeper.epub"

    @Test("open on an EPUB estimates the page count cold; info makes it exact for later opens")
    func openEPUBEstimatesThenKnows() throws {
        try withCacheDirectory { cache in
            let arguments = ["open", Self.epub, "--page", "3", "--width", "80", "--height", "25"]
            let cold = try ReaderExecutable.run(arguments, cacheDirectory: cache)
            #expect(cold.status == 0, "\(cold)")
            let (_, paginator) = try paginated(Self.epub)
            #expect(Array(cold.lines.dropLast()) == (try paginator.page(3).lines))
            let coldStatus = try #require(cold.lines.last)
            #expect(coldStatus.contains(" · page 3 of ~"), "\(coldStatus)")

            let info = try ReaderExecutable.run(["info", Self.epub, "--width", "80", "--height", "25"], cacheDirectory: cache)
            #expect(info.status == 0)
            let warm = try ReaderExecutable.run(arguments, cacheDirectory: cache)
            let status = try #require(warm.lines.last)
            let match = try #require(status.firstMatch(of: Self.statusPattern), "\(status)")
            #expect(Int(match.output.2) == (try paginator.pageCount()))
        }
    }

    @Test("cover writes the picture with its own extension")
    func coverCommand() throws {
        try withCacheDirectory { cache in
            let target = cache.appendingPathComponent("cover").path
            let result = try ReaderExecutable.run(["cover", Self.epub, "-o", target], cacheDirectory: cache)
            #expect(result.status == 0, "\(result)")
            let written = try Data(contentsOf: URL(fileURLWithPath: target + ".png"))
            #expect(written.prefix(4) == Data([0x89, 0x50, 0x4E, 0x47]))
            let none = try ReaderExecutable.run(["cover", "TestBooks/epub/winter-road-fixed.epub", "-o", target],
                                                cacheDirectory: cache)
            #expect(none.status == 1)
            #expect(none.stderr.contains("no cover picture"))
        }
    }
}
