import ReaderCore
import ReaderSearch
import Testing

/// Hits summarised from a text file's bytes in place (``DocumentSearch/nextSummary()``): the same
/// titles and contexts as the hits the blocks give, with no block built where the bytes tell them.
@Suite struct InPlaceSummaryTests {
    /// `count` chapters of 500 paragraphs (about 23.5 kB each), every other heading with its
    /// title on the next line.
    static func chapters(_ count: Int) -> String {
        let filler = String(repeating: "the light of the keeper went round and round.\n\n", count: 500)
        return (1...count).map { number in
            let heading = number.isMultiple(of: 2) ? "CHAPTER \(number).\nThe Keeper's Return\n" : "CHAPTER \(number). THE KEEPER\n"
            return "\n\n" + heading + "\n" + filler
        }.joined()
    }

    /// About 1.1 MiB in two sections, so the hits at the start of the second take the title of a
    /// heading in the first.
    static let twoSections = chapters(48)

    @Test("chapters across sections: the same titles and contexts as the hits, and no block built")
    func chaptersAgree() throws {
        try InPlaceSearchTests.withTextBook(Self.twoSections) { base throws in
            #expect(base.readingOrder.count >= 2)
            try InPlaceSearchTests.expectSameResults(base, queries: ["keeper", "round the"], options: [(false, false, false)])
            let document = InPlaceDocument(base)
            let summaries = try InPlaceSearchTests.allSummaries(DocumentSearch(document: document, query: SearchQuery("KEEPER")))
            #expect(summaries.count == 48 * 500 + 48)
            #expect(summaries.compactMap(\.tocTitle).count == summaries.count)
            #expect(summaries.first?.tocTitle == "CHAPTER 1. THE KEEPER")
            #expect(summaries.last?.tocTitle == "CHAPTER 48. The Keeper's Return")
            // The second section starts inside a chapter whose heading is in the first.
            let lastOfFirst = try #require(summaries.last { $0.section == 0 })
            let firstOfSecond = try #require(summaries.first { $0.section == 1 })
            #expect(firstOfSecond.context.highlight == "keeper" && firstOfSecond.context.before?.contains("CHAPTER") == false)
            #expect(firstOfSecond.tocTitle == lastOfFirst.tocTitle)
            #expect(summaries.last?.context.highlight == "keeper")
            #expect(document.sectionsRead.isEmpty)
        }
    }

    @Test("contexts the bytes cannot tell (lines of Chinese joined, U+FEFF) come from the blocks of their section only")
    func fallsBackToBlocks() throws {
        let filler = Self.chapters(24)
        let tricky = "中文中文\n中文keeper中文\n中文\n\n\u{FEFF}keeper x\n"
        try InPlaceSearchTests.withTextBook(filler + tricky + filler) { base throws in
            #expect(base.readingOrder.count >= 2)
            let document = InPlaceDocument(base)
            let search = try DocumentSearch(document: document, query: SearchQuery("keeper"))
            let summaries = try InPlaceSearchTests.allSummaries(search)
            let general = try DocumentSearch(document: CountingDocument(base), query: SearchQuery("keeper")).allHits()
            #expect(summaries == general.map(\.summary))
            let trickySections = Set(summaries.filter { $0.context.before?.contains("中") == true }.map(\.section))
            #expect(trickySections.count == 1)
            #expect(Set(document.sectionsRead) == trickySections)
        }
    }

    @Test("characters folding drops after a match (a combining mark, a soft hyphen) are part of it, as in the blocks")
    func droppedCharactersAfterMatch() throws {
        let text = "Le cafe\u{301} du coin, le café d’en face, le cafe tout court, keeper\u{AD} et keeper.\n"
        try InPlaceSearchTests.withTextBook(text) { document throws in
            try InPlaceSearchTests.expectSameResults(document, queries: ["cafe", "keeper"],
                                                     options: [(false, false, true), (false, false, false)])
            let summaries = try InPlaceSearchTests.allSummaries(
                DocumentSearch(document: document, query: SearchQuery("cafe", ignoringDiacritics: true)))
            #expect(summaries.map(\.context.highlight) == ["cafe\u{301}", "café", "cafe"])
        }
    }

    @Test("a rare hit in a later section takes its title from a heading in a section never decoded")
    func rareHitTitle() throws {
        // Chapter 45 runs across the section boundary; its only "lantern" lies after the boundary.
        let chapters = Self.twoSections.components(separatedBy: "\n\nCHAPTER ")
        var chapter45 = chapters[45]
        let insertAt = chapter45.index(chapter45.endIndex, offsetBy: -2000)
        chapter45.insert(contentsOf: "a lantern of brass and glass.\n\n", at: insertAt)
        let text = (chapters[..<45] + [chapter45] + chapters[46...]).joined(separator: "\n\nCHAPTER ")
        try InPlaceSearchTests.withTextBook(text) { base throws in
            let document = InPlaceDocument(base)
            let hits = try DocumentSearch(document: document, query: SearchQuery("lantern")).allHits()
            #expect(hits.count == 1)
            #expect(hits.first?.start.section == 1)
            #expect(hits.first?.tocTitle == "CHAPTER 45. THE KEEPER")
            #expect(Set(document.sectionsRead) == [1])
            try InPlaceSearchTests.expectSameResults(base, queries: ["lantern"], options: [(false, false, false)])
        }
    }

    @Test("a limit stops the summaries")
    func limit() throws {
        try InPlaceSearchTests.withTextBook(Self.twoSections) { document throws in
            let summaries = try InPlaceSearchTests.allSummaries(DocumentSearch(document: document, query: SearchQuery("keeper", limit: 3)))
            #expect(summaries.count == 3)
            #expect(summaries.first?.tocTitle == "CHAPTER 1. THE KEEPER")
        }
    }

    /// Every summary ``DocumentSearch/nextSummaries()`` gives, from its batches' text.
    static func allFromBatches(_ search: DocumentSearch) throws -> (summaries: [SearchHitSummary], batches: [SearchHitSummaries]) {
        var batches: [SearchHitSummaries] = []
        while let batch = try search.nextSummaries() { batches.append(batch) }
        return (batches.flatMap { batch in batch.hits.indices.map { batch.summary(at: $0) } }, batches)
    }

    @Test("batches of summaries: a section's hits at a time, the same summaries as one by one, the limit kept")
    func batchesAgree() throws {
        try InPlaceSearchTests.withTextBook(Self.twoSections) { base throws in
            let oneByOne = try InPlaceSearchTests.allSummaries(DocumentSearch(document: base, query: SearchQuery("KEEPER")))
            let document = InPlaceDocument(base)
            let (summaries, batches) = try Self.allFromBatches(DocumentSearch(document: document, query: SearchQuery("KEEPER")))
            #expect(summaries == oneByOne)
            #expect(batches.count == base.readingOrder.count, "one batch a section, each with hits")
            #expect(batches.allSatisfy { batch in Set(batch.hits.map(\.section)).count == 1 })
            #expect(document.sectionsRead.isEmpty)
            // The pieces lie in the batch's text, one after another.
            let first = try #require(batches.first)
            #expect(first.hits.allSatisfy { $0.before.upperBound <= first.text.count && $0.after.upperBound <= first.text.count })

            let limited = try Self.allFromBatches(DocumentSearch(document: base, query: SearchQuery("keeper", limit: 3)))
            #expect(limited.summaries == Array(oneByOne.prefix(3)))
            let pastFirstSection = oneByOne.filter { $0.section == 0 }.count + 2
            let acrossSections = try Self.allFromBatches(DocumentSearch(document: base, query: SearchQuery("keeper", limit: pastFirstSection)))
            #expect(acrossSections.summaries == Array(oneByOne.prefix(pastFirstSection)))
            #expect(acrossSections.batches.map(\.hits.count) == [pastFirstSection - 2, 2])
        }
    }

    @Test("batches of summaries searched the general way (a regular expression): one hit each, as the hits give them")
    func batchesOfTheGeneralWay() throws {
        try InPlaceSearchTests.withTextBook(Self.twoSections) { document throws in
            let query = SearchQuery("keep[e]r", regularExpression: true)
            let hits = try DocumentSearch(document: document, query: query).allHits()
            let (summaries, batches) = try Self.allFromBatches(DocumentSearch(document: document, query: query))
            #expect(summaries == hits.map(\.summary))
            #expect(batches.allSatisfy { $0.hits.count == 1 })
        }
    }
}
