import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import ReaderCore

/// Fetches http(s) resources on one AsyncHTTPClient: redirects followed (bounded, loops refused),
/// gzip and deflate decompressed, a deadline on every request, bodies streamed under a size cap,
/// conditional GET, retries with backoff, and at most a few requests at once per host.
///
/// Make one per process and call ``shutdown()`` when done (the client's connections and threads
/// are released there; a fetcher dropped without it logs nothing but leaks them).
public final class HTTPFetcher: Sendable {
    /// How requests are made.
    public let options: FetchOptions
    private let client: HTTPClient
    private let limiter: HostLimiter

    /// A fetcher with its own client.
    public init(options: FetchOptions = FetchOptions()) {
        self.options = options
        var configuration = HTTPClient.Configuration(
            redirectConfiguration: .follow(max: options.maxRedirects, allowCycles: false),
            timeout: .init(connect: Self.amount(min(options.timeout, .seconds(10))), read: Self.amount(options.timeout)),
            decompression: .enabled(limit: .size(options.maxBodyBytes)))
        configuration.httpVersion = .http1Only
        client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
        limiter = HostLimiter(limit: options.maxRequestsPerHost)
    }

    /// Releases the client. Every fetch must have finished.
    public func shutdown() async {
        try? await client.shutdown()
    }

    /// Fetches an address into memory.
    /// - Parameters:
    ///   - address: an absolute http or https URL.
    ///   - cached: a copy from an earlier fetch; its validators make the request conditional, and
    ///     its body is returned when the server answers 304.
    ///   - accept: the `Accept` header, when the caller prefers some types.
    /// - Throws: ``ReaderCore/ReaderError`` with the address as its file and a ``FetchFailure`` as
    ///   its cause: `fileNotFound` for 404 and 410, `invalidArgument` for an address that is not
    ///   http(s), `unsupportedOperation` past the size cap, `unreadable` for everything else.
    public func fetch(_ address: String, cached: CachedCopy? = nil, accept: String? = nil) async throws(ReaderError) -> FetchedResource {
        try await withRetries(address) { () async throws(AttemptFailure) -> FetchedResource in
            var sink = MemorySink()
            return try await self.perform(address, cached: cached, accept: accept, into: &sink)
        }
    }

    /// Fetches an address into a file, streamed (never the whole body in memory), replacing the file.
    /// The returned resource's body is empty.
    /// - Throws: as ``fetch(_:cached:accept:)``, and `unreadable` when the file cannot be written.
    public func download(_ address: String, to path: String, accept: String? = nil) async throws(ReaderError) -> FetchedResource {
        try await withRetries(address) { () async throws(AttemptFailure) -> FetchedResource in
            var sink: FileSink
            do throws(FetchFailure) {
                sink = try FileSink(path: path)
            } catch {
                throw AttemptFailure(failure: error)
            }
            defer { sink.close() }
            return try await self.perform(address, cached: nil, accept: accept, into: &sink)
        }
    }

    // MARK: - One request

    private func withRetries(_ address: String,
                             _ attempt: @Sendable () async throws(AttemptFailure) -> FetchedResource) async throws(ReaderError) -> FetchedResource {
        let hostKey = try FetchAddress.validate(address).hostKey
        var attempts = 0
        while true {
            attempts += 1
            await limiter.acquire(hostKey)
            let outcome: Result<FetchedResource, AttemptFailure>
            do throws(AttemptFailure) {
                outcome = .success(try await attempt())
            } catch {
                outcome = .failure(error)
            }
            await limiter.release(hostKey)
            switch outcome {
            case .success(var resource):
                resource.attempts = attempts
                return resource
            case .failure(let attempt):
                let failure = attempt.failure
                let asked = attempt.retryAfter ?? .zero
                if failure.isRetryable, attempts <= options.retryDelays.count, !Task.isCancelled, asked <= options.maxRetryAfter {
                    try? await Task.sleep(for: max(options.retryDelays[attempts - 1], asked))
                    continue
                }
                var error = Self.error(failure, address: address, attempts: attempts)
                if asked > options.maxRetryAfter {
                    error.reason += "; it asks to be tried again in \(asked.components.seconds) s, longer than the "
                        + "\(options.maxRetryAfter.components.seconds) s this waits"
                }
                throw error
            }
        }
    }

    private func perform<Sink: BodySink>(_ address: String, cached: CachedCopy?, accept: String?,
                                         into sink: inout Sink) async throws(AttemptFailure) -> FetchedResource {
        let deadline = ContinuousClock.now + options.timeout
        var request = HTTPClientRequest(url: address)
        request.method = .GET
        request.headers.add(name: "User-Agent", value: options.userAgent)
        request.headers.add(name: "Accept-Encoding", value: "gzip, deflate")
        if let accept { request.headers.add(name: "Accept", value: accept) }
        if let cached {
            if let etag = cached.etag { request.headers.add(name: "If-None-Match", value: etag) }
            if let lastModified = cached.lastModified { request.headers.add(name: "If-Modified-Since", value: lastModified) }
        }
        do {
            let response = try await client.execute(request, timeout: Self.amount(options.timeout))
            let status = Int(response.status.code)
            let headers = response.headers
            var resource = FetchedResource(
                requestedURL: address, url: response.url?.absoluteString ?? address, status: status, body: [],
                contentType: headers.first(name: "Content-Type"), contentLanguage: headers.first(name: "Content-Language"),
                contentLocation: headers.first(name: "Content-Location"), contentDisposition: headers.first(name: "Content-Disposition"),
                etag: headers.first(name: "ETag"), lastModified: headers.first(name: "Last-Modified"), isNotModified: false, attempts: 1)
            if status == 304, let cached {
                resource.body = cached.body
                resource.isNotModified = true
                resource.contentType = resource.contentType ?? cached.contentType
                resource.etag = resource.etag ?? cached.etag
                resource.lastModified = resource.lastModified ?? cached.lastModified
                return resource
            }
            guard (200...299).contains(status) else {
                throw AttemptFailure(failure: .status(status), retryAfter: RetryAfter.delay(headers.first(name: "Retry-After"), now: Date()))
            }
            if let declared = headers.first(name: "Content-Length").flatMap(Int.init), declared > options.maxBodyBytes,
               headers.first(name: "Content-Encoding") == nil {
                throw FetchFailure.tooLarge(limit: options.maxBodyBytes)
            }
            var received = 0
            for try await chunk in response.body {
                received += chunk.readableBytes
                if received > options.maxBodyBytes { throw FetchFailure.tooLarge(limit: options.maxBodyBytes) }
                if ContinuousClock.now > deadline { throw FetchFailure.timeout }
                try sink.append(chunk)
            }
            resource.body = sink.bytes
            return resource
        } catch let attempt as AttemptFailure {
            throw attempt
        } catch let failure as FetchFailure {
            throw AttemptFailure(failure: failure)
        } catch {
            throw AttemptFailure(failure: Self.failure(of: error, limit: options.maxBodyBytes, redirects: options.maxRedirects))
        }
    }

    // MARK: - Errors

    /// A failed attempt: why, and how long the server asked to wait before the next (`Retry-After`).
    struct AttemptFailure: Error {
        var failure: FetchFailure
        var retryAfter: Duration?
    }

    /// What an error of the client or of NIO means here.
    static func failure(of error: any Error, limit: Int, redirects: Int) -> FetchFailure {
        if let client = error as? HTTPClientError {
            switch client {
            case .deadlineExceeded, .readTimeout, .connectTimeout, .writeTimeout, .getConnectionFromPoolTimeout: return .timeout
            case .redirectCycleDetected: return .redirectLoop
            case .redirectLimitReached: return .tooManyRedirects(limit: redirects)
            case .invalidURL, .emptyHost, .emptyScheme: return .unsupportedAddress
            default: break
            }
            if String(describing: client).contains("unsupportedScheme") { return .unsupportedAddress }
        }
        let text = String(describing: error)
        if text.contains("DecompressionError") || text.contains("limit") && String(reflecting: type(of: error)).contains("Decompression") {
            return .tooLarge(limit: limit)
        }
        if error is CancellationError { return .connection("cancelled") }
        return .connection(text)
    }

    static func error(_ failure: FetchFailure, address: String, attempts: Int) -> ReaderError {
        let code: ReaderError.Code
        switch failure {
        case .status(404), .status(410): code = .fileNotFound
        case .unsupportedAddress: code = .invalidArgument
        case .tooLarge: code = .unsupportedOperation
        default: code = .unreadable
        }
        let tries = attempts > 1 ? " (after \(attempts) attempts)" : ""
        return ReaderError(code, file: address, reason: failure.description + tries, cause: failure)
    }

    static func amount(_ duration: Duration) -> TimeAmount {
        let (seconds, attoseconds) = duration.components
        return .nanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
    }
}
