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
        if let match = request.headers[.ifNoneMatch], match.split(separator: ",").contains(where: {
            $0.trimmingCharacters(in: .whitespaces) == etag || $0.trimmingCharacters(in: .whitespaces) == "*"
        }) {
            return Response(status: .notModified, headers: headers)
        }
        let fileIO = FileIO()
        if let rangeHeader = request.headers[.range], let requested = ByteRange(header: rangeHeader) {
            guard let range = requested.resolved(size: size) else {
                headers[.contentRange] = "bytes */\(size)"
                headers[.contentType] = "application/json; charset=utf-8"
                return Response(status: .rangeNotSatisfiable, headers: headers,
                                body: .init(byteBuffer: ByteBuffer(string: #"{"error":"Range Not Satisfiable"}"#)))
            }
            headers[.contentRange] = "bytes \(range.lowerBound)-\(range.upperBound)/\(size)"
            headers[.contentLength] = String(range.count)
            let body = try await fileIO.loadFile(path: path, range: range, context: context)
            return Response(status: .partialContent, headers: headers, body: body)
        }
        headers[.contentLength] = String(size)
        let body = try await fileIO.loadFile(path: path, context: context)
        return Response(status: .ok, headers: headers, body: body)
    }

    /// `attachment; filename="ascii"; filename*=UTF-8''encoded`.
    private static func disposition(_ name: String) -> String {
        let ascii = String(name.unicodeScalars.map { scalar -> Character in
            scalar.isASCII && scalar.value >= 0x20 && scalar != "\"" && scalar != "\\" && scalar.value != 0x7F ? Character(scalar) : "_"
        })
        return "attachment; filename=\"\(ascii)\"; filename*=UTF-8''\(OPDSPath.encode(name))"
    }
}

/// One byte range of a `Range` header; a header with several ranges or another unit is ignored
/// (the whole file is served, as RFC 9110 allows).
struct ByteRange: Equatable {
    var first: Int?
    var last: Int?

    init?(header: String) {
        let value = header.trimmingCharacters(in: .whitespaces)
        guard value.lowercased().hasPrefix("bytes="), !value.contains(",") else { return nil }
        let spec = value.dropFirst("bytes=".count)
        let parts = spec.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2 else { return nil }
        let start = parts[0].trimmingCharacters(in: .whitespaces), end = parts[1].trimmingCharacters(in: .whitespaces)
        guard start.allSatisfy(\.isASCII), end.allSatisfy(\.isASCII), start.count <= 18, end.count <= 18 else { return nil }
        first = start.isEmpty ? nil : Int(start)
        last = end.isEmpty ? nil : Int(end)
        if !start.isEmpty && first == nil || !end.isEmpty && last == nil || first == nil && last == nil { return nil }
    }

    /// The bytes meant in a file of `size` bytes; nil when none of them exist.
    func resolved(size: Int) -> ClosedRange<Int>? {
        guard size > 0 else { return nil }
        switch (first, last) {
        case (let first?, let last?):
            guard first <= last, first < size else { return nil }
            return first...min(last, size - 1)
        case (let first?, nil):
            guard first < size else { return nil }
            return first...(size - 1)
        case (nil, let suffix?):
            guard suffix > 0 else { return nil }
            return max(0, size - suffix)...(size - 1)
        case (nil, nil):
            return nil
        }
    }
}
