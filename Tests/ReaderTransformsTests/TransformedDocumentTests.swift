import ReaderCore
import ReaderEngine
import ReaderTestSupport
import ReaderTransforms
import Testing

/// A document seen through transforms keeps its Locators in source coordinates, on real books.
@Suite struct TransformedDocumentTests {
    static let chineseBooks = ["txt/moon-garden.zh.txt", "epub/moon-garden.epub", "txt/moon-garden.gb18030.txt"]

    func open(_ book: String) throws -> any Document {
        try ReaderEngine.standard.open(path: TestLocation.testBooks.appendingPathComponent(book).path)
    }

    func transformed(_ book: String, _ names: [String]) throws -> TransformedDocument {
        TransformedDocument(try open(book), chain: try TextTransformChain(names: names))
    }

    @Test("s2t keeps every character's place: each page of the converted book starts and ends at the same Locator",
          arguments: chineseBooks)
    func samePagesUnderS2T(book: String) throws {
        let base = try open(book), converted = try transformed(book, ["s2t"])
        let viewport = try Viewport(columns: 40, rows: 12)
        let basePages = Paginator(document: base, viewport: viewport)
        let convertedPages = Paginator(document: converted, viewport: viewport)
        let count = try basePages.pageCount()
        #expect(count > 10)
        #expect(try convertedPages.pageCount() == count)
        var changedLines = 0
        for number in 1...count {
            let basePage = try basePages.page(number), convertedPage = try convertedPages.page(number)
            #expect(try converted.locator(at: convertedPage.start) == base.locator(at: basePage.start), "page \(number)")
            #expect(try converted.sourcePosition(of: convertedPage.start) == basePage.start)
            if let end = convertedPage.end, let baseEnd = basePage.end {
                #expect(try converted.locator(at: end) == base.locator(at: baseEnd))
            }
            changedLines += zip(basePage.lines, convertedPage.lines).filter { $0 != $1 }.count
        }
        #expect(changedLines > count)  // the text did change
        #expect(try converted.fingerprint() == base.fingerprint())
    }

    @Test("under s2twp and rules that change lengths, a position's Locator is the untransformed Locator of its source position and leads back to it",
          arguments: chineseBooks)
    func locatorsUnderLengthChanges(book: String) throws {
        let rules = ReplacementRules(name: "lengths", rules: [
            try ReplacementRule(literal: "媽媽", replacement: "母親大人"),
            try ReplacementRule(regularExpression: "。", template: ""),
            try ReplacementRule(regularExpression: "第(.)章", template: "第 $1 章"),
        ], digestOf: "")
        let base = try open(book)
        let converted = TransformedDocument(try open(book), chain: TextTransformChain([try ChineseConversion(configuration: "s2twp"), rules]))
        var random = SeededRandom(seed: 41)
        var checked = 0, lengthChanges = 0
        for section in converted.readingOrder.indices {
            let content = try converted.content(ofSection: section)
            let baseContent = try base.content(ofSection: section)
            #expect(content.blocks.count == baseContent.blocks.count)
            for (index, block) in content.blocks.enumerated() {
                if block.text.utf16.count != baseContent.blocks[index].text.utf16.count { lengthChanges += 1 }
                for run in block.sourceMap.runs where run.length > 0 {
                    for _ in 0..<2 {
                        let offset = run.textStart + Int.random(in: 0..<run.length, using: &random)
                        let position = TextPosition(section: section, block: index, offset: offset)
                        let locator = try converted.locator(at: position)
                        let source = try converted.sourcePosition(of: position)
                        #expect(locator == (try base.locator(at: source)))
                        #expect(try base.textPosition(for: locator) == source)
                        #expect(try converted.textPosition(for: locator) == position, "\(book) \(position)")
                        if book.hasSuffix(".txt") {
                            // TXT Locators carry the source offset: the composed source map agrees.
                            #expect(locator.locations.offset == block.sourceMap.sourceOffset(forTextOffset: offset))
                        }
                        checked += 1
                    }
                }
            }
        }
        #expect(checked > 100)
        #expect(lengthChanges > 10)
    }

    @Test("a Locator made on the untransformed book lands on the converted words", arguments: chineseBooks)
    func untransformedLocatorLands(book: String) throws {
        let base = try open(book), converted = try transformed(book, ["s2t"])
        let paginator = Paginator(document: base, viewport: try Viewport(columns: 50, rows: 15))
        for number in stride(from: 1, through: try paginator.pageCount(), by: 3) {
            let start = try paginator.page(number).start
            let locator = try base.locator(at: start)
            let position = try converted.textPosition(for: locator)
            #expect(position == start)
            let baseText = try base.content(ofSection: start.section).blocks[start.block].text
            let text = try converted.content(ofSection: position.section).blocks[position.block].text
            #expect(text.utf16.count == baseText.utf16.count)
        }
    }

    @Test("inline runs move with the text: each covers its source text transformed")
    func runsMove() throws {
        let book = "md/field-notes.md"
        let rules = ReplacementRules(name: "e", rules: [try ReplacementRule(literal: "e", replacement: "EE")], digestOf: "")
        let base = try open(book), converted = TransformedDocument(try open(book), chain: TextTransformChain([rules]))
        var runs = 0
        for section in base.readingOrder.indices {
            let baseBlocks = try base.content(ofSection: section).blocks
            let blocks = try converted.content(ofSection: section).blocks
            for (baseBlock, block) in zip(baseBlocks, blocks) {
                #expect(block.runs.count == baseBlock.runs.count)
                let baseUnits = Array(baseBlock.text.utf16), units = Array(block.text.utf16)
                for (baseRun, run) in zip(baseBlock.runs, block.runs) {
                    #expect(run.style == baseRun.style)
                    let sourceText = String(decoding: baseUnits[baseRun.range], as: UTF16.self)
                    #expect(String(decoding: units[run.range], as: UTF16.self) == rules.apply(to: sourceText).text)
                    runs += 1
                }
            }
        }
        #expect(runs > 3)
    }

    @Test("titles of the table of contents are converted; their Locators are the source's")
    func tableOfContents() throws {
        let base = try open("epub/moon-garden.epub"), converted = try transformed("epub/moon-garden.epub", ["s2t"])
        let baseEntries = try base.tableOfContents(), entries = try converted.tableOfContents()
        #expect(entries.count == baseEntries.count && !entries.isEmpty)
        for (baseEntry, entry) in zip(baseEntries, entries) {
            #expect(entry.locator == baseEntry.locator)
            #expect(entry.title == converted.chain.apply(to: baseEntry.title).text)
        }
        #expect(zip(baseEntries, entries).contains { $0.title != $1.title })
    }
}
