import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import ReaderCore
import ReaderOPDS

/// An OPDS transport over HTTP to a test server on loopback: server-relative addresses are made
/// absolute against `base`; a 404 is `fileNotFound`, as the client expects of any transport.
struct LoopbackTransport: OPDSTransport {
    let base: String

    func fetch(_ address: String) throws(ReaderError) -> OPDSResponse {
        let absolute = address.hasPrefix("http://") ? address : base + address
        guard let url = URL(string: absolute), url.host == "127.0.0.1" else {
            throw ReaderError(.invalidArgument, file: address, reason: "only the test server on 127.0.0.1 is fetched")
        }
        let response = Self.get(url)
        guard let http = response.response as? HTTPURLResponse else {
            throw ReaderError(.unreadable, file: absolute, reason: "no answer: \(response.error.map { "\($0)" } ?? "none")")
        }
        if http.statusCode == 404 { throw ReaderError(.fileNotFound, file: absolute, reason: "404") }
        guard http.statusCode == 200 else { throw ReaderError(.unreadable, file: absolute, reason: "HTTP \(http.statusCode)") }
        return OPDSResponse(bytes: Array(response.data ?? Data()), contentType: http.value(forHTTPHeaderField: "Content-Type"),
                            address: absolute)
    }

    /// One GET with a 30 s deadline, waited for on the calling thread.
    static func get(_ url: URL, headers: [String: String] = [:]) -> (data: Data?, response: URLResponse?, error: (any Error)?) {
        var request = URLRequest(url: url, timeoutInterval: 30)
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let done = DispatchSemaphore(value: 0)
        let result = Mutable()
        URLSession.shared.dataTask(with: request) { data, response, error in
            result.value = (data, response, error)
            done.signal()
        }.resume()
        done.wait()
        return result.value
    }

    /// The answer handed from URLSession's thread to the waiting one (the semaphore orders them).
    private final class Mutable: @unchecked Sendable {
        var value: (Data?, URLResponse?, (any Error)?) = (nil, nil, nil)
    }
}

/// Runs blocking work (the synchronous OPDS client) off Swift's cooperative threads, which the
/// server under test needs.
func offMainPool<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread.detachNewThread {
            do { continuation.resume(returning: try body()) } catch { continuation.resume(throwing: error) }
        }
    }
}
