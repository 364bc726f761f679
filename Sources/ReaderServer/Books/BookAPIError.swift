import Hummingbird
import ReaderCore

/// A request the engine's API refuses, with the status and the one-line message of its
/// `{"error": …}` body. Handlers throw it; ``BookRoutes`` turns it (and any `ReaderError`) into
/// the JSON response, so a bad parameter is a 4xx with a clear message, never a 5xx.
struct BookAPIError: Error, Sendable {
    /// The response status.
    var status: HTTPResponse.Status
    /// What is wrong, for the client.
    var message: String

    /// 400: a parameter or body is malformed or out of range.
    static func badRequest(_ message: String) -> BookAPIError { BookAPIError(status: .badRequest, message: message) }
    /// 404: no such book, section, resource or item.
    static func notFound(_ message: String) -> BookAPIError { BookAPIError(status: .notFound, message: message) }
    /// 405 `Read-only`: a write to a server started without `--writable`.
    static let readOnly = BookAPIError(status: .methodNotAllowed, message: "Read-only")

    /// The response for a `ReaderError` met while answering: the client's mistakes (a bad
    /// Locator, a page past the end, another book's Locator) are 400, what the book lacks is 404,
    /// a book that cannot be read (damaged, encrypted, DRM) is 422. Only the reason is shown,
    /// never the server's file paths.
    init(_ error: ReaderError) {
        switch error.code {
        case .invalidArgument, .invalidLocator, .otherDocument, .anchorNotFound:
            self.init(status: .badRequest, message: error.reason)
        case .fileNotFound, .unsupportedOperation:
            self.init(status: .notFound, message: error.reason)
        default:
            self.init(status: .unprocessableContent, message: "The book cannot be read: \(error.reason)")
        }
    }

    init(status: HTTPResponse.Status, message: String) {
        self.status = status
        self.message = message
    }

    /// The `{"error": message}` response.
    var response: Response { JSONResponse.error(message, status: status) }
}
