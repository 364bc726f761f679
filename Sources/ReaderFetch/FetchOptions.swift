/// How an ``HTTPFetcher`` fetches: deadlines, caps, redirects, retries, politeness.
public struct FetchOptions: Sendable {
    /// The deadline of one request, from sending it to the last byte of its body (default 30 s).
    public var timeout: Duration
    /// The largest body accepted, after decompression (default 64 MiB, the parsers' own cap).
    public var maxBodyBytes: Int
    /// The most redirects followed for one request (default 5); a loop is refused at once.
    public var maxRedirects: Int
    /// The waits before each retry (default 2 s, then 5 s): a request that fails on the connection,
    /// times out, or gets 429 or 5xx is tried again after each, never one that gets another 4xx.
    public var retryDelays: [Duration]
    /// The longest `Retry-After` honoured (default 60 s): a 429 or 503 asking for a wait is retried
    /// after that wait (if longer than the backoff's), and one asking for more is not retried.
    public var maxRetryAfter: Duration
    /// The most requests in flight to one host at once (default 2).
    public var maxRequestsPerHost: Int
    /// The `User-Agent` header (see ``UserAgent``).
    public var userAgent: String

    /// The defaults above, with a User-Agent naming `version`.
    public init(version: String = UserAgent.defaultVersion) {
        timeout = .seconds(30)
        maxBodyBytes = 64 << 20
        maxRedirects = 5
        retryDelays = [.seconds(2), .seconds(5)]
        maxRetryAfter = .seconds(60)
        maxRequestsPerHost = 2
        userAgent = UserAgent.make(version: version)
    }
}
