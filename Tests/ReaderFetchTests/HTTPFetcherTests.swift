import Foundation
import ReaderCore
@testable import ReaderFetch
import ReaderTestSupport
import Testing

@Suite("HTTP fetching against a local fixture server", .ownThreads, .serialized)
struct HTTPFetcherTests {
    @Test("a page comes back whole, with its type and an honest User-Agent")
    func page() async throws {
        try await withFetcher { fetcher, server in
            let resource = try await fetcher.fetch(server.url("/page/001"))
            #expect(resource.status == 200)
            #expect(resource.body == (try corpusPage("001")))
            #expect(resource.mediaType == "text/html")
            let line = try #require(server.log.first { $0.hasPrefix("GET /page/001 ") })
            #expect(line.hasSuffix("ua=reader/9.9.9 (\(UserAgent.description))"), "\(line)")
        }
    }

    @Test("gzip and deflate bodies are decompressed")
    func compressed() async throws {
        try await withFetcher { fetcher, server in
            let gzipped = try await fetcher.fetch(server.url("/gzip/page/002"))
            #expect(gzipped.body == (try corpusPage("002")))
            let deflated = try await fetcher.fetch(server.url("/deflate/page/003-metadata-preferred"))
            #expect(deflated.body == (try corpusPage("003-metadata-preferred")))
        }
    }

    @Test("403 and 404 fail at once, typed, naming the address; 404 is fileNotFound")
    func clientErrors() async throws {
        try await withFetcher { fetcher, server in
            let missing = await fetchError { _ = try await fetcher.fetch(server.url("/status/404")) }
            #expect(missing?.code == .fileNotFound)
            #expect(missing?.file == server.url("/status/404"))
            #expect(missing?.cause as? FetchFailure == .status(404))
            let forbidden = await fetchError { _ = try await fetcher.fetch(server.url("/status/403")) }
            #expect(forbidden?.code == .unreadable)
            #expect(forbidden?.cause as? FetchFailure == .status(403))
            #expect(forbidden?.reason.contains("403") == true)
            #expect(server.requests(to: "/status/404") == 1)
            #expect(server.requests(to: "/status/403") == 1)
        }
    }

    @Test("500 is tried three times (two retries), then fails; a server that recovers is retried until it answers")
    func serverErrors() async throws {
        try await withFetcher { fetcher, server in
            let start = ContinuousClock.now
            let failure = await fetchError { _ = try await fetcher.fetch(server.url("/status/500")) }
            #expect(failure?.cause as? FetchFailure == .status(500))
            #expect(failure?.reason.contains("after 3 attempts") == true, "\(String(describing: failure))")
            #expect(server.requests(to: "/status/500") == 3)
            #expect(ContinuousClock.now - start >= .milliseconds(300), "the waits between tries are kept")

            let recovered = try await fetcher.fetch(server.url("/flaky/a/2"))
            #expect(recovered.attempts >= 3, "two 503s, then the page")
            #expect(recovered.body == (try corpusPage("001")))
        }
    }

    @Test("a 503's Retry-After is waited for when longer than the backoff; one asking for more than the cap is not retried")
    func retryAfter() async throws {
        try await withFetcher(retryDelays: [.milliseconds(50), .milliseconds(50)]) { fetcher, server in
            let start = ContinuousClock.now
            let page = try await fetcher.fetch(server.url("/busy/soon/1/2"))
            #expect(page.attempts == 2)
            #expect(ContinuousClock.now - start >= .seconds(2), "the server's two seconds are waited, not the 50 ms backoff")
            #expect(page.body == (try corpusPage("001")))

            let refused = await fetchError { _ = try await fetcher.fetch(server.url("/busy/later/1/3600")) }
            #expect(refused?.cause as? FetchFailure == .status(503))
            #expect(refused?.reason.contains("tried again in 3600 s, longer than the 60 s this waits") == true,
                    "\(String(describing: refused))")
            #expect(server.requests(to: "/busy/later/1/3600") == 1)
        }
    }

    @Test("Retry-After reads seconds and HTTP dates; anything else is no wait")
    func retryAfterForms() {
        let now = Date(timeIntervalSince1970: 784_111_777)  // Sun, 06 Nov 1994 08:49:37 GMT
        #expect(RetryAfter.delay("120", now: now) == .seconds(120))
        #expect(RetryAfter.delay(" 0 ", now: now) == .seconds(0))
        #expect(RetryAfter.delay("Sun, 06 Nov 1994 08:49:47 GMT", now: now) == .seconds(10))
        #expect(RetryAfter.delay("Sun, 06 Nov 1994 08:49:27 GMT", now: now) == .zero, "a date passed is no wait")
        for junk in [nil, "", "soon", "-5", "1.5", "١٢"] { #expect(RetryAfter.delay(junk, now: now) == nil, "\(String(describing: junk))") }
    }

    @Test("a slow answer times out at the deadline")
    func slow() async throws {
        // Timed by the outcome, not a clock (the test's own thread may wait under load): the server
        // answers after 4 s, so anything but a timeout means the deadline was not kept.
        try await withFetcher(timeout: .milliseconds(700), retryDelays: []) { fetcher, server in
            let failure = await fetchError { _ = try await fetcher.fetch(server.url("/slow?seconds=4")) }
            #expect(failure?.cause as? FetchFailure == .timeout, "\(String(describing: failure))")
        }
    }

    @Test("redirects are followed up to the limit; a loop is refused")
    func redirects() async throws {
        try await withFetcher { fetcher, server in
            let followed = try await fetcher.fetch(server.url("/redirect/chain/3"))
            #expect(followed.url == server.url("/page/001"))
            #expect(followed.requestedURL == server.url("/redirect/chain/3"))
            let loop = await fetchError { _ = try await fetcher.fetch(server.url("/redirect/loop/a")) }
            #expect(loop?.cause as? FetchFailure == .redirectLoop, "\(String(describing: loop))")
            #expect(server.requests(to: "/redirect/loop/a") == 1)
            let long = await fetchError { _ = try await fetcher.fetch(server.url("/redirect/chain/8")) }
            #expect(long?.cause as? FetchFailure == .tooManyRedirects(limit: 5), "\(String(describing: long))")
        }
    }

    @Test("a truncated body is a connection failure, retried")
    func truncated() async throws {
        try await withFetcher { fetcher, server in
            let failure = await fetchError { _ = try await fetcher.fetch(server.url("/truncated")) }
            guard case .connection? = failure?.cause as? FetchFailure else {
                Issue.record("expected a connection failure, got \(String(describing: failure))")
                return
            }
            #expect(server.requests(to: "/truncated") == 3)
        }
    }

    @Test("a 100 MB body stops at the cap: streamed, the connection cut early")
    func hugeBody() async throws {
        try await withFetcher(maxBodyBytes: 1 << 20) { fetcher, server in
            let failure = await fetchError { _ = try await fetcher.fetch(server.url("/big")) }
            #expect(failure?.code == .unsupportedOperation)
            #expect(failure?.cause as? FetchFailure == .tooLarge(limit: 1 << 20))
            let aborted = await waitForLogLine(server) { $0.hasPrefix("aborted /big after") }
            let sent = aborted.flatMap { Int($0.split(separator: " ")[3]) }
            #expect(sent.map { $0 < 50_000_000 } == true, "the server sent \(String(describing: aborted))")
            #expect(server.requests(to: "/big") == 1, "a body past the cap is not retried")

            let declared = await fetchError { _ = try await fetcher.fetch(server.url("/big-declared")) }
            #expect(declared?.cause as? FetchFailure == .tooLarge(limit: 1 << 20))
        }
    }

    @Test("a conditional GET gets 304 and the stored copy back")
    func conditional() async throws {
        try await withFetcher { fetcher, server in
            let first = try await fetcher.fetch(server.url("/feeds/one.xml"))
            #expect(first.etag != nil)
            #expect(!first.isNotModified)
            let second = try await fetcher.fetch(server.url("/feeds/one.xml"), cached: first.cachedCopy)
            #expect(second.isNotModified)
            #expect(second.status == 304)
            #expect(second.body == first.body)
            #expect(await waitForLogLine(server) { $0 == "done /feeds/one.xml 304" } != nil)
            let stale = CachedCopy(etag: "\"other\"", lastModified: nil, body: [1, 2, 3])
            let third = try await fetcher.fetch(server.url("/feeds/one.xml"), cached: stale)
            #expect(!third.isNotModified && third.body == first.body)
        }
    }

    @Test("no more than the limit of requests at once go to one host")
    func perHostLimit() async throws {
        try await withFetcher(perHost: 2) { fetcher, server in
            let start = ContinuousClock.now
            try await withThrowingTaskGroup(of: Void.self) { group in
                for _ in 0..<6 {
                    group.addTask { _ = try await fetcher.fetch(server.url("/slow?seconds=0.4")) }
                }
                try await group.waitForAll()
            }
            let inflight = server.log.filter { $0.hasPrefix("GET /slow") }.compactMap { line in
                line.split(separator: " ").first { $0.hasPrefix("inflight=") }.flatMap { Int($0.dropFirst("inflight=".count)) }
            }
            #expect(inflight.count == 6)
            #expect(inflight.max() == 2, "\(inflight)")
            #expect(ContinuousClock.now - start >= .milliseconds(1150), "three rounds of two")
        }
    }

    @Test("only http and https addresses are fetched")
    func addresses() async throws {
        try await withFetcher { fetcher, _ in
            for address in ["file:///etc/passwd", "ftp://127.0.0.1/x", "/etc/passwd", "http://"] {
                let error = await fetchError { _ = try await fetcher.fetch(address) }
                #expect(error?.code == .invalidArgument, "\(address)")
                #expect(error?.file == address)
            }
        }
    }

    @Test("a download streams into a file")
    func download() async throws {
        try await withFetcher { fetcher, server in
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("reader-fetch-\(UUID().uuidString).epub").path
            defer { try? FileManager.default.removeItem(atPath: path) }
            let resource = try await fetcher.download(server.url("/books/lighthouse-keeper.epub"), to: path)
            #expect(resource.mediaType == "application/epub+zip")
            #expect(resource.body.isEmpty)
            let expected = try Data(contentsOf: TestLocation.testBooks.appendingPathComponent("epub/lighthouse-keeper.epub"))
            #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == expected)
        }
    }
}
