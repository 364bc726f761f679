import Foundation
import FuzzSupport
import ReaderCore
import ReaderFeeds

/// ReaderFeeds on one feed: the parser (sniffing RSS/RDF/Atom/JSON Feed, encodings, libxml2's
/// recovery and the HTML-entity retry, every element the model reads, URL resolution, dates, the
/// HTML sanitizer), the model's JSON form, and the feed as a document (one section per item). What
/// must hold:
///
/// - every date that was read prints in ISO 8601 (`FeedDate.iso8601`) and that text reads back to
///   the same instant, to the second;
/// - every HTML or XHTML value (titles, descriptions, summaries, content, rights, of the channel,
///   its items and their sources) is safe as `SanitizedHTML` reads it;
/// - the feed encodes to JSON, decodes, and encodes to the same JSON;
/// - as a document: what `EngineWalk` checks (Locators come back to where they were made, and to
///   their own item without their offset).
enum FeedChecks {
    static func check(_ bytes: [UInt8], path: String) {
        let origin = FeedOrigin(url: "https://example.org/blog/feed.xml")
        guard let feed = try? FeedParser.parse(bytes, name: "feed.rss", origin: origin) else { return }
        checkDates(of: feed)
        checkTexts(of: feed)
        checkJSONRoundTrip(feed, name: "feed")
        _ = feed.isWellFormed
        EngineWalk.walk(FeedDocument(path: path, feed: feed))
    }

    private static func checkDates(of feed: Feed) {
        var dates: [FeedDate?] = [feed.updated, feed.published]
        for entry in feed.entries {
            dates += [entry.published, entry.updated, entry.created, entry.expired, entry.source?.updated]
        }
        for case let date? in dates {
            guard let instant = date.date else { continue }
            guard let iso = date.iso8601 else { fuzzFail("\(date.raw): read, but no ISO 8601 form") }
            guard let again = FeedDateParser.parse(iso) else {
                fuzzFail("\(String(reflecting: date.raw)) read as \(instant.timeIntervalSince1970), printed \(iso), which does not read")
            }
            fuzzCheck(abs(again.timeIntervalSince(instant)) < 1,
                      "\(String(reflecting: date.raw)) read as \(instant.timeIntervalSince1970), printed \(iso), "
                          + "read back as \(again.timeIntervalSince1970)")
        }
    }

    private static func checkTexts(of feed: Feed) {
        var texts: [(String, FeedText?)] = [("title", feed.title), ("subtitle", feed.subtitle), ("rights", feed.rights)]
        for (index, entry) in feed.entries.enumerated() {
            texts += [("item \(index) title", entry.title), ("item \(index) summary", entry.summary),
                      ("item \(index) rights", entry.rights), ("item \(index) source title", entry.source?.title),
                      ("item \(index) source subtitle", entry.source?.subtitle), ("item \(index) source rights", entry.source?.rights)]
            texts += entry.content.map { ("item \(index) content", $0) }
        }
        for case let (name, text?) in texts where text.kind != .text {
            SanitizedHTML.check(text.value, context: name)
        }
    }
}
