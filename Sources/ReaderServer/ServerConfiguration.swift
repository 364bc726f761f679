import ReaderLibrary

/// What `reader serve` serves and how: the roots, the address, who may write, and the limits
/// every request is held to.
public struct ServerConfiguration: Sendable {
    /// Where the books and articles come from.
    public enum Source: Sendable {
        /// A folder of books and Markdown articles, walked recursively.
        case folder(path: String)
        /// The personal library (its books, positions and annotations).
        case library(Library)
    }

    /// Where the books and articles come from.
    public var source: Source
    /// The address to bind; loopback unless told otherwise.
    public var host: String
    /// The port to bind; 0 picks a free one (printed when the server starts).
    public var port: Int
    /// The bearer token every request must carry (KOSync endpoints excepted), or nil on loopback.
    public var token: String?
    /// Whether POST, PUT and DELETE may change anything (highlights, notes, positions).
    public var writable: Bool
    /// The caps on requests.
    public var limits: ServerLimits
    /// The library KOSync accounts and progress are kept in when a folder is served (when the
    /// library is served, its own store keeps them); nil serves no KOSync routes in folder mode.
    public var syncLibrary: Library?
    /// PBKDF2 iterations for the key hash of a new KOSync account (each account keeps its own count,
    /// so changing this leaves existing accounts valid).
    public var kosyncKeyHashIterations: Int = 210_000

    /// A configuration serving `source` on `host:port`.
    public init(
        source: Source, host: String = "127.0.0.1", port: Int = 8080, token: String? = nil, writable: Bool = false,
        limits: ServerLimits = ServerLimits()
    ) {
        self.source = source
        self.host = host
        self.port = port
        self.token = token
        self.writable = writable
        self.limits = limits
    }

    /// Whether `host` is a loopback address, where no token is required.
    public var bindsLoopbackOnly: Bool {
        host == "127.0.0.1" || host == "::1" || host == "localhost" || host.hasPrefix("127.")
    }

    /// The served folder, or nil when serving the library.
    public var folderPath: String? {
        if case .folder(let path) = source { return path }
        return nil
    }

    /// The library, or nil when serving a folder.
    public var library: Library? {
        if case .library(let library) = source { return library }
        return nil
    }
}

/// The caps on what a client may send and how long it may take.
public struct ServerLimits: Sendable {
    /// The largest request body accepted, in bytes.
    public var maxBodyBytes: Int
    /// The longest request target (path and query) accepted, in bytes.
    public var maxURLBytes: Int
    /// The most header bytes accepted in one request.
    public var maxHeaderBytes: Int
    /// How long an idle connection (or a slow client) is kept, in seconds.
    public var idleTimeoutSeconds: Int

    /// The defaults: 1 MiB bodies, 8 KiB URLs, 32 KiB of headers, 30 s idle.
    public init(maxBodyBytes: Int = 1 << 20, maxURLBytes: Int = 8 << 10, maxHeaderBytes: Int = 32 << 10, idleTimeoutSeconds: Int = 30) {
        self.maxBodyBytes = maxBodyBytes
        self.maxURLBytes = maxURLBytes
        self.maxHeaderBytes = maxHeaderBytes
        self.idleTimeoutSeconds = idleTimeoutSeconds
    }
}
