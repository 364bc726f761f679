import Foundation
import Hummingbird

/// KOSync's JSON responses. KOReader asks with `Accept: application/vnd.koreader.v1+json`; the
/// answer carries that media type when asked for it, else `application/json`.
enum KOSyncResponse {
    /// KOReader's media type for version 1 of the protocol.
    static let mediaType = "application/vnd.koreader.v1+json"

    /// `object` as JSON with `status`, in the media type the request accepts.
    static func json(_ object: [String: Any], status: HTTPResponse.Status = .ok, for request: Request) -> Response {
        let body = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes]))
            ?? Data("{}".utf8)
        return Response(status: status, headers: [.contentType: contentType(for: request)],
                        body: .init(byteBuffer: ByteBuffer(bytes: body)))
    }

    /// The error's `{"code", "message"}` body with its status.
    static func error(_ error: KOSyncError, for request: Request) -> Response {
        json(["code": error.code, "message": error.message], status: error.status, for: request)
    }

    private static func contentType(for request: Request) -> String {
        let accept = request.headers[values: .accept].joined(separator: ",").lowercased()
        return accept.contains(mediaType) ? mediaType : "application/json"
    }
}
