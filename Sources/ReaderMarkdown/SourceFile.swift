import Foundation
import ReaderCore

/// Reads a Markdown file whole and decodes it as UTF-8.
enum SourceFile {
    /// Files larger than this are refused: Markdown is read whole.
    static let maximumByteCount = 64 << 20

    /// The file's bytes.
    /// - Throws: ``ReaderError`` when the file is missing, unreadable, a directory or too large.
    static func load(path: String) throws(ReaderError) -> [UInt8] {
        try ReadOnlyFile(path: path, format: .markdown)
            .readAll(limit: maximumByteCount) { tooLarge(path: path, byteCount: Int64($0)) }
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
