import Foundation
import ReaderCore
import ReaderEngine
import ReaderTestSupport
import Testing

/// Locator properties of MOBI 6 (offset = filepos) and KF8 (offset in the part) books: random
/// positions come back exactly, through JSON too, and Locators taken from page starts resolve to
/// the same words on another viewport.
@Suite("MOBI Locators")
struct MOBILocatorPropertyTests {
    static let books: [String] = {
        let own = MOBITestBookTests.books.map { TestPaths.testBooks + "/mobi/" + $0 }
        guard TestPaths.corpusAvailable else { return own }
        return own + ["calibre/pg11_alice_mobi6-old.mobi", "calibre/pg11_alice_hybrid-both.mobi",
                      "sample-cp1252_mobi6-palmdoc.mobi", "huffdic_sri-vishnu-sahasranaamam_kf8-hybrid.mobi",
                      "calibre/regime-anticancer-arabic_mobi6-old.mobi"].map { TestPaths.corpus + "/mobi/" + $0 }
    }()

    static func positions(in document: any Document, count: Int, seed: String) throws -> [TextPosition] {
        try RandomPositions.draw(in: document, count: count, seed: seed)
    }

    @Test("a position's Locator resolves to the same position, also after a JSON round trip", arguments: books)
    func roundTrip(path: String) throws {
        let document = try ReaderEngine.standard.open(path: path)
        let positions = try Self.positions(in: document, count: 60, seed: path)
        #expect(positions.count >= 30)
        var lastTotal = -1.0
        for position in positions.sorted() {
            let locator = try document.locator(at: position)
            #expect(try document.textPosition(for: locator) == position, "\(path) \(position) \(locator)")
            let decoded = try JSONDecoder().decode(Locator.self, from: JSONEncoder().encode(locator))
            #expect(try document.textPosition(for: decoded) == position)
            let total = try #require(locator.locations.totalProgression)
            #expect(total >= lastTotal)
            lastTotal = total
            // Without the offset, href and progression still land in the same part.
            var coarse = locator
            coarse.locations.offset = nil
            coarse.locations.fragments = nil
            #expect(try document.textPosition(for: coarse).section == position.section)
        }
    }

    @Test("Locators of page starts at 80x24 land on the same words at 33x17", arguments: books)
    func acrossViewports(path: String) throws {
        let document = try ReaderEngine.standard.open(path: path)
        let wide = Paginator(document: document, viewport: try Viewport(columns: 80, rows: 24))
        let narrow = Paginator(document: document, viewport: try Viewport(columns: 33, rows: 17))
        let count = try wide.pageCount()
        for number in Set([1, 2, 3, count / 2, count].filter { $0 >= 1 }).sorted() {
            let page = try wide.page(number)
            let locator = try document.locator(at: page.start)
            let position = try document.textPosition(for: locator)
            // A page may start on text the engine made (a joined line break); the Locator then
            // names the next character the source holds.
            #expect(position >= page.start, "\(path) page \(number)")
            if position != page.start {
                #expect(position.section == page.start.section && position.block == page.start.block)
                let text = Array(try document.content(ofSection: position.section).blocks[position.block].text.utf16)
                let skipped = String(decoding: text[page.start.offset..<position.offset], as: UTF16.self)
                let blank = skipped.allSatisfy(\.isWhitespace)
                #expect(blank, "\(path) page \(number): skipped \(skipped)")
            }
            let target = try narrow.page(try narrow.pageNumber(containing: position))
            #expect(target.start <= position)
        }
    }

    @Test("a Locator outside the text is a typed error")
    func invalidLocators() throws {
        let mobi6 = try ReaderEngine.standard.open(path: TestPaths.testBooks + "/mobi/lighthouse-keeper.mobi")
        let far = Locator(href: "part0001.html", type: "text/html", locations: .init(offset: 10_000_000))
        #expect(throws: ReaderError.self) { try mobi6.textPosition(for: far) }
        let kf8 = try ReaderEngine.standard.open(path: TestPaths.testBooks + "/mobi/lighthouse-keeper.azw3")
        let nowhere = Locator(href: "part9999.xhtml", type: "application/xhtml+xml", locations: .init(progression: 0.5))
        #expect(throws: ReaderError.self) { try kf8.textPosition(for: nowhere) }
        let byPosition = Locator(href: "elsewhere", type: "application/xhtml+xml", locations: .init(position: 3))
        #expect(try kf8.textPosition(for: byPosition).section >= 0)
    }
}
