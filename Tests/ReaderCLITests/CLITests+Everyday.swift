import Foundation
import ReaderCore
import ReaderEngine
import ReaderTestSupport
import Testing

/// What a new user meets first: messages for mistakes, --version, JSON for every listing, standard
/// input, page geometry, chapters and percentages, locked books, empty tables of contents.
extension CLITests {
    static let markdown = "TestBooks/md/field-notes.md"
    static let mobi = "TestBooks/mobi/moon-garden.azw3"

    @Test("a negative number is refused by its option's own message, not as a missing value",
          arguments: [["open", "TestBooks/txt/lighthouse-keeper.txt", "--page", "-1"],
                      ["locate", "TestBooks/txt/lighthouse-keeper.txt", "--position", "-3"],
                      ["search", "TestBooks/txt/lighthouse-keeper.txt", "keeper", "--limit", "-1"]])
    func negativeNumbers(arguments: [String]) throws {
        try withCacheDirectory { cache in
            let result = try ReaderExecutable.run(arguments, cacheDirectory: cache)
            #expect(result.status == 2, "\(result)")
            #expect(!result.stderr.contains("Missing value"), "\(result.stderr)")
            #expect(result.stderr.contains("must be 1 or more, not -"), "\(result.stderr)")
        }
    }

    @Test("a width out of range gets one message naming the range, from open and text alike")
    func widthOutOfRange() throws {
        try withCacheDirectory { cache in
            let messages = try [["open", Self.lighthouse, "--width", "5"], ["text", Self.lighthouse, "--width", "5"],
                                ["toc", Self.lighthouse, "--width", "5"]].map { arguments in
                let result = try ReaderExecutable.run(arguments, cacheDirectory: cache)
                #expect(result.status == 2, "\(result)")
                return result.stderr
            }
            #expect(Set(messages).count == 1, "\(messages)")
            #expect(messages[0].contains("--width must be within 8...10000, not 5"), "\(messages[0])")
            let tall = try ReaderExecutable.run(["open", Self.lighthouse, "--height", "2"], cacheDirectory: cache)
            #expect(tall.status == 2)
            #expect(tall.stderr.contains("--height must be within 3...10001, not 2"), "\(tall.stderr)")
        }
    }

    @Test("a bad regular expression is refused with its reason")
    func badRegularExpression() throws {
        try withCacheDirectory { cache in
            let result = try ReaderExecutable.run(["search", Self.lighthouse, "(keeper", "--regex"], cacheDirectory: cache)
            #expect(result.status == 2, "\(result)")
            let line = try #require(result.errorLines.first)
            #expect(result.errorLines.count == 1)
            #expect(line.contains("invalid regular expression \"(keeper\": "), "\(line)")
            #expect(!line.hasSuffix("not valid ICU regular expression syntax"), "no reason given: \(line)")
        }
    }

    @Test("writing a cover into a missing folder names the folder")
    func coverIntoMissingFolder() throws {
        try withCacheDirectory { cache in
            let target = cache.appendingPathComponent("missing/dir/cover").path
            let result = try ReaderExecutable.run(["cover", Self.epub, "-o", target], cacheDirectory: cache)
            #expect(result.status == 2, "\(result)")
            #expect(result.stderr.contains("cannot write the cover: the folder \(cache.path)/missing/dir does not exist"),
                    "\(result.stderr)")
        }
    }

    @Test("a mistyped subcommand gets a suggestion and exit status 2; --version prints the version")
    func mistypedSubcommandAndVersion() throws {
        try withCacheDirectory { cache in
            let typo = try ReaderExecutable.run(["opne", Self.lighthouse], cacheDirectory: cache)
            #expect(typo.status == 2)
            #expect(typo.stderr == "reader: unknown command 'opne'; did you mean 'open'? (see reader help)\n")
            let far = try ReaderExecutable.run(["zzzzzz"], cacheDirectory: cache)
            #expect(far.status == 2)
            #expect(!far.stderr.contains("did you mean"))
            let version = try ReaderExecutable.run(["--version"], cacheDirectory: cache)
            #expect(version.status == 0)
            #expect(version.stdout.wholeMatch(of: #/\d+\.\d+\.\d+\n/#) != nil, "\(version)")
        }
    }

    @Test("--pdf-page on a book that is no PDF is a bad argument: exit status 2")
    func pdfPageOnEPUB() throws {
        try withCacheDirectory { cache in
            let result = try ReaderExecutable.run(["open", Self.epub, "--pdf-page", "2"], cacheDirectory: cache)
            #expect(result.status == 2, "\(result)")
            #expect(result.stderr.contains("--pdf-page works on PDF pages"))
        }
    }

    @Test("no help text states its default twice",
          arguments: ["open", "info", "toc", "text", "search", "locate", "render", "positions", "fingerprint", "formats", "cache"])
    func helpDefaultsOnce(command: String) throws {
        try withCacheDirectory { cache in
            let result = try ReaderExecutable.run([command, "--help"], cacheDirectory: cache)
            #expect(result.status == 0)
            // Help wraps long lines; join an option's lines before counting.
            let options = result.stdout.replacingOccurrences(of: "\n        ", with: " ").components(separatedBy: "\n  -")
            for option in options {
                #expect(option.ranges(of: "default").count <= 1, "\(option)")
            }
        }
    }

    @Test("formats --json and fingerprint --json")
    func jsonListings() throws {
        try withCacheDirectory { cache in
            let formats = try ReaderExecutable.run(["formats", "--json"], cacheDirectory: cache)
            #expect(formats.status == 0)
            let rows = try #require(try JSONSerialization.jsonObject(with: Data(formats.stdout.utf8)) as? [[String: Any]])
            let names = rows.compactMap { $0["format"] as? String }
            #expect(Set(["txt", "markdown", "epub", "pdf", "mobi"]).isSubset(of: Set(names)), "\(names)")
            let epubRow = try #require(rows.first { $0["format"] as? String == "epub" })
            #expect((epubRow["capabilities"] as? [String])?.contains("cover") == true, "\(epubRow)")

            let fingerprints = try ReaderExecutable.run(["fingerprint", "--json", "--koreader", Self.epub, Self.lighthouse],
                                                        cacheDirectory: cache)
            #expect(fingerprints.status == 0, "\(fingerprints)")
            #expect(fingerprints.lines.count == 2)
            let first = try #require(try JSONSerialization.jsonObject(with: Data(fingerprints.lines[0].utf8)) as? [String: Any])
            let expected = try ReaderEngine.standard.fingerprint(path: TestLocation.packageRoot.path + "/" + Self.epub)
            #expect(first["fingerprint"] as? String == expected.description)
            #expect(first["file"] as? String == Self.epub)
            #expect(first["bytes"] as? Int == Int(expected.byteCount))
            #expect((first["koreader"] as? String)?.count == 32)
        }
    }

    @Test("- reads the document from standard input", arguments: [CLITests.lighthouse, CLITests.epub])
    func standardInput(book: String) throws {
        try withCacheDirectory { cache in
            let direct = try ReaderExecutable.run(["text", book, "--width", "60"], cacheDirectory: cache)
            let piped = try ReaderExecutable.run(["text", "-", "--width", "60"], cacheDirectory: cache,
                                                 input: TestLocation.packageRoot.path + "/" + book)
            #expect(piped.status == 0, "\(piped)")
            #expect(piped.stdout == direct.stdout)
            #expect(!piped.stdout.isEmpty)
            let fingerprint = try ReaderExecutable.run(["fingerprint", "-"], cacheDirectory: cache,
                                                       input: TestLocation.packageRoot.path + "/" + book)
            let expected = try ReaderEngine.standard.fingerprint(path: TestLocation.packageRoot.path + "/" + book)
            #expect(fingerprint.stdout.hasPrefix(expected.description), "\(fingerprint)")
        }
    }

    @Test("--height is the height of the whole output: the page takes all but the status line")
    func heightIsTheWholeOutput() throws {
        try withCacheDirectory { cache in
            let result = try ReaderExecutable.run(["open", Self.lighthouse, "--page", "2", "--width", "60", "--height", "12"],
                                                  cacheDirectory: cache)
            #expect(result.status == 0, "\(result)")
            let (_, paginator) = try paginated(Self.lighthouse, columns: 60, rows: 11)
            #expect(Array(result.lines.dropLast()) == (try paginator.page(2).lines))
            let full = try #require((1...10).first { (try? paginator.page($0).lines.count) == 11 }, "some page is full")
            let whole = try ReaderExecutable.run(["open", Self.lighthouse, "--page", String(full), "--width", "60", "--height", "12"],
                                                 cacheDirectory: cache)
            #expect(whole.lines.count == 12)
        }
    }

    @Test("open --chapter by number and by title, and --percent, show the page where they start")
    func chapterAndPercent() throws {
        let (document, paginator) = try paginated(Self.lighthouse)
        let toc = try document.tableOfContents()
        try #require(toc.count >= 3)
        try withCacheDirectory { cache in
            for (argument, entry) in [("3", toc[2]), (toc[1].title.uppercased(), toc[1])] {
                let result = try ReaderExecutable.run(["open", Self.lighthouse, "--chapter", argument], cacheDirectory: cache)
                #expect(result.status == 0, "\(result)")
                let expected = try paginator.pageNumber(containing: document.textPosition(for: entry.locator))
                #expect(result.lines.last?.contains("· page \(expected) of ") == true, "\(result.lines.last ?? "")")
            }
            let missing = try ReaderExecutable.run(["open", Self.lighthouse, "--chapter", "99"], cacheDirectory: cache)
            #expect(missing.status == 2)
            #expect(missing.stderr.contains("top-level entries"), "\(missing.stderr)")

            let half = try ReaderExecutable.run(["open", Self.lighthouse, "--percent", "50"], cacheDirectory: cache)
            #expect(half.status == 0, "\(half)")
            let position = try document.textPosition(for: Locator(href: "", type: "", locations: .init(totalProgression: 0.5)))
            let expected = try paginator.pageNumber(containing: position)
            #expect(half.lines.last?.contains("· page \(expected) of ") == true)
            let over = try ReaderExecutable.run(["open", Self.lighthouse, "--percent", "150"], cacheDirectory: cache)
            #expect(over.status == 2)
        }
    }

    @Test("info on a locked PDF or a DRM book shows what can be known",
          arguments: ["TestBooks/pdf/locked.pdf", "TestBooks/mobi/malformed/drm-flag.mobi", "TestBooks/epub/malformed/drm-encrypted.epub"])
    func infoOnLockedBooks(book: String) throws {
        try withCacheDirectory { cache in
            let result = try ReaderExecutable.run(["info", book, "--json"], cacheDirectory: cache)
            #expect(result.status == 0, "\(result)")
            let report = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
            let expected = try ReaderEngine.standard.fingerprint(path: TestLocation.packageRoot.path + "/" + book)
            #expect(report["fingerprint"] as? String == expected.description)
            #expect(report["format"] as? String == expected.format.rawValue)
            #expect((report["encrypted"] as? String)?.isEmpty == false)
            if !book.hasSuffix(".pdf") {
                // DRM leaves the package (EPUB) and the EXTH header (MOBI) in the clear.
                #expect((report["title"] as? String)?.hasPrefix("The Lighthouse Keeper") == true, "\(report)")
                #expect(report["authors"] as? [String] == ["Anna Tern"])
                #expect(report["language"] as? String == "en")
            } else {
                #expect(report["title"] == nil)
            }
            let wrong = try ReaderExecutable.run(["info", "TestBooks/pdf/locked.pdf", "--password", "nope"], cacheDirectory: cache)
            #expect(wrong.status == 1)
        }
    }

    @Test("toc with no entries says why on standard error; positions prints a header")
    func emptyTOCAndPositionsHeader() throws {
        try withCacheDirectory { cache in
            let plain = cache.appendingPathComponent("plain.txt")
            try Data("Just a few lines\nof text without chapters.\n".utf8).write(to: plain)
            let toc = try ReaderExecutable.run(["toc", plain.path], cacheDirectory: cache)
            #expect(toc.status == 0)
            #expect(toc.stdout.isEmpty)
            #expect(toc.stderr.contains("no table of contents: no line of the text looks like a chapter heading"), "\(toc.stderr)")
            let positions = try ReaderExecutable.run(["positions", Self.epub], cacheDirectory: cache)
            #expect(positions.lines.first == "position\ttotal\thref\tin resource")
            #expect(positions.lines.dropFirst().first?.hasPrefix("1\t0.00%\t") == true)
        }
    }

    @Test("options that do not apply warn")
    func inapplicableOptionsWarn() throws {
        try withCacheDirectory { cache in
            let encoding = try ReaderExecutable.run(["open", Self.epub, "--encoding", "windows-1252"], cacheDirectory: cache)
            #expect(encoding.status == 0)
            #expect(encoding.stderr.contains("warning: --encoding applies to text files; ignored for epub"))
            let device = try ReaderExecutable.run(["locate", Self.epub, "--page", "2", "--device", "kobo"], cacheDirectory: cache)
            #expect(device.status == 0)
            #expect(device.stderr.contains("warning: --device and --device-id go with --kosync"))
            let quiet = try ReaderExecutable.run(["open", Self.lighthouse, "--encoding", "utf-8"], cacheDirectory: cache)
            #expect(quiet.stderr.isEmpty)
        }
    }

    @Test("reader cache shows and clears the caches")
    func cacheClear() throws {
        try withCacheDirectory { cache in
            _ = try ReaderExecutable.run(["info", Self.epub], cacheDirectory: cache)
            _ = try ReaderExecutable.run(["index", Self.epub], cacheDirectory: cache)
            let pages = cache.appendingPathComponent("page-index").path
            #expect(!(try FileManager.default.contentsOfDirectory(atPath: pages)).isEmpty)
            // The EPUB is too small for its fingerprint to be remembered: an entry stands for a large file's.
            let fingerprints = cache.appendingPathComponent("fingerprints")
            try FileManager.default.createDirectory(at: fingerprints, withIntermediateDirectories: true)
            try Data("1,2.3,4.5 \(String(repeating: "0", count: 64))\n".utf8).write(to: fingerprints.appendingPathComponent("7-8"))
            let shown = try ReaderExecutable.run(["cache"], cacheDirectory: cache)
            #expect(shown.lines.first?.hasPrefix("page indexes:   \(pages): 1 files, ") == true, "\(shown)")
            #expect(shown.lines.last?.hasPrefix("fingerprints:   \(fingerprints.path): 1 files, 75 bytes") == true, "\(shown)")
            let cleared = try ReaderExecutable.run(["cache", "clear"], cacheDirectory: cache)
            #expect(cleared.status == 0)
            #expect(cleared.stdout.hasPrefix("removed 1 page indexes"), "\(cleared)")
            #expect(cleared.stdout.hasSuffix("and 1 fingerprints (75 bytes)\n"), "\(cleared)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: pages).isEmpty)
            #expect(try FileManager.default.contentsOfDirectory(atPath: fingerprints.path).isEmpty)
            let search = cache.appendingPathComponent("search").path
            #expect(try FileManager.default.contentsOfDirectory(atPath: search).isEmpty)
        }
    }

    @Test("an out-of-range Locator is refused with exit status 2 in every format",
          arguments: [CLITests.lighthouse, CLITests.epub, "TestBooks/pdf/harbour-lights.pdf", CLITests.markdown, CLITests.mobi])
    func outOfRangeLocators(book: String) throws {
        let document = try ReaderEngine.standard.open(path: TestLocation.packageRoot.path + "/" + book)
        let href = document.readingOrder[0].href
        try withCacheDirectory { cache in
            for locations in [#"{"progression": 7}"#, #"{"totalProgression": -0.5}"#, #"{"position": 99999}"#,
                              #"{"position": 0}"#, #"{"offset": -4}"#] {
                let locator = #"{"href": "\#(href)", "type": "", "locations": \#(locations)}"#
                let result = try ReaderExecutable.run(["open", book, "--locator", locator], cacheDirectory: cache)
                #expect(result.status == 2, "\(book) \(locations): \(result)")
                #expect(result.stdout.isEmpty)
                #expect(result.stderr.contains("is outside") || result.stderr.contains("is below")
                        || result.stderr.contains("past the end"), "\(result.stderr)")
            }
        }
    }

    @Test("locate --progression marks a whole word and places the Locator at its start",
          arguments: [CLITests.lighthouse, CLITests.epub])
    func locateSnapsToWords(book: String) throws {
        try withCacheDirectory { cache in
            for fraction in ["0.1234", "0.377", "0.5", "0.6181", "0.9"] {
                let result = try ReaderExecutable.run(["locate", book, "--progression", fraction, "--width", "70"],
                                                      cacheDirectory: cache)
                #expect(result.status == 0, "\(result)")
                let marked = try #require(result.lines.first { $0.contains("⟦") })
                let before = marked.components(separatedBy: "⟦")[0]
                #expect(before.isEmpty || before.last!.isWhitespace || before.last!.isPunctuation, "\(marked)")
                let inside = marked.components(separatedBy: "⟦")[1].components(separatedBy: "⟧")[0]
                let after = marked.components(separatedBy: "⟧").dropFirst().first ?? ""
                #expect(!inside.isEmpty)
                #expect(after.isEmpty || after.first!.isWhitespace, "\(marked)")
                let printed = try Self.printedLocator(result)
                let highlight = try #require(printed.text?.highlight)
                // A word longer than the context (a URL) is cut in the highlight, and on the line.
                #expect(highlight.hasPrefix(inside) || inside.hasPrefix(highlight), "\(highlight) vs \(inside)")
            }
        }
    }

    @Test("locate --kosync-progress reads back what --kosync printed, to the same place",
          arguments: [CLITests.epub, CLITests.lighthouse, "TestBooks/pdf/harbour-lights.pdf", CLITests.mobi])
    func kosyncRoundTrip(book: String) throws {
        let (document, _) = try paginated(book)
        let positions = try RandomPositions.draw(in: document, count: 3, seed: "kosync-back-" + book)
        try withCacheDirectory { cache in
            for position in positions {
                let given = try document.locator(at: position).jsonString()
                let progress = try ReaderExecutable.run(["locate", book, "--locator", given, "--kosync"], cacheDirectory: cache)
                #expect(progress.status == 0, "\(progress)")
                let back = try ReaderExecutable.run(["locate", book, "--kosync-progress", progress.stdout], cacheDirectory: cache)
                #expect(back.status == 0, "\(back)")
                let found = try document.resolve(try Self.printedLocator(back))
                if document.format == .pdf {
                    #expect(found == (try document.textPosition(for: Locator(href: "", type: "", locations: .init(page: document.locator(at: position).locations.page)))))
                } else {
                    #expect(found == position, "\(progress.stdout)")
                }
            }
            let other = try ReaderExecutable.run(
                ["locate", book, "--kosync-progress", #"{"document": "0123456789abcdef0123456789abcdef", "progress": "1", "percentage": 0.5, "device": "x"}"#],
                cacheDirectory: cache)
            #expect(other.status == 1)
            #expect(other.stderr.contains("another document"))
        }
    }

    /// A three-page PDF whose pages are labelled i, ii and A-1 (`/PageLabels`), each with a line of text.
    static func labelledPDF() -> Data {
        var body = "%PDF-1.4\n"
        var offsets: [Int] = []
        func object(_ text: String) {
            offsets.append(body.utf8.count)
            body += "\(offsets.count) 0 obj\n\(text)\nendobj\n"
        }
        object("<</Type/Catalog/Pages 2 0 R/PageLabels<</Nums[0<</S/r>>2<</S/D/P(A-)>>]>>>>")
        object("<</Type/Pages/Kids[3 0 R 4 0 R 5 0 R]/Count 3>>")
        for contents in 6...8 {
            object("<</Type/Page/Parent 2 0 R/MediaBox[0 0 400 300]/Contents \(contents) 0 R/Resources<</Font<</F1 9 0 R>>>>>>")
        }
        for line in ["Preface to the keeper's log", "Acknowledgements of the crew", "Appendix tide tables"] {
            let stream = "BT /F1 14 Tf 30 250 Td (\(line)) Tj ET"
            object("<</Length \(stream.utf8.count)>>\nstream\n\(stream)\nendstream")
        }
        object("<</Type/Font/Subtype/Type1/BaseFont/Helvetica>>")
        let xref = body.utf8.count
        body += "xref\n0 \(offsets.count + 1)\n0000000000 65535 f \n"
        for offset in offsets { body += String(format: "%010d 00000 n \n", offset) }
        body += "trailer\n<</Size \(offsets.count + 1)/Root 1 0 R>>\nstartxref\n\(xref)\n%%EOF\n"
        return Data(body.utf8)
    }

    @Test("PDF page labels show in Locators and the status line, and --pdf-page takes a label")
    func pdfPageLabels() throws {
        try withCacheDirectory { cache in
            let path = cache.appendingPathComponent("labelled.pdf").path
            try Self.labelledPDF().write(to: URL(fileURLWithPath: path))
            let document = try ReaderEngine.standard.open(path: path)
            let pdf = try #require(document as? any FixedPageProviding)
            #expect((1...3).map { pdf.pageLabel(ofPage: $0) } == ["i", "ii", "A-1"])
            let locator = try document.locator(at: pdf.textPosition(ofPage: 3))
            #expect(locator.locations.pageLabel == "A-1")
            #expect(try Locator(jsonString: locator.jsonString()).locations.pageLabel == "A-1")

            let first = try ReaderExecutable.run(["open", path, "--width", "40", "--height", "6"], cacheDirectory: cache)
            #expect(first.status == 0, "\(first)")
            #expect(first.lines.last?.contains(" · p. i · ") == true, "\(first.lines.last ?? "")")
            let appendix = try ReaderExecutable.run(["open", path, "--pdf-page", "a-1", "--width", "40"], cacheDirectory: cache)
            #expect(appendix.status == 0, "\(appendix)")
            #expect(appendix.lines.first == "Appendix tide tables")
            #expect(appendix.lines.last?.contains("PDF page 3 (A-1) of 3") == true, "\(appendix.lines.last ?? "")")
            let missing = try ReaderExecutable.run(["open", path, "--pdf-page", "xiv"], cacheDirectory: cache)
            #expect(missing.status == 2)
            #expect(missing.stderr.contains("no page has that number or label"))
        }
    }
}
