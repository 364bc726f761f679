import Foundation
import ReaderCore

/// Reads a Markdown file whole and decodes it as UTF-8.
enum SourceFile {
    /// Files larger than this are refused: Markdown is read whole.
    static let maximumByteCount = 64 << 20

    /// The file's bytes.
    /// - Throws: ``ReaderError`` when the file is missing, unreadable, a directory or too large.
    static func load(path: String) throws(ReaderError) -> [UInt8] {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else {
            let code = errno
            let kind: ReaderError.Kind = (code == ENOENT || code == ENOTDIR) ? .fileNotFound : .unreadable
            throw ReaderError(kind, file: path, format: .markdown, reason: "cannot open: \(String(cString: strerror(code)))")
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            throw ReaderError(.unreadable, file: path, format: .markdown, reason: "cannot stat: \(String(cString: strerror(errno)))")
        }
        if (status.st_mode & S_IFMT) == S_IFDIR {
            throw ReaderError(.unreadable, file: path, format: .markdown, reason: "is a directory")
        }
        if Int64(status.st_size) > Int64(maximumByteCount) {
            throw tooLarge(path: path, byteCount: Int64(status.st_size))
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Int(max(0, status.st_size)))
        let chunkSize = 1 << 16
        var chunk = [UInt8](repeating: 0, count: chunkSize)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, chunkSize) }
            if count < 0 {
                if errno == EINTR { continue }
                throw ReaderError(.unreadable, file: path, format: .markdown, reason: "read failed: \(String(cString: strerror(errno)))")
            }
            if count == 0 { break }
            bytes.append(contentsOf: chunk[0..<count])
            // A file that grows while being read (or a pipe) is held to the same limit.
            if bytes.count > maximumByteCount { throw tooLarge(path: path, byteCount: Int64(bytes.count)) }
        }
        return bytes
    }

    private static func tooLarge(path: String, byteCount: Int64) -> ReaderError {
        ReaderError(.invalidArgument, file: path, format: .markdown,
                    reason: "the file has \(byteCount) bytes; Markdown files over \(maximumByteCount >> 20) MiB are not opened")
    }
}

/// The decoded text of a Markdown file: the native position space of the document.
struct SourceText {
    /// The decoded text, byte order mark removed, NUL replaced by U+FFFD.
    let text: String
    /// Whether the bytes started with a UTF-8 byte order mark.
    let hadByteOrderMark: Bool
    /// Whether some bytes were not valid UTF-8 and were replaced by U+FFFD.
    let hadInvalidBytes: Bool

    /// Decodes bytes as UTF-8. NUL becomes U+FFFD, as cmark would make it, so that the text cmark
    /// parses and the text offsets count in are the same (both are one UTF-16 unit).
    init(bytes: [UInt8]) {
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        hadByteOrderMark = bytes.starts(with: bom)
        var body = hadByteOrderMark ? Array(bytes.dropFirst(3)) : bytes
        if body.contains(0) {
            body = body.flatMap { $0 == 0 ? [0xEF, 0xBF, 0xBD] : [$0] }
        }
        hadInvalidBytes = String(validating: body, as: UTF8.self) == nil
        text = String(decoding: body, as: UTF8.self)
    }
}
