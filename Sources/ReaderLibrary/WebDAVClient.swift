import Foundation
import ReaderCore
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A backup file on a WebDAV server: written to a temporary name beside it and moved over it
/// (`MOVE` with `Overwrite: T`), so the remote file is always the old one or the whole new one.
public struct WebDAVClient: Sendable {
    /// The backup file's URL.
    public var url: URL
    /// Who to log in as, if the server asks.
    public var credentials: WebDAVCredentials?
    /// How long one request may take.
    public var timeout: TimeInterval

    /// A client for the file at `url`, with credentials from the environment or netrc.
    /// - Throws: ``ReaderError`` of kind `invalidArgument` for a URL that is not http(s).
    public init(url text: String, timeout: TimeInterval = 60) throws(ReaderError) {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
              let host = url.host, !url.path.isEmpty, !url.path.hasSuffix("/") else {
            throw ReaderError(.invalidArgument, reason: "--webdav needs an http(s) URL of a file, such as https://host/dav/library.json")
        }
        guard url.user == nil, url.password == nil else {
            throw ReaderError(.invalidArgument, reason: "put WebDAV credentials in READER_WEBDAV_USER/READER_WEBDAV_PASSWORD or a netrc file, not in the URL")
        }
        self.url = url
        self.credentials = WebDAVCredentials.find(host: host)
        self.timeout = timeout
    }

    /// Uploads `data` to a temporary name in the same folder, then moves it over the file.
    /// - Throws: ``ReaderError`` of kind `unreadable` when a request fails; the remote file is
    ///   then unchanged.
    public func upload(_ data: Data) throws(ReaderError) {
        let name = url.lastPathComponent
        let temporary = url.deletingLastPathComponent().appendingPathComponent(".\(name).upload-\(UUID().uuidString.prefix(12))")
        var put = request(temporary, method: "PUT")
        put.setValue("application/json", forHTTPHeaderField: "Content-Type")
        put.httpBody = data
        do {
            try expect(send(put), [200, 201, 204], doing: "upload to a temporary file")
            var move = request(temporary, method: "MOVE")
            move.setValue(url.absoluteString, forHTTPHeaderField: "Destination")
            move.setValue("T", forHTTPHeaderField: "Overwrite")
            try expect(send(move), [200, 201, 204], doing: "move the upload into place")
        } catch {
            _ = try? send(request(temporary, method: "DELETE"))
            throw error
        }
    }

    /// Downloads the file, at most `limit` bytes.
    /// - Throws: ``ReaderError`` of kind `fileNotFound` when there is none, `unreadable` when
    ///   the request fails or the file is too large.
    public func download(limit: Int = LibraryBackup.byteLimit) throws(ReaderError) -> Data {
        let (status, body) = try send(request(url, method: "GET"))
        if status == 404 { throw ReaderError(.fileNotFound, file: url.absoluteString, reason: "no backup on the server") }
        try expect((status, body), [200], doing: "download")
        guard body.count <= limit else {
            throw ReaderError(.unreadable, file: url.absoluteString, reason: "the backup is larger than \(limit >> 20) MiB")
        }
        return body
    }

    private func request(_ target: URL, method: String) -> URLRequest {
        var request = URLRequest(url: target, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
        request.httpMethod = method
        if let credentials {
            let token = Data("\(credentials.user):\(credentials.password)".utf8).base64EncodedString()
            request.setValue("Basic \(token)", forHTTPHeaderField: "Authorization")
        }
        return request
    }

    private func expect(_ response: (status: Int, body: Data), _ accepted: Set<Int>, doing what: String) throws(ReaderError) {
        guard accepted.contains(response.status) else {
            let reason = response.status == 401 || response.status == 403
                ? "the server refused the credentials (HTTP \(response.status))" : "HTTP \(response.status)"
            throw ReaderError(.unreadable, file: url.absoluteString, reason: "WebDAV \(what) failed: \(reason)")
        }
    }

    /// Sends a request and waits for its answer, at most ``timeout`` seconds.
    private func send(_ request: URLRequest) throws(ReaderError) -> (status: Int, body: Data) {
        let exchange = WebDAVExchange()
        let session = URLSession(configuration: .ephemeral, delegate: ChallengeRefusal(), delegateQueue: nil)
        defer { session.finishTasksAndInvalidate() }
        let task = session.dataTask(with: request) { data, response, error in
            exchange.finish(status: (response as? HTTPURLResponse)?.statusCode, body: data, error: error)
        }
        task.resume()
        guard let result = exchange.wait(seconds: timeout + 5) else {
            task.cancel()
            throw ReaderError(.unreadable, file: url.absoluteString, reason: "WebDAV \(request.httpMethod ?? "request") timed out")
        }
        if let error = result.error {
            // A challenge (a 401 despite the credentials sent, or none sent) is refused by
            // `ChallengeRefusal`, which ends the task as cancelled.
            let code = (error as? URLError)?.code
            let reason = code == .cancelled || code == .userAuthenticationRequired || code == .userCancelledAuthentication
                ? "the server asked for credentials it was not given or refused (HTTP 401)" : error.localizedDescription
            throw ReaderError(.unreadable, file: url.absoluteString, reason: "WebDAV \(request.httpMethod ?? "request") failed: \(reason)")
        }
        return (result.status ?? 0, result.body ?? Data())
    }
}

/// One request's answer, handed from URLSession's queue to the waiting thread.
private final class WebDAVExchange: @unchecked Sendable {
    // Safe: `result` is written once before `done` is signalled and read only after the wait.
    private var result: (status: Int?, body: Data?, error: (any Error)?)?
    private let done = DispatchSemaphore(value: 0)

    func finish(status: Int?, body: Data?, error: (any Error)?) {
        result = (status, body, error)
        done.signal()
    }

    func wait(seconds: TimeInterval) -> (status: Int?, body: Data?, error: (any Error)?)? {
        guard done.wait(timeout: .now() + seconds) == .success else { return nil }
        return result
    }
}

/// Refuses authentication challenges at once: the credentials, if any, went in the request's
/// header, and Foundation on Linux otherwise waits out the deadline on a 401.
private final class ChallengeRefusal: NSObject, URLSessionTaskDelegate, @unchecked Sendable {
    // Safe: no state.
    func urlSession(_ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
                    completionHandler: @escaping (URLSession.AuthChallengeDisposition, URLCredential?) -> Void) {
        completionHandler(.cancelAuthenticationChallenge, nil)
    }
}
