import Foundation
import ReaderFeeds
import Testing

@Suite("Feed dates: RFC 822, RFC 3339 and the broken variants")
struct FeedDateParserTests {
    @Test("readable forms", arguments: [
        ("Thu, 01 Jan 2004 19:48:21 GMT", "2004-01-01T19:48:21Z"),
        ("Thu, 01 Jan 2004 19:48:21 +0200", "2004-01-01T17:48:21Z"),
        ("01 Jan 2004 19:48 EST", "2004-01-02T00:48:00Z"),
        ("Thu, 1 January 2004 19:48:21", "2004-01-01T19:48:21Z"),
        ("Thu, 01 Jan 04 19:48:21 GMT", "2004-01-01T19:48:21Z"),
        ("Thursday, 01 Jan 2004 19:48:21 -0800", "2004-01-02T03:48:21Z"),
        ("2004-01-01T19:48:21Z", "2004-01-01T19:48:21Z"),
        ("2004-01-01T19:48:21.25+01:00", "2004-01-01T18:48:21Z"),
        ("2004-01-01 19:48:21", "2004-01-01T19:48:21Z"),
        ("2004-01-01T19:48Z", "2004-01-01T19:48:00Z"),
        ("2004-01-01T19:48:21-0500", "2004-01-02T00:48:21Z"),
        ("2004-01-01", "2004-01-01T00:00:00Z"),
        ("2004-01", "2004-01-01T00:00:00Z"),
        ("20040101", "2004-01-01T00:00:00Z"),
        ("Sun Jan  4 16:29:06 PST 2004", "2004-01-05T00:29:06Z"),
    ])
    func readable(_ text: String, _ expected: String) throws {
        let date = try #require(FeedDateParser.parse(text), "\(text)")
        #expect(FeedDateParser.iso8601(of: date) == expected)
    }

    @Test("unreadable forms give nil, never a wrong date", arguments: ["", "yesterday", "2004-13-01", "32 Jan 2004", "Jan 2004 1:2:3"])
    func unreadable(_ text: String) {
        #expect(FeedDateParser.parse(text) == nil)
    }
}
