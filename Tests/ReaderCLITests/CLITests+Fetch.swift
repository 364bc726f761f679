import Foundation
import ReaderTestSupport
import Testing

/// `reader fetch`, `reader feeds sync` and `reader opds URL` against the local fixture server.
@Suite("fetching over HTTP on the command line", .serialized,
       .enabled(if: ReaderExecutable.url != nil, "the reader executable was not built"))
struct FetchCommandTests {
    static let quick = ["--timeout", "60", "--retry-delays", "0.05,0.1"]

    @Test("fetch writes the article as Markdown or HTML, prints it without --to, refuses what is not http(s)")
    func fetch() throws {
        let server = try FixtureHTTPServer()
        defer { server.stop() }
        try withTemporaryDirectory(prefix: "reader-cli-fetch") { folder in
            let out = folder.appendingPathComponent("articles")
            let written = try ReaderExecutable.run(["fetch", server.url("/page/001"), "--to", out.path] + Self.quick, cacheDirectory: folder)
            #expect(written.status == 0, "\(written)")
            let path = try #require(written.lines.first)
            #expect(written.lines.count == 1)
            #expect(path.hasPrefix(out.path + "/") && path.hasSuffix(".md"))
            let markdown = try String(contentsOfFile: path, encoding: .utf8)
            #expect(markdown.hasPrefix("---\ntitle: "))
            #expect(markdown.contains("\nurl: \(server.url("/page/001"))\n"))
            #expect(markdown.contains("\ndomain: 127.0.0.1\n"))

            let html = try ReaderExecutable.run(["fetch", server.url("/gzip/page/002"), "--to", out.path, "--format", "html"] + Self.quick,
                                                cacheDirectory: folder)
            #expect(html.status == 0, "\(html)")
            #expect(html.lines.first?.hasSuffix(".html") == true)
            let page = try String(contentsOfFile: try #require(html.lines.first), encoding: .utf8)
            #expect(page.hasPrefix("<!DOCTYPE html>"))

            let printed = try ReaderExecutable.run(["fetch", server.url("/page/001")] + Self.quick, cacheDirectory: folder)
            #expect(printed.status == 0)
            #expect(printed.stdout.hasPrefix("---\ntitle: "))

            let missing = try ReaderExecutable.run(["fetch", server.url("/status/404")] + Self.quick, cacheDirectory: folder)
            #expect(missing.status == 1)
            #expect(missing.errorLines == ["reader: \(server.url("/status/404")): the server answered HTTP 404 (Not Found)"])
            let notHTTP = try ReaderExecutable.run(["fetch", "file:///etc/passwd"], cacheDirectory: folder)
            #expect(notHTTP.status == 2)
            let slow = try ReaderExecutable.run(["fetch", server.url("/slow?seconds=5"), "--timeout", "0.5", "--retry-delays", ""],
                                                cacheDirectory: folder)
            #expect(slow.status == 1)
            #expect(slow.stderr.contains("timed out"), "\(slow)")
        }
    }

    @Test("feeds sync writes new articles once; a second run fetches no article (the server's log says so)")
    func feedsSync() throws {
        let server = try FixtureHTTPServer()
        defer { server.stop() }
        try withTemporaryDirectory(prefix: "reader-cli-feeds") { folder in
            let config = folder.appendingPathComponent("feeds.txt")
            try Data("""
                # two fixture feeds that share an item
                \(server.url("/feeds/one.xml")) Fixture One
                \(server.url("/feeds/two.xml")) Fixture Two
                """.utf8).write(to: config)
            let out = folder.appendingPathComponent("articles")
            let first = try ReaderExecutable.run(["feeds", "sync", "--config", config.path, "--to", out.path] + Self.quick,
                                                 cacheDirectory: folder)
            #expect(first.status == 0, "\(first)")
            #expect(first.lines.filter { $0.hasPrefix("new: ") }.count == 5, "\(first)")
            #expect(first.lines.last == "2 feeds (0 not modified, 0 failed): 5 new (2 from the feed's own content), 1 skipped, 0 failed")
            #expect(first.stderr.isEmpty, "no progress display when standard error is no terminal")
            let pagesAfterFirst = server.requestedPaths.filter { !$0.hasPrefix("/feeds/") }
            #expect(pagesAfterFirst.count == 5, "\(pagesAfterFirst)")

            let second = try ReaderExecutable.run(["feeds", "sync", "--config", config.path, "--to", out.path] + Self.quick,
                                                  cacheDirectory: folder)
            #expect(second.status == 0, "\(second)")
            #expect(second.lines == ["2 feeds (2 not modified, 0 failed): 0 new, 6 skipped, 0 failed"])
            #expect(server.requestedPaths.filter { !$0.hasPrefix("/feeds/") } == pagesAfterFirst, "nothing but the feeds fetched again")

            // A written article opens with its front matter in its metadata.
            let path = String(try #require(first.lines.first { $0.contains("third-story") }).dropFirst("new: ".count))
            let info = try ReaderExecutable.run(["info", path, "--json"], cacheDirectory: folder)
            #expect(info.status == 0, "\(info)")
            #expect(info.stdout.contains("Atom Author"))

            try Data("not a feed address\n".utf8).write(to: config)
            let bad = try ReaderExecutable.run(["feeds", "sync", "--config", config.path, "--to", out.path], cacheDirectory: folder)
            #expect(bad.status == 2)
            #expect(bad.errorLines.count == 1 && bad.stderr.contains("line 1"), "\(bad)")

            try Data("\(server.url("/status/403")) Closed\n".utf8).write(to: config)
            let failed = try ReaderExecutable.run(["feeds", "sync", "--config", config.path, "--to", out.path] + Self.quick,
                                                  cacheDirectory: folder)
            #expect(failed.status == 1, "everything failed")
            #expect(failed.stdout.contains("failed feed Closed: \(server.url("/status/403")): the server answered HTTP 403"), "\(failed)")
        }
    }

    @Test("opds URL lists, searches, and downloads into a temporary library")
    func opds() throws {
        let server = try FixtureHTTPServer()
        defer { server.stop() }
        try withTemporaryDirectory(prefix: "reader-cli-opds") { folder in
            let catalog = server.url("/opds/catalog.xml")
            let listing = try ReaderExecutable.run(["opds", catalog] + Self.quick, cacheDirectory: folder)
            #expect(listing.status == 0, "\(listing)")
            #expect(listing.lines.first == "Fixture Catalog  (OPDS 1.2)")
            #expect(listing.stdout.contains("    open-access application/epub+zip  \(server.url("/books/lighthouse-keeper.epub"))"))
            let search = try ReaderExecutable.run(["opds", catalog, "--search", "moon", "--json"] + Self.quick, cacheDirectory: folder)
            #expect(search.status == 0)
            #expect(search.stdout.contains("Moon Garden") && !search.stdout.contains("Lighthouse"))

            // A library must exist for the download to be added to it.
            let seed = folder.appendingPathComponent("seed.txt")
            try Data("A line of text.\n".utf8).write(to: seed)
            #expect(try ReaderExecutable.run(["library", "add", seed.path], cacheDirectory: folder).status == 0)
            let books = folder.appendingPathComponent("books")
            let download = try ReaderExecutable.run(["opds", catalog, "--download", "The Lighthouse Keeper", "--to", books.path] + Self.quick,
                                                    cacheDirectory: folder)
            #expect(download.status == 0, "\(download)")
            #expect(download.lines == [books.appendingPathComponent("the-lighthouse-keeper.epub").path, "added to the library"])
            let list = try ReaderExecutable.run(["library", "list"], cacheDirectory: folder)
            #expect(list.stdout.contains("Lighthouse"), "\(list)")

            let nothing = try ReaderExecutable.run(["opds", catalog, "--download", "Nonexistent"] + Self.quick, cacheDirectory: folder)
            #expect(nothing.status == 2)
        }
    }
}
