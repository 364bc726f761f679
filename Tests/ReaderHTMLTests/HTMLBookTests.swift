import Foundation
import ReaderCore
@testable import ReaderHTML
import ReaderTestSupport
import Synchronization
import Testing

/// A converted fixture section, and how many conversions a book made.
private struct FixtureSection: HTMLBookSection {
    var content: SectionContent
    var sourceLength: Int
    var anchors: [String: Int]

    func sourceOffset(ofAnchor id: String) -> Int? { anchors[id] }
}

private final class ConversionCounter: Sendable {
    let count = Mutex(0)
}

/// The shared HTML-book layer on its own: cache, hrefs, Locators and titles.
@Suite struct HTMLBookTests {
    static let bodies = [
        #"<h1 id="one">One</h1><p>The first section has a paragraph of some length.</p>"#,
        #"<h1>Two</h1><p id="middle">A middle paragraph.</p><p id="late">And a late one, further on.</p>"#,
        #"<p>Three, without a heading.</p>"#,
    ]

    private static func book(capacity: Int = 2, counter: ConversionCounter = ConversionCounter(),
                             failing: Int? = nil) throws -> HTMLBook<FixtureSection> {
        let converted = try bodies.map { body throws -> FixtureSection in
            let html = try Fixture.body(body)
            return FixtureSection(content: SectionContent(blocks: html.blocks), sourceLength: html.pathIndex.sourceLength,
                                  anchors: html.pathIndex.anchors.mapValues(\.sourceOffset))
        }
        let sections = ["a.xhtml", "dir/b.xhtml", "a.xhtml"].enumerated().map {
            Section(index: $0, href: $1, mediaType: "application/xhtml+xml", startsNewPage: true)
        }
        return HTMLBook(file: "book.epub", format: .epub, sections: sections, lengths: [3000, 100, nil],
                        fixedLayout: [false, false, false], cacheCapacity: capacity) { index throws(ReaderError) in
            counter.count.withLock { $0 += 1 }
            if index == failing { throw ReaderError(.malformed, reason: "section \(index) is broken") }
            return converted[index]
        }
    }

    @Test func convertsOnDemandAndKeepsTheLastFew() throws {
        let counter = ConversionCounter()
        let book = try Self.book(capacity: 2, counter: counter)
        _ = try book.section(0)
        _ = try book.section(0)
        #expect(counter.count.withLock { $0 } == 1)
        _ = try book.section(1)
        _ = try book.section(2)
        _ = try book.section(0)  // dropped when 2 came in
        #expect(counter.count.withLock { $0 } == 4)
        _ = try book.section(2)
        #expect(counter.count.withLock { $0 } == 4)
    }

    @Test func keepingEverySectionConvertsThemAheadOnAnotherThreadOnce() throws {
        let counter = ConversionCounter()
        let book = try Self.book(capacity: 2, counter: counter)
        book.keepAllSections()
        // Nothing is asked for: the sections are converted by the book's own thread.
        let deadline = ContinuousClock.now + .seconds(20)
        while counter.count.withLock({ $0 }) < Self.bodies.count, ContinuousClock.now < deadline {
            try? Thread.sleep(forTimeInterval: 0.01)
        }
        #expect(counter.count.withLock { $0 } == Self.bodies.count)
        for index in Self.bodies.indices { _ = try book.section(index) }
        book.keepAllSections()
        #expect(counter.count.withLock { $0 } == Self.bodies.count, "each section converted once, and kept")
        book.close()
        #expect(throws: ReaderError.self) { try book.section(0) }
    }

    @Test func aFailingSectionConvertedAheadStillFailsForItsReader() throws {
        let counter = ConversionCounter()
        let book = try Self.book(capacity: 2, counter: counter, failing: 1)
        book.keepAllSections()
        #expect(throws: ReaderError.self) { try book.section(1) }
        _ = try book.section(0)
        _ = try book.section(2)
        book.close()
    }

    @Test func errorsNameTheFileAndFormat() throws {
        let book = try Self.book(failing: 1)
        let outside = readerError { _ = try book.section(3) }
        #expect(outside?.kind == .invalidArgument)
        #expect(outside?.reason == "section 3 is outside 0..<3")
        let broken = readerError { _ = try book.section(1) }
        #expect(broken?.kind == .malformed)
        #expect(broken?.file == "book.epub")
        #expect(broken?.format == .epub)
    }

    @Test func findsSectionsByHrefTheFirstOfEqualOnesWinning() throws {
        let book = try Self.book()
        #expect(book.sectionIndex(forPath: "dir/b.xhtml") == 1)
        #expect(book.sectionIndex(forPath: "dir/b.xhtml#late") == nil)
        #expect(book.sectionIndex(forHref: "dir/b.xhtml#late") == 1)
        #expect(book.sectionIndex(forHref: "a.xhtml") == 0)
        #expect(book.sectionIndex(forHref: "b.xhtml") == nil)
    }

    @Test func locatorsRoundTripAndCarryPositions() throws {
        let book = try Self.book()
        let position = TextPosition(section: 1, block: 2, offset: 4)
        let (locator, offset, section) = try book.locator(at: position)
        #expect(locator.href == "dir/b.xhtml")
        #expect(locator.locations.offset == offset)
        #expect(locator.locations.progression == Double(offset) / Double(section.sourceLength))
        #expect(book.positions.counts == [3, 1, 1])
        #expect(locator.locations.position == 4)
        #expect(locator.locations.totalProgression == book.positions.totalProgression(section: 1, progression: locator.locations.progression!))
        #expect(try book.textPosition(for: locator, inSection: 1, anchorIDs: []) == position)
        // An anchor wins over the offset; an id the section lacks is passed over.
        let anchored = try book.textPosition(for: locator, inSection: 1, anchorIDs: ["nowhere", "middle"])
        #expect(anchored == TextPosition(section: 1, block: 1, offset: 0))
        var across = Locator(href: "elsewhere", type: "application/xhtml+xml")
        across.locations.position = 4
        #expect(try book.textPosition(acrossBook: across.locations)?.section == 1)
        across.locations.position = 99
        #expect(try book.textPosition(acrossBook: across.locations) == nil)
    }

    @Test func titlesAPositionByTheLastTargetAtOrBeforeIt() throws {
        let book = try Self.book()
        let targets = [
            HTMLTOCTarget(section: 0, title: "One"),
            HTMLTOCTarget(section: 1, fragments: ["missing", "late"], title: "Late"),
            HTMLTOCTarget(section: 1, fragments: ["middle"], title: "Middle"),
            HTMLTOCTarget(section: 2, offset: 5, title: "Three, later"),
        ]
        let middle = try book.section(1)
        let lateOffset = try #require(middle.sourceOffset(ofAnchor: "late"))
        let middleOffset = try #require(middle.sourceOffset(ofAnchor: "middle"))
        #expect(book.title(atSection: 1, sourceOffset: 0, targets: targets, section: middle) == "One")
        #expect(book.title(atSection: 1, sourceOffset: middleOffset, targets: targets, section: middle) == "Middle")
        #expect(book.title(atSection: 1, sourceOffset: lateOffset, targets: targets, section: middle) == "Late")
        // In an earlier section the last target in TOC order counts, wherever it points.
        #expect(book.title(atSection: 2, sourceOffset: 0, targets: targets, section: try book.section(2)) == "Middle")
        #expect(book.title(atSection: 2, sourceOffset: 5, targets: targets, section: try book.section(2)) == "Three, later")
        #expect(book.title(atSection: 0, sourceOffset: 0, targets: targets.dropFirst(), section: nil) == nil)
    }
}
