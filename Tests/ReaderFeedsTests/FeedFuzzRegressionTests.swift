import Foundation
import ReaderCore
import ReaderFeeds
import Testing

/// Feeds that made the `feed` fuzz target (Fuzz/) fail, kept so the fixes stay fixed.
@Suite("Feeds: fuzzer regressions")
struct FeedFuzzRegressionTests {
    private func document(_ text: String) throws -> FeedDocument {
        FeedDocument(path: "/nonexistent/feed.rss", feed: try FeedParser.parse(Array(text.utf8), name: "feed.rss"))
    }

    /// Every position of every item, through the Locator's JSON, comes back to itself.
    private func expectRoundTrips(_ document: FeedDocument) throws {
        for section in document.readingOrder.indices {
            let blocks = try document.content(ofSection: section).blocks
            for block in blocks.indices {
                for offset in [0, blocks[block].text.utf16.count / 2] {
                    let position = TextPosition(section: section, block: block, offset: offset)
                    let locator = try document.locator(at: position)
                    let decoded = try Locator(jsonString: locator.jsonString())
                    #expect(try document.textPosition(for: decoded) == position, "\(locator.jsonString())")
                    var coarse = locator
                    coarse.locations.offset = nil
                    coarse.locations.fragments = nil
                    #expect(try document.textPosition(for: coarse).section == section, "\(locator.jsonString())")
                }
            }
        }
    }

    /// A guid with a fragment (a feedparser test feed from Delicious) was the item's href as it
    /// was; decoding a Locator's JSON moves an href's fragment into `fragments`, so the item was no
    /// longer found by its href and the Locator fell back to its book-wide position (the item's
    /// start), or to another item whose id is the same without the fragment. The `#` is now
    /// written `%23` in the href.
    @Test("an item whose id has a fragment keeps its Locators through JSON")
    func idWithFragment() throws {
        let document = try document("""
            <rss version="2.0"><channel><title>t</title>
            <item><title>rsync and vfat</title><guid isPermaLink="false">http://delicious.com/url/1746#wearehugh</guid>\
            <description>The keeper climbed the stairs to the lamp room.</description></item>
            <item><title>Empty fragment</title><guid isPermaLink="false">tag:example.org,2024:2#</guid>\
            <description>Fog came in from the sea.</description></item>
            <item><title>Plain</title><guid isPermaLink="false">http://delicious.com/url/1746</guid>\
            <description>A third item whose id is the first one's without its fragment.</description></item>
            </channel></rss>
            """)
        #expect(document.readingOrder.map(\.href) == [
            "http://delicious.com/url/1746%23wearehugh", "tag:example.org,2024:2%23", "http://delicious.com/url/1746",
        ])
        try expectRoundTrips(document)
    }

    /// An item without id or link got `item-N` even when an earlier item's id was `item-N`: two
    /// sections shared an href, and the second item's Locators led to the first.
    @Test("an item-N fallback never repeats an href an id took")
    func fallbackHrefCollision() throws {
        let document = try document("""
            <rss version="2.0"><channel><title>t</title>
            <item><title>First</title><guid>item-2</guid><description>The keeper climbed the stairs.</description></item>
            <item><title>Second</title><description>Fog came in from the sea.</description></item>
            <item><title>Third</title><guid>item-2-2</guid><description>Gulls on the rail.</description></item>
            <item><title>Fourth</title><description>Dawn.</description></item>
            </channel></rss>
            """)
        #expect(Set(document.readingOrder.map(\.href)).count == 4, "\(document.readingOrder.map(\.href))")
        #expect(document.readingOrder.map(\.href) == ["item-2", "item-2-2", "item-3", "item-4"])
        try expectRoundTrips(document)
    }
}

/// Dates that made the `feed` fuzz target (Fuzz/) fail, kept so the fixes stay fixed.
@Suite("Feed dates: fuzzer regressions")
struct FeedDateFuzzRegressionTests {
    /// The parser reads dates in the proleptic Gregorian calendar, but `iso8601(of:)` printed them
    /// with Foundation's Gregorian calendar, which is Julian before 1582-10-15: "Thu, 01 Jan 200#"
    /// (year 200) printed as 0200-01-02, and Go's zero time (0001-01-01T00:00:00Z, in feeds that leave a date
    /// unset) as 0001-01-03. Printing now uses the parser's own arithmetic.
    @Test("a date printed in ISO 8601 reads back to the same instant, before 1582 too",
          arguments: [
              ("Thu, 01 Jan 200#", "0200-01-01T00:00:00Z"),
              ("0001-01-01T00:00:00Z", "0001-01-01T00:00:00Z"),
              ("1582-10-04T23:59:59Z", "1582-10-04T23:59:59Z"),
              ("1582-10-15T00:00:00Z", "1582-10-15T00:00:00Z"),
              ("1600-02-29T12:30:00+02:00", "1600-02-29T10:30:00Z"),
              ("1969-12-31T23:59:59.5Z", "1969-12-31T23:59:59Z"),
              ("2024-02-29T23:59:59Z", "2024-02-29T23:59:59Z"),
              ("9999-12-31T23:59:59Z", "9999-12-31T23:59:59Z"),
          ])
    func earlyDates(_ raw: String, _ printed: String) throws {
        let date = try #require(FeedDateParser.parse(raw))
        #expect(FeedDateParser.iso8601(of: date) == printed)
        #expect(FeedDateParser.parse(printed)?.timeIntervalSince1970 == date.timeIntervalSince1970.rounded(.down))
        #expect(FeedDate(raw: raw).iso8601 == printed)
    }
}
