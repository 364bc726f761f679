import Foundation
import ReaderCore
import ReaderFetch
import ReaderTestSupport

/// A fixture server and a fetcher with short deadlines and waits, both stopped after the body.
func withFetcher<T>(timeout: Duration = .seconds(60), retryDelays: [Duration] = [.milliseconds(100), .milliseconds(200)],
                    maxBodyBytes: Int = 8 << 20, perHost: Int = 2,
                    _ body: (HTTPFetcher, FixtureHTTPServer) async throws -> T) async throws -> T {
    let server = try FixtureHTTPServer()
    defer { server.stop() }
    var options = FetchOptions(version: "9.9.9")
    options.timeout = timeout
    options.retryDelays = retryDelays
    options.maxBodyBytes = maxBodyBytes
    options.maxRequestsPerHost = perHost
    let fetcher = HTTPFetcher(options: options)
    do {
        let result = try await body(fetcher, server)
        await fetcher.shutdown()
        return result
    } catch {
        await fetcher.shutdown()
        throw error
    }
}

/// The ReaderError a fetch throws, or nil.
func fetchError(_ body: () async throws -> Void) async -> ReaderError? {
    do {
        try await body()
        return nil
    } catch let error as ReaderError {
        return error
    } catch {
        return nil
    }
}

/// A page of the shared Readability corpus, as the server reads it.
func corpusPage(_ name: String) throws -> [UInt8] {
    let url = TestLocation.packageRoot.deletingLastPathComponent()
        .appendingPathComponent("shared/corpus-web/readability/\(name)/source.html")
    return [UInt8](try Data(contentsOf: url))
}

/// Waits up to 5 s for a log line that passes `test` (the server logs some lines after answering).
func waitForLogLine(_ server: FixtureHTTPServer, _ test: (String) -> Bool) async -> String? {
    for _ in 0..<100 {
        if let line = server.log.first(where: test) { return line }
        try? await Task.sleep(for: .milliseconds(50))
    }
    return nil
}
