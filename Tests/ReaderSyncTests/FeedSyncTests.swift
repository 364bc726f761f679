import Foundation
import ReaderCore
import ReaderFetch
import ReaderSync
import ReaderTestSupport
import Testing

@Suite("feeds sync into a Markdown folder", .serialized)
struct FeedSyncTests {
    static let bookmarked = Date(timeIntervalSince1970: 1_709_631_000)  // 2024-03-05T09:30:00Z

    @Test("articles written once, the feed's content when the page fails or is thin; a second run fetches nothing new")
    func syncTwice() async throws {
        let folder = try temporaryFolder("reader-sync")
        defer { try? FileManager.default.removeItem(at: folder) }
        try await withServer { fetcher, server in
            let list = try FeedList.parse("""
                # fixture feeds
                \(server.url("/feeds/one.xml"))  Fixture One
                \(server.url("/feeds/two.xml"))\tFixture Two

                \(server.url("/feeds/really-html")) Blog page
                \(server.url("/feeds/html-no-feed")) Not a feed
                \(server.url("/corpus-feed/wellformed/rss/item_description_code_br.xml")) Corpus
                """, file: "feeds.txt")
            #expect(list.count == 5)
            #expect(list[0].name == "Fixture One" && list[1].name == "Fixture Two")

            var sync = try FeedSync(folder: folder.path, fetcher: fetcher, concurrency: 3)
            sync.bookmarked = Self.bookmarked
            let report = await sync.run(list)
            let titles = report.written.filter { $0.feed != "Corpus" }.map(\.title).sorted()
            #expect(titles == ["Missing page story", "Second story", "Shared story", "Thin page story", "Third story"],
                    "\(report.summaryLines)")
            let corpusItems = report.written.filter { $0.feed == "Corpus" }
            #expect(corpusItems.map(\.source) == ["feed"], "feedparser's item links to a page that is not here: its description is used")
            #expect(report.failures.isEmpty, "\(report.failures)")
            #expect(report.skipped == 5, "the shared story again, and the four items of the feed the blog page declares (Fixture One)")
            #expect(report.written.filter { $0.title == "Shared story" }.count == 1, "the same item in two feeds is written once")
            #expect(server.requests(to: "/page/001") == 1)
            let sources = Dictionary(uniqueKeysWithValues: report.written.map { ($0.title, $0.source) })
            #expect(sources["Missing page story"] == "feed")
            #expect(sources["Thin page story"] == "feed")
            #expect(sources["Second story"] == "article")
            #expect(report.feeds.map(\.status) == ["fetched", "fetched", "fetched", "failed", "fetched"])
            #expect(report.feeds[3].reason?.contains("declares no feed") == true)
            #expect(!report.everythingFailed)

            let files = markdownFiles(in: folder)
            #expect(files.allSatisfy { $0.hasPrefix("2024/03/2024-03-05-") }, "\(files)")
            let shared = try String(contentsOf: folder.appendingPathComponent("2024/03/2024-03-05-shared-story.md"), encoding: .utf8)
            #expect(shared.hasPrefix("""
                ---
                title: "Shared story"
                url: \(server.url("/page/001"))
                bookmarked: 2024-03-05T09:30:00Z
                published: 2024-03-05T09:30:00Z
                domain: 127.0.0.1
                feed: Fixture One
                lang: en
                categories: ["testing"]
                author: "Fixture Writer"
                excerpt: "A story both feeds carry."
                """), "\(shared.prefix(600))")
            let missing = try String(contentsOf: folder.appendingPathComponent("2024/03/2024-03-05-missing-page-story.md"), encoding: .utf8)
            #expect(missing.contains("Fallback paragraph two."))

            // Second run: feeds answer 304, every item is known, no page is fetched.
            let pagesBefore = server.requestedPaths.filter { !$0.hasPrefix("/feeds/") && !$0.hasPrefix("/corpus-feed/") }.count
            let again = await sync.run(list)
            #expect(again.written.isEmpty, "\(again.summaryLines)")
            #expect(again.failures.isEmpty)
            #expect(again.feeds[0].status == "not-modified" && again.feeds[1].status == "not-modified")
            #expect(server.requestedPaths.filter { !$0.hasPrefix("/feeds/") && !$0.hasPrefix("/corpus-feed/") }.count == pagesBefore)
            #expect(markdownFiles(in: folder) == files)
            #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent(".reader-feeds.sqlite").path))
        }
    }

    @Test("a feed list with a line that is no address is refused, naming the line")
    func badList() {
        let error = readerError { _ = try FeedList.parse("https://example.org/feed.xml\nnot a url\n", file: "feeds.txt") }
        #expect(error?.code == .invalidArgument)
        #expect(error?.reason.hasPrefix("line 2:") == true)
        #expect(readerError { _ = try FeedList.parse("# nothing\n\n", file: "feeds.txt") }?.code == .invalidArgument)
    }

    @Test("every feed failing is everything failed")
    func allFail() async throws {
        let folder = try temporaryFolder("reader-sync-fail")
        defer { try? FileManager.default.removeItem(at: folder) }
        try await withServer { fetcher, server in
            let sync = try FeedSync(folder: folder.path, fetcher: fetcher)
            let report = await sync.run([FeedSubscription(url: server.url("/status/403"), name: "Closed"),
                                         FeedSubscription(url: server.url("/feeds/none.xml"), name: "Gone")])
            #expect(report.everythingFailed)
            #expect(report.feeds.map(\.reason).allSatisfy { $0 != nil })
            #expect(report.summaryLines.first?.contains("HTTP 403") == true, "\(report.summaryLines)")
        }
    }
}
