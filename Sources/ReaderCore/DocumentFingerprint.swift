import Crypto
import Foundation

/// A stable identity of a file: `{format}:{sha256 hex}:{byteCount}`.
public struct DocumentFingerprint: Hashable, Sendable, Codable, LosslessStringConvertible {
    /// The format the file was opened as.
    public var format: DocumentFormat
    /// The lower-case hex SHA-256 of the file's bytes.
    public var sha256: String
    /// The file's size in bytes.
    public var byteCount: Int64

    /// Creates a fingerprint from its parts.
    public init(format: DocumentFormat, sha256: String, byteCount: Int64) {
        self.format = format
        self.sha256 = sha256
        self.byteCount = byteCount
    }

    /// Parses `{format}:{64 hex digits}:{byteCount}`; nil when the text is not one.
    public init?(_ description: String) {
        let parts = description.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 3,
              let format = DocumentFormat(rawValue: String(parts[0])),
              parts[1].count == 64, parts[1].allSatisfy({ $0.isHexDigit && !$0.isUppercase }),
              let count = Int64(parts[2]), count >= 0, String(count) == parts[2]
        else { return nil }
        self.init(format: format, sha256: String(parts[1]), byteCount: count)
    }

    /// The canonical text form, `{format}:{sha256 hex}:{byteCount}`.
    public var description: String { "\(format.rawValue):\(sha256):\(byteCount)" }

    /// Decodes from the canonical text form.
    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let parsed = DocumentFingerprint(text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath,
                                                    debugDescription: "not a fingerprint: \(text)"))
        }
        self = parsed
    }

    /// Encodes as the canonical text form.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }

    /// Hashes a file by streaming it in fixed-size reads, never holding it whole.
    /// - Throws: ``ReaderError`` when the file cannot be read.
    public static func compute(path: String, format: DocumentFormat) throws(ReaderError) -> DocumentFingerprint {
        let file = try ReadOnlyFile(path: path, format: format)
        let chunkSize = 1 << 20
        var hasher = SHA256()
        var total: Int64 = 0
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: chunkSize, alignment: 16)
        defer { buffer.deallocate() }
        while true {
            let count = try file.read(into: buffer)
            if count == 0 { break }
            hasher.update(bufferPointer: UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
            total += Int64(count)
        }
        let hex = Array(hasher.finalize()).lowercaseHex
        return DocumentFingerprint(format: format, sha256: hex, byteCount: total)
    }
}
