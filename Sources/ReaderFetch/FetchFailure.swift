/// Why a fetch failed, as the `cause` of the ``ReaderCore/ReaderError`` a fetch throws, so a
/// caller can tell a 404 from a timeout without reading the message.
public enum FetchFailure: Error, Hashable, Sendable, CustomStringConvertible {
    /// The server answered with this status (not 2xx, not 304 to a conditional GET).
    case status(Int)
    /// No complete answer before the deadline, or the server fell silent.
    case timeout
    /// The body, or the `Content-Length` declared, is past the cap (bytes).
    case tooLarge(limit: Int)
    /// Redirects lead back to an address already visited.
    case redirectLoop
    /// More redirects than allowed.
    case tooManyRedirects(limit: Int)
    /// The connection failed or was closed early (a truncated body included).
    case connection(String)
    /// The address is not an absolute http or https URL.
    case unsupportedAddress
    /// The body could not be written where it was to go.
    case storage(String)

    /// Whether trying again later may help: connection failures, timeouts, 429 and 5xx.
    public var isRetryable: Bool {
        switch self {
        case .status(let code): code == 429 || (500...599).contains(code)
        case .timeout, .connection: true
        case .tooLarge, .redirectLoop, .tooManyRedirects, .unsupportedAddress, .storage: false
        }
    }

    /// One line saying what went wrong.
    public var description: String {
        switch self {
        case .status(let code): "the server answered HTTP \(code)\(Self.statusName(code).map { " (\($0))" } ?? "")"
        case .timeout: "no complete answer before the deadline (timed out)"
        case .tooLarge(let limit): "the body is larger than the \(limit)-byte limit"
        case .redirectLoop: "the redirects go round in a loop"
        case .tooManyRedirects(let limit): "more than \(limit) redirects"
        case .connection(let detail): "the connection failed: \(detail)"
        case .unsupportedAddress: "not an http or https address"
        case .storage(let detail): detail
        }
    }

    static func statusName(_ code: Int) -> String? {
        switch code {
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 410: "Gone"
        case 429: "Too Many Requests"
        case 500: "Internal Server Error"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        case 504: "Gateway Timeout"
        default: nil
        }
    }
}
