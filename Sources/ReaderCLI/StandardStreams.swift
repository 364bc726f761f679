import Foundation
import ReaderCore

/// Writing to standard output (buffered) and standard error.
enum StandardStreams {
    /// Writes one line to standard error.
    static func error(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }

    /// Encodes a value as JSON on one line with sorted keys (for JSON Lines output).
    static func jsonLine<Value: Encodable>(_ value: Value) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: (try? encoder.encode(value)) ?? Data("null".utf8), as: UTF8.self)
    }

    /// Encodes a value as JSON with sorted keys, so output is byte-stable.
    static func json<Value: Encodable>(_ value: Value) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        return String(decoding: (try? encoder.encode(value)) ?? Data("null".utf8), as: UTF8.self)
    }
}

/// Collects output and writes it to standard output in large pieces.
struct OutputBuffer {
    private var pending: [UInt8] = []
    private let limit = 1 << 16

    /// Adds a line (a newline is appended).
    mutating func line(_ text: String) {
        pending.append(contentsOf: text.utf8)
        pending.append(0x0A)
        if pending.count >= limit { flush() }
    }

    /// Adds text as it is.
    mutating func text(_ text: String) {
        pending.append(contentsOf: text.utf8)
        if pending.count >= limit { flush() }
    }

    /// Writes what is pending.
    mutating func flush() {
        guard !pending.isEmpty else { return }
        pending.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(STDOUT_FILENO, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0, errno == EINTR { continue }
                if written <= 0 { return }
                offset += written
            }
        }
        pending.removeAll(keepingCapacity: true)
    }
}
