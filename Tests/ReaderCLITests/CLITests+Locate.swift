import Foundation
import ReaderCore
import ReaderEngine
import ReaderTestSupport
import Testing

extension CLITests {

    /// The canonical Locator `locate` prints on its last line.
    static func printedLocator(_ result: ReaderExecutable.Result) throws -> Locator {
        let line = try #require(result.lines.last(where: { $0.hasPrefix("locator: ") }), "\(result)")
        return try Locator(jsonString: String(line.dropFirst("locator: ".count)))
    }

    @Test("locate --locator shows the page holding it, marks the word there and prints the canonical Locator",
          arguments: ["TestBooks/epub/lighthouse-keeper.epub", "TestBooks/pdf/harbour-lights.pdf",
                      "TestBooks/mobi/moon-garden.azw3", "TestBooks/txt/moon-garden.gb18030.txt"])
    func locateLocator(book: String) throws {
        let (document, paginator) = try paginated(book, columns: 60, rows: 15)
        let positions = try RandomPositions.draw(in: document, count: 3, seed: "cli-locate-" + book)
        try withCacheDirectory { cache in
            for position in positions {
                let given = try document.locator(at: position)
                let result = try ReaderExecutable.run(["locate", book, "--locator", given.jsonString(), "--width", "60", "--height", "16"],
                                                      cacheDirectory: cache)
                #expect(result.status == 0, "\(result)")
                let number = try paginator.pageNumber(containing: position)
                #expect(result.lines.contains { $0.contains("· page \(number) of") })
                let shownLines = result.lines.prefix { !$0.contains("· page ") }
                #expect(shownLines.filter { $0.contains("⟦") }.count == 1)
                #expect(shownLines.map { $0.replacingOccurrences(of: "⟦", with: "").replacingOccurrences(of: "⟧", with: "") }
                        == (try paginator.page(number).lines))
                let printed = try Self.printedLocator(result)
                #expect(printed.locations.fingerprint == (try document.fingerprint().description))
                #expect(try document.resolve(printed) == position)
            }
        }
    }

    @Test("locate --position and --progression agree with the positions list")
    func locatePositionAndProgression() throws {
        let (document, _) = try paginated(Self.epub)
        let list = try document.positionList()
        try withCacheDirectory { cache in
            for entry in [list[0], list[list.count / 3], list[list.count - 1]] {
                let number = try #require(entry.locations.position)
                let byPosition = try ReaderExecutable.run(["locate", Self.epub, "--position", String(number)], cacheDirectory: cache)
                #expect(byPosition.status == 0, "\(byPosition)")
                #expect(try Self.printedLocator(byPosition).locations.position! >= number)
                #expect(try document.resolve(Self.printedLocator(byPosition)) == document.textPosition(for: entry))
            }
            let half = try ReaderExecutable.run(["locate", Self.epub, "--progression", "0.5", "--json"], cacheDirectory: cache)
            #expect(half.status == 0, "\(half)")
            let report = try #require(try JSONSerialization.jsonObject(with: Data(half.stdout.utf8)) as? [String: Any])
            let locator = try #require(report["locator"] as? [String: Any])
            let total = try #require((locator["locations"] as? [String: Any])?["totalProgression"] as? Double)
            #expect(abs(total - 0.5) < 0.01)
            #expect(report["mark"] != nil)
        }
    }

    @Test("locate --range marks the whole range; a Locator of another book is refused in one line")
    func locateRangeAndOtherBook() throws {
        let (document, _) = try paginated(Self.epub)
        let positions = try RandomPositions.draw(in: document, count: 1, seed: "cli-range")
        let start = positions[0]
        let end = TextPosition(section: start.section, block: start.block, offset: start.offset + 1)
        let range = try document.range(from: start, to: end)
        let json = String(decoding: try JSONEncoder().encode(range), as: UTF8.self)
        try withCacheDirectory { cache in
            let result = try ReaderExecutable.run(["locate", Self.epub, "--range", json, "--width", "70", "--height", "21"], cacheDirectory: cache)
            #expect(result.status == 0, "\(result)")
            let marked = try #require(result.lines.first { $0.contains("⟦") })
            let inside = marked.split(separator: "⟦")[1].split(separator: "⟧", omittingEmptySubsequences: false)[0]
            #expect(String(inside) == range.text)

            let moon = try ReaderEngine.standard.open(path: TestLocation.packageRoot.path + "/TestBooks/epub/moon-garden.epub")
            let stamped = try moon.fingerprintedLocator(at: .start)
            let refused = try ReaderExecutable.run(["locate", Self.epub, "--locator", stamped.jsonString()], cacheDirectory: cache)
            #expect(refused.status == 1)
            #expect(refused.stdout.isEmpty)
            #expect(refused.errorLines.count == 1)
            #expect(refused.stderr.contains("another document"))
        }
    }

    @Test("locate --cfi is refused for formats without CFIs; giving two targets is a usage error")
    func locateRefusals() throws {
        try withCacheDirectory { cache in
            let cfi = try ReaderExecutable.run(["locate", Self.lighthouse, "--cfi", "/6/4!/4/2/1:0"], cacheDirectory: cache)
            #expect(cfi.status == 1)
            #expect(cfi.errorLines.count == 1)
            let two = try ReaderExecutable.run(["locate", Self.lighthouse, "--page", "2", "--position", "3"], cacheDirectory: cache)
            #expect(two.status == 2)
        }
    }

    @Test("positions prints the list; --readium changes an EPUB's count; fingerprint --koreader prints partial MD5s")
    func positionsAndKOReader() throws {
        let (document, _) = try paginated(Self.epub)
        try withCacheDirectory { cache in
            let content = try ReaderExecutable.run(["positions", Self.epub], cacheDirectory: cache)
            let readium = try ReaderExecutable.run(["positions", Self.epub, "--readium", "--json"], cacheDirectory: cache)
            #expect(content.status == 0 && readium.status == 0)
            #expect(content.lines.count == (try document.positionList().count) + 1, "a header, then one line per position")
            let report = try #require(try JSONSerialization.jsonObject(with: Data(readium.stdout.utf8)) as? [String: Any])
            #expect(report["counting"] as? String == "readium")
            #expect(report["total"] as? Int == (try document.positionList(counting: .readium).count))

            let md5 = try ReaderExecutable.run(["fingerprint", "--koreader", Self.epub], cacheDirectory: cache)
            #expect(md5.lines == ["\(try KOReaderPartialMD5.compute(path: TestLocation.packageRoot.path + "/" + Self.epub))  \(Self.epub)"])
        }
    }

    @Test("locate --kosync prints KOSync progress: the page for a PDF, the partial MD5 as the document")
    func locateKOSync() throws {
        let book = "TestBooks/pdf/harbour-lights.pdf"
        let (document, _) = try paginated(book)
        let entry = try document.positionList()[3]
        try withCacheDirectory { cache in
            let result = try ReaderExecutable.run(["locate", book, "--position", "4", "--kosync", "--device-id", "abc"], cacheDirectory: cache)
            #expect(result.status == 0, "\(result)")
            let progress = try JSONDecoder().decode(KOSyncProgress.self, from: Data(result.stdout.utf8))
            #expect(progress.progress == "4")
            #expect(progress.document == (try KOReaderPartialMD5.compute(path: TestLocation.packageRoot.path + "/" + book)))
            #expect(progress.deviceID == "abc")
            let total = try #require(try document.locator(at: document.textPosition(for: entry)).locations.totalProgression)
            #expect(progress.percentage == (total * 10_000).rounded(.down) / 10_000)
        }
    }

    @Test("locate --reanchor finds an EPUB Locator in the book's AZW3 and TXT conversions, and refuses another book")
    func locateReanchored() throws {
        let (epub, _) = try paginated("TestBooks/epub/moon-garden.epub")
        let positions = try RandomPositions.draw(in: epub, count: 3, seed: "cli-reanchor")
        try withCacheDirectory { cache in
            for position in positions {
                let given = try epub.fingerprintedLocator(at: position)
                let words = try #require(given.text?.highlight).prefix(6)
                for conversion in ["TestBooks/mobi/moon-garden.azw3", "TestBooks/conversions/moon-garden.txt"] {
                    let plain = try ReaderExecutable.run(["locate", conversion, "--locator", given.jsonString()], cacheDirectory: cache)
                    #expect(plain.status == 1 && plain.stderr.contains("another document"))
                    let result = try ReaderExecutable.run(["locate", conversion, "--locator", given.jsonString(), "--reanchor"],
                                                          cacheDirectory: cache)
                    #expect(result.status == 0, "\(result)")
                    #expect(result.stderr.contains("re-anchored by text context"))
                    let found = try Self.printedLocator(result)
                    let highlight = try #require(found.text?.highlight)
                    // calibre's text conversion straightens quotes; compare without them.
                    let unquoted = { (text: Substring) in String(text.filter { !"\"'“”‘’".contains($0) }) }
                    #expect(unquoted(Substring(highlight)).hasPrefix(unquoted(words)), "\(highlight) vs \(words)")
                }
            }
            let other = try ReaderExecutable.run(["locate", "TestBooks/epub/lighthouse-keeper.epub", "--locator",
                                                  try epub.fingerprintedLocator(at: positions[0]).jsonString(), "--reanchor"],
                                                 cacheDirectory: cache)
            #expect(other.status == 1)
            #expect(other.stderr.contains("best confidence"))
        }
    }
}
