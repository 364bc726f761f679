import Foundation
import ReaderCore
import ReaderSearch
import ReaderTestSupport
import Testing

/// Phrases across block, page and section boundaries, and words hyphenated across lines.
@Suite struct BoundarySearchTests {
    /// The last two words of a block and the first two of the next, for some pairs of body blocks.
    static func straddlingPhrases(_ document: any Document, section: Int, count: Int) throws -> [(phrase: String, block: Int)] {
        let blocks = try document.content(ofSection: section).blocks
        var phrases: [(String, Int)] = []
        for index in blocks.indices.dropLast() where phrases.count < count {
            let before = blocks[index].text.split(whereSeparator: \.isWhitespace).suffix(2)
            let after = blocks[index + 1].text.split(whereSeparator: \.isWhitespace).prefix(2)
            guard before.count == 2, after.count == 2 else { continue }
            phrases.append(((before + after).joined(separator: " "), index))
        }
        return phrases
    }

    @Test("a phrase runs from one block into the next", arguments: [
        "txt/lighthouse-keeper.txt", "md/field-notes.md", "epub/lighthouse-keeper.epub", "mobi/lighthouse-keeper.azw3",
    ])
    func acrossBlocks(_ book: String) throws {
        let document = try SearchTestSupport.open(book)
        let section = try #require(document.readingOrder.indices.first { (try? document.content(ofSection: $0).blocks.count) ?? 0 > 6 })
        let phrases = try Self.straddlingPhrases(document, section: section, count: 5)
        #expect(phrases.count == 5)
        for (phrase, block) in phrases {
            let hits = try SearchTestSupport.hits(document, SearchQuery(phrase, caseSensitive: true))
            let straddling = hits.first { $0.start.section == section && $0.start.block == block }
            #expect(straddling?.end.block == block + 1, "\(phrase)")
            #expect(straddling?.locator.text?.highlight == phrase)
        }
    }

    @Test("an EPUB phrase does not run from one spine item into the next (each starts a new page)")
    func notAcrossSpineItems() throws {
        let document = try SearchTestSupport.open("epub/lighthouse-keeper.epub")
        let sections = document.readingOrder.indices.filter { (try? document.content(ofSection: $0).blocks.isEmpty) == false }
        #expect(document.readingOrder.allSatisfy { $0.startsNewPage })
        for (first, second) in zip(sections, sections.dropFirst()).prefix(4) {
            let end = try #require(try document.content(ofSection: first).blocks.last?.text.split(whereSeparator: \.isWhitespace).last)
            let start = try #require(try document.content(ofSection: second).blocks.first?.text.split(whereSeparator: \.isWhitespace).first)
            let phrase = "\(end) \(start)"
            let hits = try SearchTestSupport.hits(document, SearchQuery(phrase, caseSensitive: true))
            #expect(hits.allSatisfy { $0.start.section == $0.end.section }, "\(phrase)")
        }
    }

    /// What make-pdfs.py wrote about harbour-lights.pdf.
    struct PDFExpectations: Decodable {
        struct Page: Decodable {
            struct Paragraph: Decodable {
                var lines: [String]
                var continuesOnNextPage: Bool
                var continuesFromPreviousPage: Bool
            }
            var page: Int
            var paragraphs: [Paragraph]
        }
        struct Hyphenation: Decodable {
            var page: Int
            var printed: [String]
            var joined: String
            var kind: String
            var acrossPageBreak: Bool
        }
        var pages: [Page]
        var hyphenations: [Hyphenation]

        static func load() throws -> PDFExpectations {
            let data = try Data(contentsOf: TestLocation.testBooks.appendingPathComponent("pdf/harbour-lights.expected.json"))
            return try JSONDecoder().decode(PDFExpectations.self, from: data)
        }
    }

    @Test("every word hyphenated at a line end in harbour-lights.pdf is found whole, one across a page break")
    func hyphenatedWords() throws {
        let expectations = try PDFExpectations.load()
        let document = try SearchTestSupport.open("pdf/harbour-lights.pdf")
        let syllables = expectations.hyphenations.filter { $0.kind == "syllable" }
        #expect(syllables.contains { $0.acrossPageBreak })
        for hyphenation in syllables {
            let word = hyphenation.joined.trimmingCharacters(in: .punctuationCharacters)
            let hits = try SearchTestSupport.hits(document, SearchQuery(word, caseSensitive: true, wholeWords: true))
            let onItsPage = hits.filter { $0.locator.locations.page == hyphenation.page }
            #expect(onItsPage.count >= 1, "\(hyphenation.printed) on page \(hyphenation.page)")
            #expect(onItsPage.allSatisfy { $0.locator.text?.highlight == word })
            let halves = hyphenation.printed.joined(separator: " ")
            #expect(try SearchTestSupport.hits(document, SearchQuery(halves)).isEmpty, "the printed halves \(halves) are gone")
        }
    }

    @Test("a phrase runs across a PDF page break, inside one paragraph and between paragraphs of two pages")
    func acrossPDFPages() throws {
        let expectations = try PDFExpectations.load()
        let document = try SearchTestSupport.open("pdf/harbour-lights.pdf")
        var checked = (joined: 0, separate: 0)
        for (page, next) in zip(expectations.pages, expectations.pages.dropFirst()) {
            guard let last = page.paragraphs.last, let first = next.paragraphs.first, page.page > 1,
                  let lastWord = last.lines.last?.split(separator: " ").last,
                  let firstWord = first.lines.first?.split(separator: " ").first,
                  !lastWord.hasSuffix("-") else { continue }
            let phrase = "\(lastWord) \(firstWord)"
            let hits = try SearchTestSupport.hits(document, SearchQuery(phrase, caseSensitive: true))
            let hit = hits.first { $0.locator.locations.page == page.page }
            #expect(hit != nil, "\(phrase) from page \(page.page) to \(next.page)")
            guard let hit else { continue }
            if last.continuesOnNextPage {
                #expect(hit.start.block == hit.end.block && hit.start.section == hit.end.section, "one paragraph: \(phrase)")
                checked.joined += 1
            } else {
                #expect(hit.end.section == hit.start.section + 1, "two sections: \(phrase)")
                checked.separate += 1
            }
        }
        #expect(checked.joined >= 3)
        #expect(checked.separate >= 1)
    }
}
