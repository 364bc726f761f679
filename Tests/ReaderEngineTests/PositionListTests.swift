import Foundation
import ReaderCore
import ReaderEngine
import ReaderTestSupport
import Testing

/// The positions list in both countings, checked against sizes read straight from the zip's
/// central directory, and the content counting's stability under re-zipping and re-encoding.
@Suite("Positions lists")
struct PositionListTests {
    static let lighthouse = TestPaths.testBooks + "/epub/lighthouse-keeper.epub"
    static let repacks = ["stored", "fast"].map { TestPaths.testBooks + "/epub/repacked/lighthouse-keeper.\($0).epub" }

    /// Each entry's (compressed, inflated) size, from the central directory, read independently of the engine.
    static func zipEntrySizes(_ path: String) throws -> [String: (compressed: Int, inflated: Int)] {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        func u16(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 }
        func u32(_ at: Int) -> Int { u16(at) | u16(at + 2) << 16 }
        let end = try #require((0...(bytes.count - 22)).reversed().first { u32($0) == 0x0605_4B50 })
        var cursor = u32(end + 16)
        var sizes: [String: (Int, Int)] = [:]
        for _ in 0..<u16(end + 10) {
            #expect(u32(cursor) == 0x0201_4B50)
            let nameLength = u16(cursor + 28)
            let name = String(decoding: bytes[(cursor + 46)..<(cursor + 46 + nameLength)], as: UTF8.self)
            sizes[name] = (u32(cursor + 20), u32(cursor + 24))
            cursor += 46 + nameLength + u16(cursor + 30) + u16(cursor + 32)
        }
        return sizes
    }

    /// Positions per href, in first-seen order.
    static func counts(_ list: [Locator]) -> [(href: String, count: Int)] {
        var counts: [(href: String, count: Int)] = []
        for locator in list {
            if counts.last?.href == locator.href { counts[counts.count - 1].count += 1 } else { counts.append((locator.href, 1)) }
        }
        return counts
    }

    static func expectWellFormed(_ list: [Locator]) {
        for (index, locator) in list.enumerated() {
            #expect(locator.locations.position == index + 1)
            #expect(locator.locations.totalProgression == Double(index) / Double(list.count))
        }
    }

    @Test(arguments: [lighthouse] + repacks)
    func readiumCountsCompressedSizesOfLinearItems(path: String) throws {
        let document = try ReaderEngine.standard.open(path: path)
        let sizes = try Self.zipEntrySizes(path)
        let list = try document.positionList(counting: .readium)
        Self.expectWellFormed(list)
        let counts = Self.counts(list)
        #expect(counts.map(\.href) == document.readingOrder.filter(\.isLinear).map(\.href))
        for (href, count) in counts {
            let compressed = try #require(sizes[href]?.compressed)
            #expect(count == max(1, (compressed + 1023) / 1024), "\(href)")
        }
    }

    @Test(arguments: [lighthouse] + repacks)
    func contentCountsInflatedSizes(path: String) throws {
        let document = try ReaderEngine.standard.open(path: path)
        let sizes = try Self.zipEntrySizes(path)
        let list = try document.positionList(counting: .content)
        Self.expectWellFormed(list)
        for (href, count) in Self.counts(list) {
            let inflated = try #require(sizes[href]?.inflated)
            #expect(count == max(1, (inflated + 1023) / 1024), "\(href)")
        }
    }

    @Test func reZippingChangesReadiumPositionsButNotContentOnes() throws {
        let books = try ([Self.lighthouse] + Self.repacks).map { try ReaderEngine.standard.open(path: $0) }
        let content = try books.map { try $0.positionList(counting: .content) }
        let readium = try books.map { try $0.positionList(counting: .readium).count }
        #expect(content.allSatisfy { $0 == content[0] })
        #expect(Set(readium).count == 3)
    }

    /// Locators' `position` is the content counting's: a position's start resolves to a place
    /// whose Locator has that position or a later one (text may only start further on).
    @Test(arguments: ["epub/lighthouse-keeper.epub", "epub/moon-garden.epub", "mobi/lighthouse-keeper.azw3",
                      "mobi/lighthouse-keeper.mobi", "txt/winter-road.ru.txt", "md/field-notes.md"])
    func locatorsCarryContentPositions(book: String) throws {
        let document = try ReaderEngine.standard.open(path: TestPaths.testBooks + "/" + book)
        let list = try document.positionList()
        var previous = 0
        for entry in list {
            let found = try document.locator(at: document.textPosition(for: entry))
            let position = try #require(found.locations.position)
            #expect(position >= previous)
            #expect(position >= entry.locations.position! || found.href != entry.href)
            previous = position
        }
        let last = try document.locator(at: Paginator(document: document, viewport: .standard).pages().map(\.start).last!)
        #expect(last.locations.position! <= list.count)
    }

    /// The same text in another encoding has the same content positions. (Not the UTF-16 copy
    /// of lighthouse-keeper: its CR LF line ends are two units of decoded text each.)
    @Test(arguments: [("txt/moon-garden.zh.txt", "txt/moon-garden.gb18030.txt"),
                      ("txt/winter-road.ru.txt", "txt/winter-road.cp1251.txt")])
    func reEncodingKeepsTextPositions(pair: (String, String)) throws {
        let first = try ReaderEngine.standard.open(path: TestPaths.testBooks + "/" + pair.0).positionList()
        let second = try ReaderEngine.standard.open(path: TestPaths.testBooks + "/" + pair.1).positionList()
        #expect(first.count > 1)
        #expect(first.map(\.locations) == second.map(\.locations))
    }

    @Test func aPDFHasOnePositionPerPageInBothCountings() throws {
        let document = try ReaderEngine.standard.open(path: TestPaths.testBooks + "/pdf/harbour-lights.pdf")
        for counting in PositionCounting.allCases {
            let list = try document.positionList(counting: counting)
            #expect(list.count == document.readingOrder.count)
            #expect(list.map { $0.locations.fragments ?? [] } == list.indices.map { ["page=\($0 + 1)"] })
            for entry in list {
                let page = try #require(entry.locations.position)
                #expect(try document.locator(at: document.textPosition(for: entry)).locations.page == page)
            }
        }
    }
}
