import Foundation
import Hummingbird

/// JSON responses with sorted keys (stable bytes for the same data) and JSON error bodies.
enum JSONResponse {
    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    /// A 200 (or `status`) response whose body is `value` as JSON.
    static func ok(_ value: some Encodable, status: HTTPResponse.Status = .ok) throws -> Response {
        let data = try encoder.encode(value)
        return Response(
            status: status, headers: [.contentType: "application/json; charset=utf-8"],
            body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }

    /// An error response: `{"error": message}` with `status`.
    static func error(_ message: String, status: HTTPResponse.Status) -> Response {
        let body = (try? encoder.encode(["error": message])) ?? Data("{}".utf8)
        return Response(
            status: status, headers: [.contentType: "application/json; charset=utf-8"],
            body: .init(byteBuffer: ByteBuffer(bytes: body)))
    }
}
