import Foundation
import ReaderFetch
import ReaderTestSupport

/// A fixture server and a fetcher with short deadlines and waits, both stopped after the body.
func withServer<T>(_ body: (HTTPFetcher, FixtureHTTPServer) async throws -> T) async throws -> T {
    let server = try FixtureHTTPServer()
    defer { server.stop() }
    var options = FetchOptions()
    options.timeout = .seconds(60)
    options.retryDelays = [.milliseconds(50)]
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

/// A fresh temporary folder (removed by the caller).
func temporaryFolder(_ prefix: String) throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
}

/// The Markdown files under a folder, relative paths sorted.
func markdownFiles(in folder: URL) -> [String] {
    let enumerator = FileManager.default.enumerator(atPath: folder.path)
    var result: [String] = []
    while let path = enumerator?.nextObject() as? String {
        if path.hasSuffix(".md") { result.append(path) }
    }
    return result.sorted()
}
