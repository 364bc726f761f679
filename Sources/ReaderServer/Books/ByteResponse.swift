import Foundation
import Hummingbird

/// Bytes served with their media type, a strong `ETag`, `If-None-Match` (304) and single byte
/// ranges (`Range: bytes=…` → 206 with `Content-Range`, 416 when no byte of it exists).
/// A request for several ranges gets the whole body, which RFC 9110 allows.
enum ByteResponse {
    /// A 304 when `request` already holds `etag`, else nil (the bytes need not be read).
    static func notModified(_ request: Request, etag: String) -> Response? {
        guard EntityTag.requestHolds(request, etag) else { return nil }
        return Response(status: .notModified, headers: [.eTag: etag, .cacheControl: cacheControl])
    }

    /// The response for `bytes`: whole, or the range `request` asks for.
    static func response(_ request: Request, bytes: [UInt8], mediaType: String, etag: String) -> Response {
        var headers: HTTPFields = [.contentType: mediaType, .eTag: etag, .acceptRanges: "bytes",
                                   .cacheControl: cacheControl, .xContentTypeOptions: "nosniff"]
        if mediaType.hasPrefix("image/svg") || !mediaType.hasPrefix("image/") {
            // A book's SVG or HTML must not run as a page of this origin when opened directly.
            headers[.contentSecurityPolicy] = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox"
        }
        let wanted = request.headers[.range].flatMap { header -> String? in
            if let condition = request.headers[.ifRange], condition != etag { return nil }
            return header
        }
        guard let wanted else {
            return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
        }
        switch ByteRange.parse(wanted, length: bytes.count) {
        case .whole:
            return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
        case .unsatisfiable:
            var refused: HTTPFields = [.contentType: "application/json; charset=utf-8", .contentRange: "bytes */\(bytes.count)",
                                       .acceptRanges: "bytes"]
            refused[.eTag] = etag
            let body = ByteBuffer(string: #"{"error":"Range not satisfiable: the resource has \#(bytes.count) bytes"}"#)
            return Response(status: .rangeNotSatisfiable, headers: refused, body: .init(byteBuffer: body))
        case .part(let range):
            headers[.contentRange] = "bytes \(range.lowerBound)-\(range.upperBound - 1)/\(bytes.count)"
            return Response(status: .partialContent, headers: headers,
                            body: .init(byteBuffer: ByteBuffer(bytes: bytes[range])))
        }
    }

    /// Served bytes are named by the book's fingerprint, so they never change under one ETag;
    /// clients still revalidate, since a folder's file may be replaced by another book.
    static let cacheControl = "private, no-cache"
}

extension ByteResponse {
    /// A strong ETag for `part` (`cover`, `resource:HREF`) of book `id`: the book's bytes are
    /// named by their hash, so the same name always means the same bytes.
    static func etag(book id: String, part: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in part.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        let digits = String(hash, radix: 16)
        return "\"\(id.prefix(32))-\(String(repeating: "0", count: 16 - digits.count))\(digits)\""
    }
}
