import Hummingbird

/// The request context every route of `reader serve` sees: Hummingbird's core storage, with the
/// body cap taken from the configuration.
public struct ServerRequestContext: RequestContext {
    /// Hummingbird's per-request storage (path parameters, logger).
    public var coreContext: CoreRequestContextStorage
    /// The largest body a handler may collect; set from ``ServerLimits/maxBodyBytes``.
    public var maxUploadSize: Int

    /// A context for one request.
    public init(source: Source) {
        coreContext = .init(source: source)
        maxUploadSize = ServerLimits().maxBodyBytes
    }
}
