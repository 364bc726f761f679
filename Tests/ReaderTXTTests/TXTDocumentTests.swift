import Foundation
import ReaderCore
@testable import ReaderTXT
import ReaderTestSupport
import Testing

/// TXTDocument end to end on files generated in a temporary directory: lazy decoding, section cuts,
/// line endings, degenerate and damaged files, forced encodings, Locators and the chapter TOC.
@Suite struct TXTDocumentTests {
    // MARK: - Laziness on a large file

    @Test("a 40 MB file: page 3 decodes at most two sections; the last page's Locator round-trips")
    func largeFileIsDecodedLazily() throws {
        try withTemporaryDirectory(prefix: "reader-txt-tests") { directory in
            let (data, paragraphs) = Self.largeText(targetBytes: 40 << 20)
            #expect(paragraphs > 50_000)
            let path = directory.appendingPathComponent("large.txt").path
            try data.write(to: URL(fileURLWithPath: path))

            let document = try TXTBackend().open(path: path, format: .txt, options: .init())
            let txt = try #require(document as? TXTDocument)
            #expect(txt.encoding.encoding == .utf8)
            #expect(document.readingOrder.count >= 30)

            let paginator = Paginator(document: document, viewport: try Viewport(columns: 80, rows: 24))
            let third = try paginator.page(3)
            #expect(third.lines.count >= 20 && third.lines.count <= 24)
            #expect(third.lines.contains { $0.contains("Paragraph ") })
            #expect(txt.sectionsDecoded <= 2, "page 3 decoded \(txt.sectionsDecoded) sections")

            let count = try paginator.pageCount()
            #expect(count > 10_000)
            #expect(txt.sectionsDecoded >= document.readingOrder.count, "pageCount() must decode every section")

            let last = try paginator.page(count)
            #expect(last.end == nil)
            #expect(!last.lines.isEmpty)
            let locator = try document.locator(at: last.start)
            let decoded = try Locator(jsonString: locator.jsonString())
            #expect(try document.textPosition(for: decoded) == last.start)
            #expect(try paginator.pageNumber(containing: document.textPosition(for: decoded)) == count)
            #expect(last.start.section == document.readingOrder.count - 1)

            // The Locator's offset is the UTF-16 offset of the page's first text in the whole file.
            let offset = try #require(locator.locations.offset)
            let highlight = try #require(locator.text?.highlight)
            #expect(!highlight.isEmpty)
            let whole = String(decoding: data, as: UTF8.self)
            let utf16 = whole.utf16
            #expect(offset > data.count / 2 && offset < utf16.count)
            let start = utf16.index(utf16.startIndex, offsetBy: offset)
            #expect(utf16[start...].prefix(highlight.utf16.count).elementsEqual(highlight.utf16),
                    "offset \(offset) does not hold \(highlight.debugDescription)")
            #expect(locator.locations.position == offset / 1024 + 1)
            let progression = try #require(locator.locations.progression)
            #expect(progression > 0.99 && progression <= 1)
        }
    }

    // MARK: - Section cuts

    @Test("the first section is decoded ahead on opening, unless the options say no blocks will be read")
    func firstSectionBuiltAheadUnlessToldNot() throws {
        try withTemporaryDirectory(prefix: "reader-txt-tests") { directory in
            let path = directory.appendingPathComponent("ahead.txt").path
            try Self.largeText(targetBytes: 2 << 20).0.write(to: URL(fileURLWithPath: path))
            let ahead = try #require(try TXTBackend().open(path: path, format: .txt, options: .init()) as? TXTDocument)
            let notAhead = try #require(try TXTBackend().open(path: path, format: .txt,
                                                              options: .init(buildsFirstSectionAhead: false)) as? TXTDocument)
            // The one built ahead finishes on its own; meanwhile the other has no reason to decode.
            let deadline = Date().addingTimeInterval(10)
            while ahead.sectionsDecoded == 0, Date() < deadline { usleep(1000) }
            #expect(ahead.sectionsDecoded == 1)
            #expect(notAhead.sectionsDecoded == 0)
            // Reading is the same either way.
            #expect(try notAhead.content(ofSection: 0).blocks == ahead.content(ofSection: 0).blocks)
            #expect(notAhead.sectionsDecoded == 1)
        }
    }

    @Test("sections are cut after blank lines, and their blocks are exactly the source paragraphs")
    func sectionCutsKeepParagraphsWhole() throws {
        try withTemporaryDirectory(prefix: "reader-txt-tests") { directory in
            let paragraphs = Self.oneLineParagraphs(count: 24_000)
            let source = paragraphs.joined(separator: "\n\n") + "\n"
            let path = directory.appendingPathComponent("cuts.txt").path
            try Data(source.utf8).write(to: URL(fileURLWithPath: path))

            let document = try TXTBackend().open(path: path, format: .txt, options: .init())
            #expect(document.readingOrder.count >= 3)
            let units = Array(source.utf16)
            var texts: [String] = []
            for section in document.readingOrder.indices {
                let blocks = try document.content(ofSection: section).blocks
                let first = try #require(blocks.first)
                if section > 0 {
                    #expect(first.spacingBefore == 1, "section \(section) starts a paragraph without spacing")
                    let start = try #require(first.sourceMap.sourceRange?.lowerBound)
                    #expect(start >= 2 && units[start - 2] == 0x0A && units[start - 1] == 0x0A,
                            "section \(section) does not start after a blank line (offset \(start))")
                } else {
                    #expect(first.spacingBefore == 0)
                }
                texts.append(contentsOf: blocks.map(\.text))
            }
            #expect(texts.count == paragraphs.count)
            #expect(texts == paragraphs)
        }
    }

    // MARK: - Line endings

    @Test("a CSV's rows keep their lines; prose wrapped the same way is joined")
    func tabularLinesAreKept() throws {
        try withTemporaryDirectory(prefix: "reader-txt-tests") { directory in
            let rows = (1...40).map { "2024-03-\(String(format: "%02d", $0 % 28 + 1)),Gannet Rock,\($0 * 7 % 50) adults seen on the west ledge,fair" }
            let csvPath = directory.appendingPathComponent("counts.txt").path
            try Data((["date,site,count,weather"] + rows).joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: csvPath))
            let csv = try TXTBackend().open(path: csvPath, format: .txt, options: .init())
            let text = try csv.content(ofSection: 0).blocks.map(\.text).joined(separator: "\n")
            #expect(text.components(separatedBy: "\n") == ["date,site,count,weather"] + rows)

            #expect(TXTLineJoining.looksTabular(rows.joined(separator: "\n")))
            #expect(TXTLineJoining.looksTabular(rows.map { $0.replacingOccurrences(of: ",", with: "\t") }.joined(separator: "\n")))
            let prose = (1...40).map { "The keeper, who had seen the light go out \($0) times, said nothing at all to" }
            #expect(!TXTLineJoining.looksTabular(prose.joined(separator: "\n")), "one comma a line is prose")
        }
    }

    @Test("a poem keeps every line; wrapped prose around verse is still joined")
    func verseKeepsItsLines() throws {
        // Lermontov's Mtsyri: short lines of uneven length, one stanza number on its own line.
        // Read as wrapped at its longest lines, some lines were joined to the next and others not.
        let poemPath = TestLocation.corpus.appendingPathComponent("txt/utf-8-bom/ru_lermontov_mtsyri.txt").path
        let poem = try TXTBackend().open(path: poemPath, format: .txt, options: .init())
        let source = try String(contentsOfFile: poemPath, encoding: .utf8)
        let sourceLines = source.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }.map { $0.replacingOccurrences(of: "\u{FEFF}", with: "") }
        let laidLines = try poem.content(ofSection: 0).blocks
            .flatMap { $0.text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) } }
        #expect(laidLines.count > 700)
        #expect(Array(sourceLines.prefix(laidLines.count)) == laidLines)

        // Alice in Project Gutenberg's 70-column wrap, with verse quoted in it: still joined.
        let alicePath = TestLocation.corpus.appendingPathComponent("txt/utf-8/en_alice_pg11.txt").path
        let alice = try TXTBackend().open(path: alicePath, format: .txt, options: .init())
        let aliceText = try alice.content(ofSection: 0).blocks.map { $0.text.trimmingCharacters(in: .whitespaces) }
            .joined(separator: "\n")
        #expect(aliceText.contains("Alice was beginning to get very tired of sitting by her sister on the bank, and of having nothing to do"))
        #expect(aliceText.contains("“How doth the little crocodile\nImprove his shining tail,\nAnd pour the waters of the Nile"))

        let ragged = (0..<40).map { TXTLineJoining.SampleBreak(lineLength: [22, 31, 26, 35][$0 % 4], nextWordLength: 6) }
        #expect(TXTLineJoining(sampleLineLengths: ragged.map(\.lineLength), breaks: ragged).wrapWidth == nil)
        let wrapped = (0..<40).map { TXTLineJoining.SampleBreak(lineLength: [66, 70, 68, 63][$0 % 4], nextWordLength: 8) }
        #expect(TXTLineJoining(sampleLineLengths: wrapped.map(\.lineLength), breaks: wrapped).wrapWidth == 70)
    }

    @Test("CRLF and LF give the same blocks; CRLF offsets count two units per line break")
    func crlfMatchesLF() throws {
        try withTemporaryDirectory(prefix: "reader-txt-tests") { directory in
            let lf = Self.mixedText
            let crlf = lf.replacingOccurrences(of: "\n", with: "\r\n")
            let lfPath = directory.appendingPathComponent("lf.txt").path
            let crlfPath = directory.appendingPathComponent("crlf.txt").path
            try Data(lf.utf8).write(to: URL(fileURLWithPath: lfPath))
            try Data(crlf.utf8).write(to: URL(fileURLWithPath: crlfPath))

            let lfDocument = try TXTBackend().open(path: lfPath, format: .txt, options: .init())
            let crlfDocument = try TXTBackend().open(path: crlfPath, format: .txt, options: .init())
            #expect(lfDocument.readingOrder.count == 1 && crlfDocument.readingOrder.count == 1)
            let lfBlocks = try lfDocument.content(ofSection: 0).blocks
            let crlfBlocks = try crlfDocument.content(ofSection: 0).blocks
            #expect(lfBlocks.count >= 6)
            #expect(lfBlocks.map(\.text) == crlfBlocks.map(\.text))
            #expect(lfBlocks.map(\.kind) == crlfBlocks.map(\.kind))
            #expect(lfBlocks.contains { $0.text.contains("\n") }, "the verse keeps its forced breaks")
            #expect(lfBlocks.contains { $0.text.contains("walls of the tower") }, "hard-wrapped lines are joined")

            let lfUnits = Array(lf.utf16)
            func lineFeeds(before offset: Int) -> Int { lfUnits[..<offset].count { $0 == 0x0A } }
            for (index, (lfBlock, crlfBlock)) in zip(lfBlocks, crlfBlocks).enumerated() {
                #expect(lfBlock.sourceMap.runs.count == crlfBlock.sourceMap.runs.count)
                for (lfRun, crlfRun) in zip(lfBlock.sourceMap.runs, crlfBlock.sourceMap.runs) {
                    #expect(crlfRun.sourceStart == lfRun.sourceStart + lineFeeds(before: lfRun.sourceStart),
                            "block \(index): run at \(lfRun.sourceStart) (LF) is at \(crlfRun.sourceStart) (CRLF)")
                    #expect(crlfRun.length == lfRun.length)
                }
                let position = TextPosition(section: 0, block: index, offset: lfBlock.text.utf16.count / 2)
                let lfLocator = try lfDocument.locator(at: position)
                let crlfLocator = try crlfDocument.locator(at: position)
                let lfOffset = try #require(lfLocator.locations.offset)
                #expect(crlfLocator.locations.offset == lfOffset + lineFeeds(before: lfOffset))
                #expect(crlfLocator.text == lfLocator.text)
                #expect(try crlfDocument.textPosition(for: crlfLocator) == lfDocument.textPosition(for: lfLocator))
            }
        }
    }

    // MARK: - Degenerate files

    @Test("an empty file and a file of blank lines each have one page with no lines",
          arguments: [("empty", ""), ("blank lines", "\n\n   \n\t\n\r\n\n")])
    func nothingToShow(name: String, content: String) throws {
        try withTemporaryDirectory(prefix: "reader-txt-tests") { directory in
            let path = directory.appendingPathComponent("\(name).txt").path
            try Data(content.utf8).write(to: URL(fileURLWithPath: path))
            let document = try TXTBackend().open(path: path, format: .txt, options: .init())
            #expect(document.readingOrder.count == 1)
            #expect(try document.content(ofSection: 0).blocks.isEmpty)
            let paginator = Paginator(document: document, viewport: try Viewport(columns: 40, rows: 10))
            #expect(try paginator.pageCount() == 1)
            let page = try paginator.page(1)
            #expect(page.lines.isEmpty)
            #expect(page.end == nil)
            #expect(try document.tableOfContents().isEmpty)
            let locator = try document.locator(at: page.start)
            #expect(locator.locations.offset == 0)
            #expect(try document.textPosition(for: locator) == .start)
            #expect(throws: ReaderError.self) { try paginator.page(2) }
        }
    }

    @Test("a 3 MB line with no line break is cut between characters and paginates")
    func oneLongLine() throws {
        try withTemporaryDirectory(prefix: "reader-txt-tests") { directory in
            let unit = "Ветер-wind日本の灯台🌊 égal "
            var data = Data()
            data.reserveCapacity(3 << 20 + 64)
            let unitBytes = Data(unit.utf8)
            while data.count < 3 << 20 { data.append(unitBytes) }
            let line = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespaces)
            let path = directory.appendingPathComponent("long-line.txt").path
            try data.write(to: URL(fileURLWithPath: path))

            let document = try TXTBackend().open(path: path, format: .txt, options: .init())
            #expect(document.readingOrder.count >= 2, "a 3 MB file is cut into sections even without line breaks")
            var joined = ""
            var sourceEnd = 0
            for section in document.readingOrder.indices {
                let blocks = try document.content(ofSection: section).blocks
                #expect(blocks.count == 1)
                for block in blocks {
                    #expect(!block.text.contains("\u{FFFD}"), "section \(section) split a character")
                    let range = try #require(block.sourceMap.sourceRange)
                    #expect(range.lowerBound >= sourceEnd)
                    sourceEnd = range.upperBound
                    joined += block.text
                }
            }
            // A cut may fall on a space, which trimming then drops; every other character survives in order.
            #expect(joined.filter { $0 != " " } == line.filter { $0 != " " })

            let paginator = Paginator(document: document, viewport: try Viewport(columns: 60, rows: 20))
            let first = try paginator.page(1)
            #expect(first.lines.count == 20)
            #expect(first.lines.allSatisfy { CellWidth.of($0) <= 60 })
            let count = try paginator.pageCount()
            #expect(count > 1000)
            let last = try paginator.page(count)
            #expect(!last.lines.isEmpty && last.end == nil)
            let locator = try document.locator(at: last.start)
            #expect(try document.textPosition(for: locator) == last.start)
        }
    }

    // MARK: - Damaged bytes

    @Test("UTF-16LE with a BOM and an odd byte count: the dangling byte becomes U+FFFD")
    func truncatedUTF16() throws {
        try withTemporaryDirectory(prefix: "reader-txt-tests") { directory in
            var bytes: [UInt8] = [0xFF, 0xFE]
            for unit in "Hello wörld 🌊\n\nSecond paragraph".utf16 {
                bytes.append(UInt8(unit & 0xFF))
                bytes.append(UInt8(unit >> 8))
            }
            bytes.removeLast()  // half of the final "h"
            #expect(bytes.count % 2 == 1)
            let path = directory.appendingPathComponent("utf16.txt").path
            try Data(bytes).write(to: URL(fileURLWithPath: path))

            let document = try TXTBackend().open(path: path, format: .txt, options: .init())
            let txt = try #require(document as? TXTDocument)
            #expect(txt.encoding.encoding == .utf16LE)
            #expect(txt.encoding.bomLength == 2)
            let blocks = try document.content(ofSection: 0).blocks
            #expect(blocks.map(\.text) == ["Hello wörld 🌊", "Second paragrap\u{FFFD}"])
            // Offsets are UTF-16 units of the text, BOM excluded: "Hello wörld 🌊\n\n" is 16 units.
            #expect(blocks.first?.sourceMap.sourceRange == 0..<14)
            #expect(blocks.last?.sourceMap.sourceRange?.lowerBound == 16)
            let page = try Paginator(document: document, viewport: try Viewport(columns: 40, rows: 10)).page(1)
            #expect(page.lines == ["Hello wörld 🌊", "", "Second paragrap\u{FFFD}"])
        }
    }

    @Test("invalid UTF-8 bytes in otherwise UTF-8 text decode as U+FFFD")
    func invalidUTF8() throws {
        try withTemporaryDirectory(prefix: "reader-txt-tests") { directory in
            let before = String(repeating: "Смотритель маяка поднялся по лестнице и зажёг лампу. ", count: 30)
            let after = String(repeating: "Море шумело всю ночь, и стекло звенело на ветру. ", count: 30)
            var data = Data("Начало.\n\n".utf8)
            data.append(Data((before + "bad ").utf8))
            data.append(contentsOf: [0xFF, 0xFE])
            data.append(Data((" bytes " + after).utf8))
            data.append(Data("\n\nКонец.\n".utf8))
            let path = directory.appendingPathComponent("invalid.txt").path
            try data.write(to: URL(fileURLWithPath: path))

            let document = try TXTBackend().open(path: path, format: .txt, options: .init())
            let txt = try #require(document as? TXTDocument)
            #expect(txt.encoding.encoding == .utf8)
            let texts = try document.content(ofSection: 0).blocks.map(\.text)
            let expectedMiddle = (before + "bad \u{FFFD}\u{FFFD} bytes " + after).trimmingCharacters(in: .whitespaces)
            #expect(texts == ["Начало.", expectedMiddle, "Конец."])
            let count = try Paginator(document: document, viewport: try Viewport(columns: 50, rows: 12)).pageCount()
            #expect(count >= 3)
        }
    }

    // MARK: - Encodings

    @Test("a run of NUL bytes (a zeroed block) is read and warned about as damage; ordinary text has no such warning")
    func nulRunsWarn() throws {
        try withTemporaryDirectory(prefix: "reader-txt-tests") { directory in
            var data = Data("The keeper lit the lamp.\n\n".utf8)
            data.append(Data(repeating: 0, count: 4096))
            data.append(Data("\n\nThe ferry came at dawn.\u{0}\n".utf8))
            let path = directory.appendingPathComponent("zeroed.txt").path
            try data.write(to: URL(fileURLWithPath: path))
            let document = try TXTBackend().open(path: path, format: .txt, options: .init())
            let text = try document.content(ofSection: 0).blocks.map(\.text).joined(separator: "\n")
            #expect(text.contains("The ferry came at dawn."))
            let warning = try #require(document.warnings.first { $0.code == .damagedContent })
            #expect(warning.message.hasPrefix("4097 NUL characters (the longest run 4096)"), "\(warning.message)")
            #expect(warning.location.section == 0)

            let plain = try TXTBackend().open(path: TestLocation.testBooks.appendingPathComponent("txt/lighthouse-keeper.txt").path,
                                              format: .txt, options: .init())
            _ = try plain.content(ofSection: 0)
            #expect(!plain.warnings.contains { $0.code == .damagedContent })
        }
    }

    @Test("a forced windows-1251 decodes Cyrillic")
    func forcedWindows1251() throws {
        try withTemporaryDirectory(prefix: "reader-txt-tests") { directory in
            let text = "Зимняя дорога\n\nВетер гнал снег через поле, и ямщик молчал.\nЁлки стояли у края дороги.\n"
            let bytes = try text.unicodeScalars.map { scalar -> UInt8 in
                switch scalar.value {
                case 0x0410...0x044F: return UInt8(scalar.value - 0x0410 + 0xC0)
                case 0x0401: return 0xA8
                case 0x0451: return 0xB8
                case 0...0x7F: return UInt8(scalar.value)
                default: throw CancellationError()
                }
            }
            let path = directory.appendingPathComponent("cp1251.txt").path
            try Data(bytes).write(to: URL(fileURLWithPath: path))

            let document = try TXTBackend().open(path: path, format: .txt, options: OpenOptions(encoding: "windows-1251"))
            let txt = try #require(document as? TXTDocument)
            #expect(txt.encoding.encoding.name == "windows-1251")
            #expect(txt.encoding.method == .override)
            #expect(document.details.first { $0.name == "encoding" }?.value == "windows-1251")
            let texts = try document.content(ofSection: 0).blocks.map(\.text)
            #expect(texts.first == "Зимняя дорога")
            #expect(texts.joined(separator: "\n").contains("Ёлки стояли у края дороги."))
            #expect(texts.joined().contains("ямщик молчал"))
        }
    }

    @Test("an unknown encoding name is an invalid argument naming the file")
    func unknownEncoding() throws {
        try withTemporaryDirectory(prefix: "reader-txt-tests") { directory in
            let path = directory.appendingPathComponent("plain.txt").path
            try Data("Just some text.\n".utf8).write(to: URL(fileURLWithPath: path))
            let error = try #require(readerError {
                _ = try TXTBackend().open(path: path, format: .txt, options: OpenOptions(encoding: "klingon-42"))
            })
            #expect(error.kind == .invalidArgument)
            #expect(error.file == path)
            #expect(error.format == .txt)
            #expect(error.reason.contains("klingon-42"))
        }
    }

    // MARK: - Locators

    @Test("Locators: past the end is refused; progression and position resolve near their offsets")
    func locatorResolution() throws {
        try withTemporaryDirectory(prefix: "reader-txt-tests") { directory in
            // ASCII only, so UTF-16 offsets equal byte offsets and progression maps exactly.
            let paragraphs = Self.oneLineParagraphs(count: 20_000, asciiOnly: true)
            let source = paragraphs.joined(separator: "\n\n") + "\n"
            let path = directory.appendingPathComponent("locators.txt").path
            try Data(source.utf8).write(to: URL(fileURLWithPath: path))
            let total = source.utf16.count
            #expect(total == source.utf8.count)

            let document = try TXTBackend().open(path: path, format: .txt, options: .init())
            let sections = document.readingOrder.count
            #expect(sections >= 3)
            let href = "locators.txt"

            let past = try #require(readerError {
                _ = try document.textPosition(for: Locator(href: href, type: "text/plain", locations: .init(offset: total + 1)))
            })
            #expect(past.kind == .invalidLocator)
            #expect(past.file == path && past.format == .txt)
            let negative = try #require(readerError {
                _ = try document.textPosition(for: Locator(href: href, type: "text/plain", locations: .init(offset: -1)))
            })
            #expect(negative.kind == .invalidLocator)
            let empty = try #require(readerError {
                _ = try document.textPosition(for: Locator(href: href, type: "text/plain"))
            })
            #expect(empty.kind == .invalidLocator)
            let badProgression = try #require(readerError {
                _ = try document.textPosition(for: Locator(href: href, type: "text/plain", locations: .init(progression: 1.5)))
            })
            #expect(badProgression.kind == .invalidLocator)

            // The very end is a valid position.
            let end = try document.textPosition(for: Locator(href: href, type: "text/plain", locations: .init(offset: total)))
            #expect(end.section == sections - 1)

            let middle = try document.textPosition(for: Locator(href: href, type: "text/plain", locations: .init(progression: 0.5)))
            #expect(middle.section > 0 && middle.section < sections - 1, "progression 0.5 resolved to \(middle)")
            let middleOffset = try #require(try document.locator(at: middle).locations.offset)
            #expect(abs(middleOffset - total / 2) <= 3, "progression 0.5 resolved to offset \(middleOffset) of \(total)")

            let position = 2000
            let byPosition = try document.textPosition(for: Locator(href: href, type: "text/plain", locations: .init(position: position)))
            let positionOffset = try #require(try document.locator(at: byPosition).locations.offset)
            let target = (position - 1) * 1024
            #expect(positionOffset >= target && positionOffset <= target + 2,
                    "position \(position) resolved to offset \(positionOffset), expected \(target)")
            #expect(try document.locator(at: byPosition).locations.position == position)

            // Offsets inside a paragraph resolve exactly, in every section.
            for offset in stride(from: 17, to: total - 10, by: total / 23) {
                let resolved = try document.textPosition(for: Locator(href: href, type: "text/plain", locations: .init(offset: offset)))
                let back = try #require(try document.locator(at: resolved).locations.offset)
                let inGap = source.utf8[source.utf8.index(source.utf8.startIndex, offsetBy: offset)] == 0x0A
                #expect(inGap ? (back > offset && back <= offset + 2) : back == offset, "offset \(offset) came back as \(back)")
            }
        }
    }

    // MARK: - Chapters

    @Test("the chapter TOC of lighthouse-keeper.txt has 7 entries that resolve to CHAPTER headings")
    func lighthouseKeeperTOC() throws {
        let path = TestLocation.testBooks.appendingPathComponent("txt/lighthouse-keeper.txt").path
        let document = try TXTBackend().open(path: path, format: .txt, options: .init())
        let toc = try document.tableOfContents()
        #expect(toc.count == 7)
        #expect(toc.allSatisfy { $0.children.isEmpty })
        var previous: TextPosition?
        for entry in toc {
            #expect(entry.title.hasPrefix("CHAPTER"))
            let position = try document.textPosition(for: entry.locator)
            #expect(position.offset == 0)
            let block = try document.content(ofSection: position.section).blocks[position.block]
            #expect(block.isHeading, "\(entry.title) resolved to a \(block.kind)")
            #expect(block.text.hasPrefix("CHAPTER"))
            #expect(block.text == entry.title)
            if let previous { #expect(previous < position) }
            previous = position
        }
        #expect(toc.map(\.title).first == "CHAPTER I. THE NEW KEEPER")
        #expect(toc.map(\.title).last == "CHAPTER VII. THE JUNCTION BOX")
    }

    @Test("contents positions: one per entry, each where its Locator resolves; the walk keeps the section in use cached")
    func contentsPositionsAndTheSectionInUse() throws {
        try withTemporaryDirectory(prefix: "reader-txt-tests") { directory in
            let paragraphs = Self.oneLineParagraphs(count: 60_000, asciiOnly: true)
            var chapters: [String] = []
            for (number, start) in stride(from: 0, to: paragraphs.count, by: 1_500).enumerated() {
                chapters.append("CHAPTER \(number + 1)\n\n" + paragraphs[start..<min(start + 1_500, paragraphs.count)].joined(separator: "\n\n"))
            }
            let path = directory.appendingPathComponent("chapters.txt").path
            try Data(chapters.joined(separator: "\n\n\n").utf8).write(to: URL(fileURLWithPath: path))
            let document = try TXTBackend().open(path: path, format: .txt, options: .init())
            let txt = try #require(document as? TXTDocument)
            #expect(document.readingOrder.count >= 8)

            _ = try document.content(ofSection: 0)
            let decodedBefore = txt.sectionsDecoded
            let toc = try document.tableOfContents()
            let positions = try txt.tableOfContentsPositions()
            _ = try document.content(ofSection: 0)
            #expect(txt.sectionsDecoded == decodedBefore + document.readingOrder.count - 1,
                    "the contents' walk decoded every other section once and left section 0 cached")

            #expect(toc.count == chapters.count)
            #expect(positions.count == toc.count)
            for (entry, position) in zip(toc, positions) {
                #expect(try document.textPosition(for: entry.locator) == position, "\(entry.title)")
                #expect(try document.content(ofSection: position.section).blocks[position.block].text == entry.title)
            }
            #expect(Set(positions.map(\.section)).count >= 8, "the chapters lie in many sections")
        }
    }

    // MARK: - Generators and helpers

    /// About `targetBytes` of UTF-8: one-line paragraphs of varied length and script, each numbered so
    /// that no two are alike, separated by one or two blank lines.
    static func largeText(targetBytes: Int) -> (Data, Int) {
        let long = String(repeating: "The keeper climbed the iron stair at dusk, trimmed the wick, wiped the salt from "
            + "the glass and wrote the weather in the log before the long watch began. ", count: 5)
        var data = Data()
        data.reserveCapacity(targetBytes + 4096)
        var number = 0
        while data.count < targetBytes {
            let paragraph: String
            switch number % 5 {
            case 0: paragraph = "Paragraph \(number): \(long)"
            case 1: paragraph = "Paragraph \(number): Nell counted the steps, as she always did, and the lamp answered with its slow white sweep."
            case 2: paragraph = "Абзац \(number): café, naïve, Straße — ветер дул с моря всю ночь, и стекло маяка звенело."
            case 3: paragraph = "灯塔守护者在夜里醒来，听见海浪拍打礁石。编号\(number)。🌊🏮 The light kept turning all night."
            default: paragraph = "Paragraph \(number): \(long.prefix(300))and so on."
            }
            data.append(Data(paragraph.utf8))
            data.append(Data((number % 7 == 6 ? "\n\n\n" : "\n\n").utf8))
            number += 1
        }
        return (data, number)
    }

    /// Distinct one-line paragraphs of 60 to 300 characters.
    static func oneLineParagraphs(count: Int, asciiOnly: Bool = false) -> [String] {
        let words = ["harbour", "lamp", "keeper", "wind", "tide", "gannet", "ferry", "stair", "glass", "weather",
                     "rock", "signal", "watch", "salt", "rope", "bell"]
        let extra = asciiOnly ? ["fog", "gull"] : ["café", "маяк", "灯塔", "🌊"]
        let vocabulary = words + extra
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int(state >> 33)
        }
        return (0..<count).map { index in
            var words = ["Entry", "\(index)", "of", "the", "log", "says", "the"]
            var characters = 33
            let length = 60 + next() % 240
            while characters < length {
                let word = vocabulary[next() % vocabulary.count]
                words.append(word)
                characters += 1 + word.count
            }
            return words.joined(separator: " ") + "."
        }
    }

    /// Hard-wrapped prose, verse with meant line breaks, and short paragraphs.
    static let mixedText = """
        THE TOWER LOG

        The keeper came to the rock in the first week of October, when the gales
        had already begun to strip the thrift from the cliffs and the walls of the
        tower wept salt at every joint. She unpacked slowly and wrote her name in
        the log with the date and the state of the sea, as the rules required.

        The ferry did not come again for nine days. She learnt the lamp, the clock
        weights, the paraffin store and the particular noise the door made in a
        north-westerly, which was like a man clearing his throat before a speech.

        Light on the water,
        light on the wall,
        nobody watching,
        nobody at all.

        She slept.

        In the morning there was a letter under the door, which was not possible.
        It said only that the junction box would need looking at before the
        winter, and it was signed with initials she did not know.

        """
}
