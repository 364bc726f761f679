import Foundation
import ReaderCore
import ReaderFeeds
import ReaderTestSupport
import Testing

@Suite("Feed parsing: RSS, RDF, Atom and JSON Feed into the feed model")
struct FeedParserTests {
    static let rss = """
    <?xml version="1.0" encoding="utf-8"?>
    <rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/"
         xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd" xmlns:media="http://search.yahoo.com/mrss/"
         xmlns:wfw="http://wellformedweb.org/CommentAPI/" xmlns:slash="http://purl.org/rss/1.0/modules/slash/">
    <channel xml:base="https://example.org/blog/">
      <title>Example &amp; Co</title>
      <link>https://example.org/</link>
      <description>Notes</description>
      <language>en-GB</language>
      <managingEditor>ed@example.org (Ed Itor)</managingEditor>
      <itunes:explicit>no</itunes:explicit>
      <item>
        <title>First post</title>
        <link>posts/1</link>
        <guid isPermaLink="false">tag:example.org,2024:1</guid>
        <dc:creator>Ann Author</dc:creator>
        <category domain="https://example.org/tags">swift</category>
        <pubDate>Tue, 05 Mar 2024 10:20:30 +0100</pubDate>
        <description>Short &lt;b&gt;summary&lt;/b&gt;</description>
        <content:encoded><![CDATA[<p>Hello <a href="../about" onclick="steal()">about</a><script>alert(1)</script></p><img src="img/a.png" alt="A"/>]]></content:encoded>
        <enclosure url="audio/1.mp3" length="1234" type="audio/mpeg"/>
        <itunes:duration>1:02:03</itunes:duration>
        <comments>posts/1#comments</comments>
        <wfw:commentRss>posts/1/feed</wfw:commentRss>
        <slash:comments>7</slash:comments>
        <media:thumbnail url="thumbs/1.jpg" width="120"/>
      </item>
      <item>
        <title>Second</title>
        <guid>https://example.org/blog/posts/2</guid>
        <pubDate>5 Mar 24 10:20 EST</pubDate>
        <description>Plain second</description>
      </item>
    </channel>
    </rss>
    """

    @Test("RSS 2.0: channel metadata, items, content:encoded sanitized, xml:base, enclosures, iTunes, comments")
    func rss20() throws {
        let feed = try FeedParser.parse(Array(Self.rss.utf8), name: "test.rss")
        #expect(feed.kind == .rss20)
        #expect(feed.isWellFormed)
        #expect(feed.title?.value == "Example & Co")
        #expect(feed.link == "https://example.org/")
        #expect(feed.language == "en-GB")
        #expect(feed.authors == [FeedPerson(name: "Ed Itor", email: "ed@example.org")])
        #expect(feed.podcast.isExplicit == false)
        #expect(feed.entries.count == 2)
        let first = feed.entries[0]
        #expect(first.title?.value == "First post")
        #expect(first.link == "https://example.org/blog/posts/1")
        #expect(first.id == "tag:example.org,2024:1")
        #expect(first.guidIsPermalink == false)
        #expect(first.authors.first?.name == "Ann Author")
        #expect(first.categories == [FeedCategory(term: "swift", scheme: "https://example.org/tags")])
        #expect(first.published?.iso8601 == "2024-03-05T09:20:30Z")
        #expect(first.summary?.kind == .html)
        #expect(first.summary?.value == "Short <b>summary</b>")
        let content = try #require(first.content.first)
        #expect(content.kind == .html)
        #expect(content.value == #"<p>Hello <a href="https://example.org/about">about</a></p><img src="https://example.org/blog/img/a.png" alt="A" />"#)
        #expect(first.enclosures == [FeedEnclosure(url: "https://example.org/blog/audio/1.mp3", type: "audio/mpeg", length: "1234")])
        #expect(first.podcast.duration == "1:02:03")
        #expect(first.podcast.durationSeconds == 3723)
        #expect(first.comments == "https://example.org/blog/posts/1#comments")
        #expect(first.commentsFeed == "https://example.org/blog/posts/1/feed")
        #expect(first.commentCount == 7)
        #expect(first.thumbnails.first?.url == "https://example.org/blog/thumbs/1.jpg")
        let second = feed.entries[1]
        #expect(second.link == "https://example.org/blog/posts/2", "a permalink guid is the link")
        #expect(second.published?.iso8601 == "2024-03-05T15:20:00Z", "a two-digit year, no seconds and a US zone")
    }

    @Test("Atom 1.0: XHTML content, xml:base on the entry, persons, links by relation, dates")
    func atom10() throws {
        let xml = """
        <feed xmlns="http://www.w3.org/2005/Atom" xml:lang="fr" xml:base="https://example.com/">
          <title type="html">A &lt;em&gt;feed&lt;/em&gt;</title>
          <id>urn:uuid:1</id>
          <updated>2024-01-02T03:04:05.5+02:00</updated>
          <link rel="self" href="/feed.atom"/>
          <link href="/"/>
          <author><name>Bea</name><email>bea@example.com</email><uri>/bea</uri></author>
          <entry xml:base="posts/">
            <title>Entrée</title>
            <id>urn:uuid:2</id>
            <link rel="alternate" type="text/html" href="one.html"/>
            <link rel="enclosure" href="one.mp3" type="audio/mpeg" length="10"/>
            <published>2024-01-01</published>
            <content type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml"><p>See <a href="two.html">two</a>.</p></div></content>
            <summary>Short</summary>
          </entry>
        </feed>
        """
        let feed = try FeedParser.parse(Array(xml.utf8), name: "test.atom")
        #expect(feed.kind == .atom10)
        #expect(feed.title == FeedText(value: "A <em>feed</em>", kind: .html, language: "fr", base: "https://example.com/"))
        #expect(feed.language == "fr")
        #expect(feed.updated?.iso8601 == "2024-01-02T01:04:05Z")
        #expect(feed.link == "https://example.com/")
        #expect(feed.links.first == FeedLink(href: "https://example.com/feed.atom", rel: "self", type: "application/atom+xml"))
        #expect(feed.authors == [FeedPerson(name: "Bea", email: "bea@example.com", uri: "https://example.com/bea")])
        let entry = try #require(feed.entries.first)
        #expect(entry.link == "https://example.com/posts/one.html")
        #expect(entry.enclosures.first?.url == "https://example.com/posts/one.mp3")
        #expect(entry.published?.iso8601 == "2024-01-01T00:00:00Z")
        #expect(entry.content.first?.kind == .xhtml)
        #expect(entry.content.first?.value == #"<p>See <a href="https://example.com/posts/two.html">two</a>.</p>"#)
        #expect(entry.summary?.value == "Short")
    }

    @Test("RSS 1.0 (RDF): items beside the channel, rdf:about as id, Dublin Core dates")
    func rdf() throws {
        let xml = """
        <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/"
                 xmlns:dc="http://purl.org/dc/elements/1.1/">
          <channel rdf:about="http://example.org/"><title>RDF feed</title><link>http://example.org/</link></channel>
          <item rdf:about="http://example.org/1"><title>One</title><link>http://example.org/1</link>
            <dc:date>2003-12-31T10:14:55Z</dc:date><dc:subject>tag</dc:subject></item>
        </rdf:RDF>
        """
        let feed = try FeedParser.parse(Array(xml.utf8), name: "test.rdf")
        #expect(feed.kind == .rss10)
        #expect(feed.title?.value == "RDF feed")
        #expect(feed.entries.map(\.id) == ["http://example.org/1"])
        #expect(feed.entries.first?.updated?.iso8601 == "2003-12-31T10:14:55Z")
        #expect(feed.entries.first?.categories.first?.term == "tag")
    }

    @Test("JSON Feed 1.1: items with HTML content, authors, tags, attachments with durations")
    func jsonFeed() throws {
        let json = """
        {"version": "https://jsonfeed.org/version/1.1", "title": "J", "home_page_url": "https://j.example/",
         "feed_url": "https://j.example/feed.json", "authors": [{"name": "Jo"}], "language": "de",
         "items": [{"id": 1, "url": "https://j.example/1", "title": "One", "content_html": "<p>Hi<script>x()</script></p>",
                    "date_published": "2024-05-06T07:08:09Z", "tags": ["a", "b"],
                    "attachments": [{"url": "https://j.example/1.mp3", "mime_type": "audio/mpeg", "duration_in_seconds": 61}]}]}
        """
        let feed = try FeedParser.parse(Array(json.utf8), name: "feed.json")
        #expect(feed.kind == .json11)
        #expect(feed.title?.value == "J")
        #expect(feed.link == "https://j.example/")
        #expect(feed.authors.first?.name == "Jo")
        let item = try #require(feed.entries.first)
        #expect(item.id == "1")
        #expect(item.content.first?.value == "<p>Hi</p>")
        #expect(item.categories.map(\.term) == ["a", "b"])
        #expect(item.enclosures.first?.durationSeconds == 61)
        #expect(item.language == "de")
    }

    @Test("not a feed: XML with another root is refused as unsupported, garbage as malformed")
    func notAFeed() {
        let html = readerError { _ = try FeedParser.parse(Array("<html><body>hi</body></html>".utf8), name: "page.xml") }
        #expect(html?.kind == .unsupportedFormat)
        #expect(html?.description.contains("page.xml") == true)
        let empty = readerError { _ = try FeedParser.parse(Array("   ".utf8), name: "empty.rss") }
        #expect(empty?.kind == .malformed)
        let json = readerError { _ = try FeedParser.parse(Array(#"{"a": 1}"#.utf8), name: "x.json") }
        #expect(json?.kind == .unsupportedFormat)
    }
}
