import Foundation
import ReaderCore
import ReaderFeeds
import ReaderTestSupport
import Testing

@Suite("Feeds as documents: one section per item, items as the TOC, Locators per item")
struct FeedDocumentTests {
    private func open(_ text: String, name: String = "feed.rss") throws -> any Document {
        try withTemporaryDirectory(prefix: "feeds") { directory in
            let url = directory.appendingPathComponent(name)
            try Data(text.utf8).write(to: url)
            let sample = Array(text.utf8.prefix(FormatSniffer.sampleSize))
            let registry = FormatRegistry(backends: [FeedBackend()])
            #expect(registry.sniff(sample: sample, fileExtension: (name as NSString).pathExtension)?.format == .feed)
            let document = try FeedBackend().open(path: url.path, format: .feed, options: OpenOptions())
            // Read everything while the file exists.
            _ = try document.fingerprint()
            for index in document.readingOrder.indices { _ = try document.content(ofSection: index) }
            return document
        }
    }

    @Test("sections, headings, byline, content blocks with link runs, TOC and metadata")
    func structure() throws {
        let document = try open(FeedParserTests.rss)
        #expect(document.format == .feed)
        #expect(document.readingOrder.map(\.href) == ["tag:example.org,2024:1", "https://example.org/blog/posts/2"])
        #expect(document.metadata.title == "Example & Co")
        #expect(document.metadata.language == "en-GB")
        #expect(document.metadata.authors == ["Ed Itor"])
        let toc = try document.tableOfContents()
        #expect(toc.map(\.title) == ["First post", "Second"])
        let blocks = try document.content(ofSection: 0).blocks
        #expect(blocks.first?.kind == .heading(level: 1))
        #expect(blocks.first?.text == "First post")
        #expect(blocks.dropFirst().first?.text == "Ann Author · 2024-03-05")
        let paragraph = try #require(blocks.first { $0.text.hasPrefix("Hello") })
        #expect(paragraph.text == "Hello about")
        #expect(paragraph.runs.contains { $0.style == .link(.parsing("https://example.org/about")) })
        #expect(!blocks.contains { $0.text.contains("alert") }, "scripts never reach the blocks")
        #expect(try document.content(ofSection: 1).blocks.map(\.text) == ["Second", "2024-03-05", "Plain second"])
    }

    @Test("every block start's Locator resolves back to it, and names its item")
    func locatorsRoundTrip() throws {
        let document = try open(FeedParserTests.rss)
        for section in document.readingOrder.indices {
            let blocks = try document.content(ofSection: section).blocks
            for block in blocks.indices where !blocks[block].text.isEmpty {
                let position = TextPosition(section: section, block: block, offset: 0)
                let locator = try document.locator(at: position)
                #expect(locator.href == document.readingOrder[section].href)
                #expect(locator.title == document.readingOrder[section].title)
                #expect(try document.textPosition(for: locator) == position)
            }
        }
    }

    @Test("a feed without items has one section: the channel's title and description")
    func noItems() throws {
        let document = try open(#"{"version": "https://jsonfeed.org/version/1", "title": "Empty", "description": "Nothing yet", "items": []}"#,
                                name: "feed.json")
        #expect(document.readingOrder.count == 1)
        #expect(try document.content(ofSection: 0).blocks.map(\.text) == ["Empty", "Nothing yet"])
    }

    @Test("an ill-formed feed opens with a typed warning")
    func recoveredWarning() throws {
        let document = try open("<rss version=\"2.0\"><channel><title>T&nbsp;</title><item><title>A</title></item></channel></rss>")
        let warning = try #require(document.warnings.first)
        #expect(warning.code == .malformedContent)
        #expect(warning.severity == .errorRecovered)
        #expect(document.readingOrder.count == 1)
    }
}
