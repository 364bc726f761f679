import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import ReaderCore

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
        try withClient { (client: HTTPClient) throws(ReaderError) in
            do throws(ReaderError) {
                let put = try request(temporary, method: .PUT, headers: [("Content-Type", "application/json")], body: data)
                try expect(send(put, on: client), [200, 201, 204], doing: "upload to a temporary file")
                let move = try request(temporary, method: .init(rawValue: "MOVE"),
                                       headers: [("Destination", url.absoluteString), ("Overwrite", "T")])
                try expect(send(move, on: client), [200, 201, 204], doing: "move the upload into place")
            } catch {
                if let delete = try? request(temporary, method: .DELETE) { _ = try? send(delete, on: client) }
                throw error
            }
        }
    }

    /// Downloads the file, at most `limit` bytes.
    /// - Throws: ``ReaderError`` of kind `fileNotFound` when there is none, `unreadable` when
    ///   the request fails or the file is too large.
    public func download(limit: Int = LibraryBackup.byteLimit) throws(ReaderError) -> Data {
        let (status, body) = try withClient { (client: HTTPClient) throws(ReaderError) in
            try send(try request(url, method: .GET), on: client, bodyLimit: limit)
        }
        if status == 404 { throw ReaderError(.fileNotFound, file: url.absoluteString, reason: "no backup on the server") }
        try expect((status, body), [200], doing: "download")
        return body
    }

    /// Runs `body` with a client of its own, shut down afterwards. Redirects are not followed:
    /// a backup goes where it was told to.
    private func withClient<T>(_ body: (HTTPClient) throws(ReaderError) -> T) throws(ReaderError) -> T {
        let configuration = HTTPClient.Configuration(
            redirectConfiguration: .disallow,
            timeout: .init(connect: .seconds(Int64(min(timeout, 10))), read: .seconds(Int64(max(1, timeout)))))
        let client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
        defer { try? client.syncShutdown() }
        return try body(client)
    }

    private func request(_ target: URL, method: HTTPMethod, headers: [(String, String)] = [],
                         body: Data? = nil) throws(ReaderError) -> HTTPClient.Request {
        var fields = HTTPHeaders(headers)
        if let credentials {
            let token = Data("\(credentials.user):\(credentials.password)".utf8).base64EncodedString()
            fields.add(name: "Authorization", value: "Basic \(token)")
        }
        do {
            return try HTTPClient.Request(url: target.absoluteString, method: method, headers: fields, body: body.map { .data($0) })
        } catch {
            throw ReaderError(.invalidArgument, file: target.absoluteString, reason: "not a URL a request can go to: \(error)")
        }
    }

    private func expect(_ response: (status: Int, body: Data), _ accepted: Set<Int>, doing what: String) throws(ReaderError) {
        guard accepted.contains(response.status) else {
            let reason = response.status == 401 || response.status == 403
                ? "the server refused the credentials (HTTP \(response.status))" : "HTTP \(response.status)"
            throw ReaderError(.unreadable, file: url.absoluteString, reason: "WebDAV \(what) failed: \(reason)")
        }
    }

    /// Sends a request and waits for its answer, at most ``timeout`` seconds, reading at most
    /// `bodyLimit` bytes of body.
    private func send(_ request: HTTPClient.Request, on client: HTTPClient,
                      bodyLimit: Int = 1 << 20) throws(ReaderError) -> (status: Int, body: Data) {
        let accumulator = ResponseAccumulator(request: request, maxBodySize: bodyLimit)
        let method = request.method.rawValue
        do {
            let response = try client.execute(request: request, delegate: accumulator,
                                               deadline: .now() + .milliseconds(Int64(timeout * 1000))).wait()
            return (Int(response.status.code), response.body.map { Data($0.readableBytesView) } ?? Data())
        } catch is ResponseAccumulator.ResponseTooBigError {
            throw ReaderError(.unreadable, file: url.absoluteString, reason: "the backup is larger than \(bodyLimit >> 20) MiB")
        } catch let error as HTTPClientError where error == .deadlineExceeded || error == .readTimeout {
            throw ReaderError(.unreadable, file: url.absoluteString, reason: "WebDAV \(method) timed out")
        } catch {
            throw ReaderError(.unreadable, file: url.absoluteString, reason: "WebDAV \(method) failed: \(error)")
        }
    }
}
