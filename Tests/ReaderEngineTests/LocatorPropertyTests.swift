import Foundation
import ReaderCore
import ReaderEngine
import ReaderTestSupport
import Testing

/// Locator → page → Locator across every format: a Locator resolves to the same position on any
/// viewport, the page holding it there shows its words, and the Locator made back is the same.
@Suite("Locators on every format")
struct LocatorPropertyTests {
    static let viewports: [(Int, Int)] = [(80, 24), (41, 13), (23, 9)]

    @Test(arguments: TestPaths.books)
    func aLocatorSurvivesPagesOnEveryViewport(book: String) throws {
        let document = try ReaderEngine.standard.open(path: TestPaths.testBooks + "/" + book)
        let positions = try RandomPositions.draw(in: document, count: 15, seed: "locator-page-" + book)
        let paginators = try Self.viewports.map { Paginator(document: document, viewport: try Viewport(columns: $0.0, rows: $0.1)) }
        for position in positions {
            let locator = try Locator(jsonString: document.fingerprintedLocator(at: position).jsonString())
            let resolved = try document.resolve(locator)
            #expect(resolved == position, "\(book) \(position)")
            for paginator in paginators {
                let page = try paginator.page(paginator.pageNumber(containing: resolved))
                #expect(page.contains(resolved))
                let place = try #require(page.place(of: resolved), "\(book) \(position) not shown at \(paginator.viewport)")
                let shown = Array(page.lines[place.line].utf16)
                let expected = Array(try document.content(ofSection: position.section).blocks[position.block].text.utf16)
                // The character at the position is the one shown at its column.
                if position.offset < expected.count, place.column < shown.count, expected[position.offset] != 0x20 {
                    #expect(shown[place.column] == expected[position.offset], "\(book) \(position) at \(paginator.viewport)")
                }
                let again = try document.locator(at: document.textPosition(for: document.locator(at: resolved)))
                #expect(again.locations == (try document.locator(at: position)).locations)
            }
        }
    }
}

/// Ranges (highlights) and reading-order sorting on real books.
@Suite("Locator ranges and sorting")
struct LocatorRangeTests {
    static let books = ["txt/winter-road.ru.txt", "md/field-notes.md", "epub/lighthouse-keeper.epub",
                        "pdf/harbour-lights.pdf", "mobi/lighthouse-keeper.mobi", "mobi/moon-garden.azw3"]

    @Test(arguments: books)
    func aRangeRoundTripsAndHoldsItsText(book: String) throws {
        let document = try ReaderEngine.standard.open(path: TestPaths.testBooks + "/" + book)
        let positions = try RandomPositions.draw(in: document, count: 20, seed: "range-" + book)
        for (first, second) in zip(positions, positions.dropFirst()) {
            let range = try document.range(from: second, to: first)
            let decoded = try JSONDecoder().decode(LocatorRange.self, from: JSONEncoder().encode(range))
            let span = try document.textRange(of: decoded)
            #expect(span == min(first, second)..<max(first, second))
            if first.section == second.section, first.block == second.block {
                let units = Array(try document.content(ofSection: first.section).blocks[first.block].text.utf16)
                let expected = String(decoding: units[span.lowerBound.offset..<span.upperBound.offset], as: UTF16.self)
                #expect(range.text == String(expected.utf16.prefix(4096))!)
            } else {
                let text = try #require(range.text)
                let startUnits = Array(try document.content(ofSection: span.lowerBound.section).blocks[span.lowerBound.block].text.utf16)
                let head = String(decoding: startUnits[span.lowerBound.offset...].prefix(20), as: UTF16.self)
                #expect(text.hasPrefix(head))
            }
            let paginator = Paginator(document: document, viewport: try Viewport(columns: 50, rows: 14))
            let pages = try paginator.pageNumbers(covering: span)
            #expect(try paginator.page(pages.lowerBound).contains(span.lowerBound))
            if !span.isEmpty {
                let lastPage = try paginator.page(pages.upperBound)
                #expect(lastPage.start < span.upperBound)
                #expect(lastPage.end.map { span.upperBound <= $0 } ?? true)
            }
        }
    }

    @Test(arguments: books)
    func sortingFollowsTheText(book: String) throws {
        let document = try ReaderEngine.standard.open(path: TestPaths.testBooks + "/" + book)
        let positions = try RandomPositions.draw(in: document, count: 40, seed: "sort-" + book)
        var random = SeededRandom(seed: 7)
        let locators = try positions.map { try document.locator(at: $0) }.shuffled(using: &random)
        let sorted = try document.sortedInReadingOrder(locators)
        let resolved = try sorted.map { try document.textPosition(for: $0) }
        #expect(resolved == positions.sorted())
        // Distinct positions never tie: each is strictly after the one before.
        let distinct = Array(Set(resolved)).sorted()
        #expect(zip(distinct, distinct.dropFirst()).allSatisfy { $0 < $1 })

        let ranges = try zip(positions, positions.reversed()).map { try document.range(from: $0, to: $1) }
        let sortedRanges = try document.sortedInReadingOrder(ranges.shuffled(using: &random))
        let spans = try sortedRanges.map { try document.textRange(of: $0) }
        #expect(zip(spans, spans.dropFirst()).allSatisfy {
            ($0.lowerBound, $0.upperBound) <= ($1.lowerBound, $1.upperBound)
        })
    }

    @Test func aRangeFromAnotherBookIsRefused() throws {
        let lighthouse = try ReaderEngine.standard.open(path: TestPaths.testBooks + "/epub/lighthouse-keeper.epub")
        let moon = try ReaderEngine.standard.open(path: TestPaths.testBooks + "/epub/moon-garden.epub")
        let positions = try RandomPositions.draw(in: lighthouse, count: 2, seed: "other")
        var range = try lighthouse.range(from: positions[0], to: positions[1])
        range.start.locations.fingerprint = try lighthouse.fingerprint().description
        let error = #expect(throws: ReaderError.self) { try moon.textRange(of: range) }
        #expect(error?.kind == .otherDocument)
    }
}
