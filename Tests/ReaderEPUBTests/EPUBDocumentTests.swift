import Testing
import ReaderCore
import ReaderHTML
import ReaderTestSupport
@testable import ReaderEPUB

/// The EPUB 3 TestBook end to end: reading order, content, TOC, cover, Locators.
@Suite struct EPUBDocumentTests {
    let book: EPUBDocument

    init() throws {
        book = try EPUBTestBooks.open("lighthouse-keeper.epub")
    }

    @Test func readingOrderPutsNonLinearItemsLast() {
        let hrefs = book.readingOrder.map(\.href)
        #expect(hrefs.first == "OEBPS/text/cover.xhtml")
        #expect(hrefs.contains("OEBPS/text/chapter two.xhtml"), "percent-encoded manifest href decoded")
        #expect(hrefs.contains("OEBPS/text/part-two/chapter-6.xhtml"))
        #expect(hrefs.last == "OEBPS/text/endnotes.xhtml")
        #expect(book.readingOrder.last?.isLinear == false)
        #expect(book.readingOrder.dropLast().allSatisfy { $0.isLinear })
        #expect(book.readingOrder.allSatisfy { $0.startsNewPage })
    }

    @Test func contentShowsTextAndHidesWhatIsNotShown() throws {
        let text = try EPUBTestBooks.fullText(book)
        #expect(text.contains("The letter came on Wednesday"))
        #expect(text.contains("Mr.\u{00A0}Marr"), "&#160; is a no-break space")
        #expect(!text.contains("\u{00AD}"), "soft hyphens are not shown")
        let chapter3 = try #require(book.readingOrder.firstIndex { $0.href.hasSuffix("chapter-3.xhtml") })
        let blocks = try book.content(ofSection: chapter3).blocks
        #expect(blocks.first?.kind == .heading(level: 1))
        #expect(blocks.contains { $0.kind == .quote && $0.text == "DEAR NELL," })
        #expect(blocks.contains { $0.kind == .preformatted && $0.text.hasPrefix("The lamp is lit, the glass is clean,\n") })
        #expect(blocks.contains { $0.text == "YOUR UNCLE,\nTOBIAS" }, "<br/> is a forced line break")
    }

    @Test func tocIsNestedWithFragments() throws {
        let toc = try book.tableOfContents()
        #expect(toc.count == 9)
        let chapter3 = try #require(toc.first { $0.title == "Chapter III. The Letter" })
        #expect(chapter3.children.map(\.title) == ["Wednesday", "The song", "The Kittiwake"])
        #expect(chapter3.children[0].locator.locations.fragments == ["wednesday"])
        // Every TOC entry resolves to the block that carries its id or starts its section.
        for entry in toc.flatMap({ [$0] + $0.children }) {
            let position = try book.textPosition(for: entry.locator)
            let block = try book.content(ofSection: position.section).blocks[position.block]
            #expect(block.text.hasPrefix(entry.title) || entry.title == "Title Page" || entry.title == "Notes",
                    "\(entry.title) → \(block.text.prefix(40))")
        }
    }

    @Test func coverIsTheCoverImageItem() throws {
        let cover = try #require(try book.coverImage())
        #expect(cover.mediaType == "image/png")
        #expect(cover.source == "OEBPS/images/cover.png")
        #expect(Array(cover.data.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    }

    @Test func locatorsCarryCFIPositionAndContext() throws {
        let chapter3 = try #require(book.readingOrder.firstIndex { $0.href.hasSuffix("chapter-3.xhtml") })
        let blocks = try book.content(ofSection: chapter3).blocks
        let letter = try #require(blocks.firstIndex { $0.text.hasPrefix("The letter came on Wednesday") })
        let locator = try book.locator(at: TextPosition(section: chapter3, block: letter, offset: 4))
        #expect(locator.href == "OEBPS/text/chapter-3.xhtml")
        #expect(locator.title == "Wednesday", "the TOC entry governing the position")
        #expect(locator.locations.fragments == ["p3-1"])
        #expect(locator.locations.cfi?.hasPrefix("/6/\(2 * (book.sections[chapter3].spineIndex + 1))!/4/2[chapter-3]/") == true)
        #expect(locator.locations.cfi?.hasSuffix("[p3-1]/1:4") == true)
        #expect(locator.text?.highlight?.hasPrefix("letter came") == true)
        #expect(locator.text?.before == "The ")
        let position = try #require(locator.locations.position)
        #expect(book.positions.starts[chapter3] <= position)
        #expect(position < book.positions.starts[chapter3] + book.positions.counts[chapter3])
    }

    @Test func everyKindOfLocatorResolvesBack() throws {
        var random = SeededRandom(seed: 0xE9B)
        for section in book.readingOrder.indices {
            let blocks = try book.content(ofSection: section).blocks
            for _ in 0..<10 {
                guard let index = blocks.indices.randomElement(using: &random), !blocks[index].sourceMap.runs.isEmpty else { continue }
                let length = blocks[index].text.utf16.count
                let position = TextPosition(section: section, block: index, offset: Int.random(in: 0...max(0, length - 1), using: &random))
                let full = try book.locator(at: position)
                guard full.locations.cfi != nil else { continue }  // an image-only page has no text to point into
                let href = full.href, type = full.type
                let onlyCFI = Locator(href: href, type: type, locations: .init(cfi: full.locations.cfi))
                let wrapped = Locator(href: "", type: type, locations: .init(cfi: "epubcfi(\(full.locations.cfi ?? ""))"))
                let onlyOffset = Locator(href: href, type: type, locations: .init(offset: full.locations.offset))
                for candidate in [full, onlyCFI, wrapped, onlyOffset] {
                    let back = try book.textPosition(for: candidate)
                    #expect(try book.locator(at: back).locations.offset == full.locations.offset, "\(candidate)")
                }
            }
        }
    }

    @Test func cfisFromOtherReadersResolve() throws {
        let chapter3 = try #require(book.readingOrder.firstIndex { $0.href.hasSuffix("chapter-3.xhtml") })
        let spineStep = 2 * (book.sections[chapter3].spineIndex + 1)
        let blocks = try book.content(ofSection: chapter3).blocks
        let letter = try #require(blocks.firstIndex { $0.text.hasPrefix("The letter came on Wednesday") })
        let expected = TextPosition(section: chapter3, block: letter, offset: 4)
        // A wrong path corrected by the id assertion, a side bias, a text assertion, and a range.
        for cfi in ["epubcfi(/6/\(spineStep)!/4/2/98[p3-1]/1:4)",
                    "epubcfi(/6/\(spineStep)!/4/2[chapter-3]/8[p3-1]/1:4[;s=b])",
                    "epubcfi(/6/\(spineStep)!/4/2[chapter-3]/8[p3-1]/1:4[The%20,letter])",
                    "epubcfi(/6/\(spineStep)!/4/2[chapter-3]/8[p3-1],/1:4,/1:10)"] {
            let locator = Locator(href: "", type: "application/xhtml+xml", locations: .init(cfi: cfi))
            #expect(try book.textPosition(for: locator) == expected, "\(cfi)")
        }
        let bad = Locator(href: "", type: "application/xhtml+xml", locations: .init(cfi: "epubcfi(/6/4!/4[unclosed"))
        #expect(readerError { _ = try book.textPosition(for: bad) }?.kind == .invalidLocator)
    }

    @Test func positionsCountInflatedBytesAndReadiumsCompressedOnes() throws {
        let readium = book.positionedResources(counting: .readium)
        #expect(readium.map(\.href) == book.sections.filter(\.section.isLinear).map(\.section.href))
        for (index, section) in book.sections.enumerated() {
            let inflated = try #require(book.container.length(of: section.item.path))
            let stored = try #require(book.container.storedLength(of: section.item.path))
            #expect(book.positions.counts[index] == max(1, (inflated + 1023) / 1024))
            if let counted = readium.first(where: { $0.href == section.section.href }) {
                #expect(counted.positionCount == max(1, (stored + 1023) / 1024))
            }
        }
        #expect(book.positions.starts.first == 1)
        let last = book.sections.count - 1
        #expect(book.positions.location(ofPosition: book.positions.total)?.section == last)
    }
}

@Suite struct EPUBPageCountTests {
    @Test func coldEstimateIsCloseAndBecomesExactOnceEverythingIsLaidOut() throws {
        let book = try EPUBTestBooks.open("lighthouse-keeper.epub")
        let paginator = Paginator(document: book, viewport: try Viewport(columns: 60, rows: 20))
        _ = try paginator.page(3)
        let estimate = try paginator.estimatedPageCount()
        #expect(!estimate.isExact)
        #expect(paginator.index.starts.last!.section <= 3, "only the first sections were laid out")
        let exact = try paginator.pageCount()
        #expect(abs(Double(estimate.value - exact)) / Double(exact) < 0.35, "\(estimate) vs \(exact)")
        #expect(try paginator.estimatedPageCount() == PageCount(value: exact, isExact: true))
    }
}
