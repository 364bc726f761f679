import Foundation
import Hummingbird

/// A file served for download: streamed from disk, with a strong ETag (the content is named by its
/// hash), `If-None-Match`, and one byte range (`Range: bytes=a-b`, `a-`, `-n`). A file that is
/// served never runs in the browser: it is an attachment, sandboxed, and not sniffed.
enum OPDSFileResponse {
    static func serve(path: String, mediaType: String, etag: String, downloadName: String,
                      request: Request, context: ServerRequestContext) async throws -> Response {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
              let size = (attributes[.size] as? NSNumber)?.intValue
        else { throw HTTPError(.notFound) }
        var headers: HTTPFields = [
            .contentType: mediaType, .eTag: etag, .acceptRanges: "bytes",
            .contentDisposition: disposition(downloadName),
            .xContentTypeOptions: "nosniff", .contentSecurityPolicy: "sandbox",
        ]
        if EntityTag.requestHolds(request, etag) {
            return Response(status: .notModified, headers: headers)
        }
        if let rangeHeader = request.headers[.range] {
            switch ByteRange.parse(rangeHeader, length: size) {
            case .whole:
                break
            case .unsatisfiable:
                headers[.contentRange] = "bytes */\(size)"
                headers[.contentType] = "application/json; charset=utf-8"
                return Response(status: .rangeNotSatisfiable, headers: headers,
                                body: .init(byteBuffer: ByteBuffer(string: #"{"error":"Range Not Satisfiable"}"#)))
            case .part(let part):
                let range = part.lowerBound...(part.upperBound - 1)
                headers[.contentRange] = "bytes \(range.lowerBound)-\(range.upperBound)/\(size)"
                headers[.contentLength] = String(range.count)
                return Response(status: .partialContent, headers: headers, body: FileBody.body(path: path, range: part))
            }
        }
        headers[.contentLength] = String(size)
        return Response(status: .ok, headers: headers, body: FileBody.body(path: path, range: 0..<size))
    }

    /// `attachment; filename="ascii"; filename*=UTF-8''encoded`.
    private static func disposition(_ name: String) -> String {
        let ascii = String(name.unicodeScalars.map { scalar -> Character in
            scalar.isASCII && scalar.value >= 0x20 && scalar != "\"" && scalar != "\\" && scalar.value != 0x7F ? Character(scalar) : "_"
        })
        return "attachment; filename=\"\(ascii)\"; filename*=UTF-8''\(OPDSPath.encode(name))"
    }
}
