import Foundation
import ReaderCore
import ReaderEngine
import ReaderSearch
import ReaderTestSupport
import ReaderTransforms
import Testing

extension CLITests {
    static let moonGarden = "TestBooks/txt/moon-garden.zh.txt"
    static let moonGardenEPUB = "TestBooks/epub/moon-garden.epub"

    /// The book through `names`, in process, to compare the CLI's output with.
    func transformedBook(_ book: String, _ names: [String]) throws -> TransformedDocument {
        TransformedDocument(try ReaderEngine.standard.open(path: TestLocation.packageRoot.path + "/" + book),
                            chain: try TextTransformChain(names: names))
    }

    func jsonObject(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test("open --transform s2t shows the converted page; its Locators are the untransformed page's",
          arguments: [moonGarden, moonGardenEPUB])
    func openTransformed(book: String) throws {
        try withCacheDirectory { cache in
            let viewport = ["--width", "40", "--height", "13", "--page", "4", "--json"]
            // The untransformed page first, so a page index cached for it is there to be (wrongly) reused.
            let plain = try ReaderExecutable.run(["open", book] + viewport, cacheDirectory: cache)
            let converted = try ReaderExecutable.run(["open", book, "--transform", "s2t"] + viewport, cacheDirectory: cache)
            #expect(plain.status == 0, "\(plain)")
            #expect(converted.status == 0, "\(converted)")
            let plainReport = try jsonObject(plain.stdout), report = try jsonObject(converted.stdout)
            let document = try transformedBook(book, ["s2t"])
            let paginator = Paginator(document: document, viewport: try Viewport(columns: 40, rows: 12))
            #expect(report["lines"] as? [String] == (try paginator.page(4).lines))
            #expect(report["lines"] as? [String] != plainReport["lines"] as? [String])
            #expect(report["title"] as? String == document.metadata.title)
            for key in ["start", "end"] {
                let locator = try #require(report[key] as? [String: Any])
                let plainLocator = try #require(plainReport[key] as? [String: Any])
                #expect(NSDictionary(dictionary: locator).isEqual(to: plainLocator), "\(key)")
            }
            // The converted page's start Locator opens the same page, with or without the transform.
            let start = try #require(report["start"] as? [String: Any])
            let locatorJSON = String(decoding: try JSONSerialization.data(withJSONObject: start), as: UTF8.self)
            let again = try ReaderExecutable.run(["open", book, "--transform", "s2t", "--locator", locatorJSON, "--json",
                                                  "--width", "40", "--height", "13"], cacheDirectory: cache)
            #expect(try jsonObject(again.stdout)["lines"] as? [String] == report["lines"] as? [String])
        }
    }

    @Test("text --transform applies OpenCC and a rules file in the order given")
    func textTransformed() throws {
        try withCacheDirectory { cache in
            let rules = cache.appendingPathComponent("rules.tsv")
            try "# chapter numbers\nregex\t第(.)章\tChapter $1:\nliteral\t媽媽\tMama\n".write(to: rules, atomically: true, encoding: .utf8)
            let names = ["s2t", "rules:" + rules.path]
            let result = try ReaderExecutable.run(["text", Self.moonGarden, "--width", "60", "--transform", names.joined(separator: ",")],
                                                  cacheDirectory: cache)
            #expect(result.status == 0, "\(result)")
            let paginator = Paginator(document: try transformedBook(Self.moonGarden, names),
                                      viewport: try Viewport(columns: 60, rows: 10_000))
            var expected: [String] = []
            for number in 1...(try paginator.pageCount()) { expected += try paginator.page(number).lines }
            #expect(result.lines == expected)
            #expect(result.stdout.contains("Chapter 一:"))
            #expect(result.stdout.contains("Mama"))
            #expect(!result.stdout.contains("妈妈"))
            // Repeated options apply in order too.
            let repeated = try ReaderExecutable.run(["text", Self.moonGarden, "--width", "60", "--transform", names[0],
                                                     "--transform", names[1]], cacheDirectory: cache)
            #expect(repeated.stdout == result.stdout)
        }
    }

    @Test("search --transform finds converted words and prints the untransformed book's Locators")
    func searchTransformed() throws {
        try withCacheDirectory { cache in
            let viewport = ["--width", "60", "--height", "21", "--json"]
            let converted = try ReaderExecutable.run(["search", Self.moonGarden, "媽媽", "--transform", "s2t"] + viewport,
                                                     cacheDirectory: cache)
            let plain = try ReaderExecutable.run(["search", Self.moonGarden, "妈妈"] + viewport, cacheDirectory: cache)
            #expect(converted.status == 0, "\(converted)")
            #expect(converted.lines.count == plain.lines.count && converted.lines.count > 3)
            for (line, plainLine) in zip(converted.lines, plain.lines) {
                let hit = try jsonObject(line), plainHit = try jsonObject(plainLine)
                let locator = try #require(hit["locator"] as? [String: Any])
                let plainLocator = try #require(plainHit["locator"] as? [String: Any])
                #expect(NSDictionary(dictionary: try #require(locator["locations"] as? [String: Any]))
                    .isEqual(to: try #require(plainLocator["locations"] as? [String: Any])))
                #expect((locator["text"] as? [String: Any])?["highlight"] as? String == "媽媽")
                #expect(hit["page"] as? Int == plainHit["page"] as? Int)
            }
            // The simplified word is not in the converted text.
            let missing = try ReaderExecutable.run(["search", Self.moonGarden, "妈妈", "--transform", "s2t"], cacheDirectory: cache)
            #expect(missing.status == 1 && missing.stdout.isEmpty)
        }
    }

    @Test("a transform that changes lengths gets page indexes of its own; `rules` alone is the global rules file")
    func cachedPagesAndGlobalRules() throws {
        try withCacheDirectory { cache in
            let rules = cache.appendingPathComponent("global.tsv")
            try "literal\t，\t，，，，，，\n".write(to: rules, atomically: true, encoding: .utf8)
            let viewport = ["--width", "40", "--height", "13", "--page", "9", "--json"]
            let environment = ["READER_RULES": rules.path]
            let plain = try ReaderExecutable.run(["open", Self.moonGarden] + viewport, cacheDirectory: cache)
            #expect(plain.status == 0, "\(plain)")
            // Twice: the first run lays the pages out and caches their starts, the second reads them back.
            for _ in 0..<2 {
                let result = try ReaderExecutable.run(["open", Self.moonGarden, "--transform", "rules"] + viewport,
                                                      cacheDirectory: cache, environment: environment)
                #expect(result.status == 0, "\(result)")
                let document = try transformedBook(Self.moonGarden, ["rules:" + rules.path])
                let paginator = Paginator(document: document, viewport: try Viewport(columns: 40, rows: 12))
                let report = try jsonObject(result.stdout)
                #expect(report["lines"] as? [String] == (try paginator.page(9).lines))
                #expect(report["pageCount"] as? Int == (try paginator.pageCount()))
                #expect(report["pageCount"] as? Int != (try jsonObject(plain.stdout))["pageCount"] as? Int)
            }
        }
    }

    @Test("an unknown transform or a bad rules file is one line on standard error and exit status 2")
    func badTransforms() throws {
        try withCacheDirectory { cache in
            let unknown = try ReaderExecutable.run(["open", Self.moonGarden, "--transform", "s2x"], cacheDirectory: cache)
            #expect(unknown.status == 2)
            #expect(unknown.stdout.isEmpty)
            #expect(unknown.errorLines.count == 1)
            #expect(unknown.stderr.hasPrefix("reader: unknown transform \"s2x\": give an OpenCC configuration ("))
            let rules = cache.appendingPathComponent("bad.tsv")
            try "literal\tok\tfine\nregex\t(\tx\n".write(to: rules, atomically: true, encoding: .utf8)
            for command in [["text"], ["search", "x"]] {
                let arguments = [command[0], Self.moonGarden] + command.dropFirst() + ["--transform", "s2t,rules:" + rules.path]
                let bad = try ReaderExecutable.run(arguments, cacheDirectory: cache)
                #expect(bad.status == 2, "\(bad)")
                #expect(bad.errorLines == ["reader: \(rules.path): line 2: not a valid regular expression: ("])
            }
            let missing = try ReaderExecutable.run(["open", Self.moonGarden, "--transform", "rules:/nonexistent.tsv"],
                                                   cacheDirectory: cache)
            #expect(missing.status == 2)
            #expect(missing.errorLines == ["reader: /nonexistent.tsv: no such rules file"])
        }
    }
}
