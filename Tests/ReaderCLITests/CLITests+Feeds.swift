import Foundation
import ReaderCore
import ReaderEngine
import ReaderTestSupport
import Testing

extension CLITests {
    static let sampleFeed = """
    <?xml version="1.0" encoding="utf-8"?>
    <rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/">
    <channel>
      <title>CLI Feed</title><link>https://cli.example/</link><description>Testing</description><language>en</language>
      <item><title>Alpha item</title><link>https://cli.example/a</link><guid>https://cli.example/a</guid>
        <pubDate>Mon, 01 Jan 2024 00:00:00 GMT</pubDate>
        <content:encoded><![CDATA[<p>Alpha body with <em>emphasis</em>.</p><script>evil()</script>]]></content:encoded></item>
      <item><title>Beta item</title><link>https://cli.example/b</link><description>Beta body.</description></item>
    </channel>
    </rss>
    """

    private func writeFeed(_ text: String, named name: String, in directory: URL) throws -> String {
        let url = directory.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    @Test("open, toc and text read an RSS feed named .xml: items as sections, no script text")
    func openFeed() throws {
        try withCacheDirectory { cache in
            let path = try writeFeed(Self.sampleFeed, named: "feed.xml", in: cache)
            let open = try ReaderExecutable.run(["open", path, "--page", "1", "--width", "60", "--height", "20", "--no-cache"], cacheDirectory: cache)
            #expect(open.status == 0, "\(open)")
            #expect(open.stderr.isEmpty)
            #expect(open.lines.first == "Alpha item")
            #expect(open.stdout.contains("Alpha body with emphasis."))
            #expect(!open.stdout.contains("evil"))

            let toc = try ReaderExecutable.run(["toc", path, "--json"], cacheDirectory: cache)
            #expect(toc.status == 0, "\(toc)")
            let entries = try #require(try JSONSerialization.jsonObject(with: Data(toc.stdout.utf8)) as? [[String: Any]])
            #expect(entries.map { $0["title"] as? String } == ["Alpha item", "Beta item"])

            let text = try ReaderExecutable.run(["text", path], cacheDirectory: cache)
            #expect(text.status == 0, "\(text)")
            #expect(text.stdout.contains("Beta body."))
            // The library gives the same sections.
            let document = try ReaderEngine.standard.open(path: path)
            #expect(document.format.rawValue == "feed")
            #expect(document.readingOrder.map(\.href) == ["https://cli.example/a", "https://cli.example/b"])
        }
    }

    @Test("info of an ill-formed feed: it opens, with a typed malformed-content warning")
    func infoIllFormedFeed() throws {
        try withCacheDirectory { cache in
            let path = try writeFeed("<rss version=\"2.0\"><channel><title>Broken&nbsp;feed</title><item><title>Only</title></item></channel></rss>",
                                     named: "broken.rss", in: cache)
            let result = try ReaderExecutable.run(["info", path, "--json", "--width", "80", "--height", "24"], cacheDirectory: cache)
            #expect(result.status == 0, "\(result)")
            let report = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
            let warnings = try #require(report["warnings"] as? [[String: Any]])
            #expect(warnings.first?["code"] as? String == "malformed-content")
            #expect((report["metadata"] as? [String: Any])?["title"] as? String == "Broken feed", "a title's white space is collapsed")
        }
    }

    @Test("open of a JSON Feed file works by content")
    func openJSONFeed() throws {
        try withCacheDirectory { cache in
            let path = try writeFeed(#"{"version": "https://jsonfeed.org/version/1.1", "title": "J", "items": [{"id": "1", "title": "Jay", "content_text": "Plain words."}]}"#,
                                     named: "feed.json", in: cache)
            let result = try ReaderExecutable.run(["text", path], cacheDirectory: cache)
            #expect(result.status == 0, "\(result)")
            #expect(result.lines == ["Jay", "", "Plain words."])
        }
    }

    @Test("opds lists a catalog page; --json gives the page; a non-catalog and a remote address are one-line errors")
    func opdsListing() throws {
        try withCacheDirectory { cache in
            let sample = TestLocation.opdsSamples.appendingPathComponent("wiki_1_1.opds").path
            guard FileManager.default.fileExists(atPath: sample) else { return }
            let list = try ReaderExecutable.run(["opds", sample, "--base", "https://c.example/opds/page.xml"], cacheDirectory: cache)
            #expect(list.status == 0, "\(list)")
            #expect(list.lines.first == "Unpopular Publications  (OPDS 1.2)")
            #expect(list.lines.contains("• Bob, Son of Bob — Bob the Recursive"))
            #expect(list.lines.contains("    generic application/epub+zip  https://c.example/content/free/4561.epub"))

            let json = try ReaderExecutable.run(["opds", sample, "--json"], cacheDirectory: cache)
            #expect(json.status == 0, "\(json)")
            let page = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
            #expect((page["publications"] as? [Any])?.count == 2)

            let notCatalog = try writeFeed("<html><body>no</body></html>", named: "page.html", in: cache)
            let refused = try ReaderExecutable.run(["opds", notCatalog], cacheDirectory: cache)
            #expect(refused.status == 1)
            #expect(refused.errorLines.count == 1)
            #expect(refused.stderr.contains("not an OPDS catalog"))

            let remote = try ReaderExecutable.run(["opds", "https://example.org/opds"], cacheDirectory: cache)
            #expect(remote.status == 1)
            #expect(remote.errorLines.count == 1)
        }
    }
}
