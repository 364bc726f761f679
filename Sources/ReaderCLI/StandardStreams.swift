import Foundation
import ReaderCore
import ReaderRendering

/// Writing to standard output (buffered) and standard error. Everything written goes through
/// ``TerminalSafeText``, so no byte from a file reaches the terminal as a control sequence.
enum StandardStreams {
    /// Writes one line to standard error, control characters made visible.
    static func error(_ line: String) {
        var bytes: [UInt8] = []
        TerminalSafeText.append(line, to: &bytes)
        bytes.append(0x0A)
        FileHandle.standardError.write(Data(bytes))
    }

    /// Encodes a value as JSON on one line with sorted keys (for JSON Lines output).
    static func jsonLine<Value: Encodable>(_ value: Value) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return TerminalSafeText.json(String(decoding: (try? encoder.encode(value)) ?? Data("null".utf8), as: UTF8.self))
    }

    /// Encodes a value as JSON with sorted keys, so output is byte-stable.
    static func json<Value: Encodable>(_ value: Value) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        return TerminalSafeText.json(String(decoding: (try? encoder.encode(value)) ?? Data("null".utf8), as: UTF8.self))
    }
}

/// Collects output and writes it to standard output in large pieces, control characters made
/// visible (JSON from ``StandardStreams/json(_:)`` has them escaped already, so it passes unchanged).
struct OutputBuffer {
    private var pending: [UInt8] = []
    private let limit = 1 << 16

    /// Adds a line (a newline is appended).
    mutating func line(_ text: String) {
        TerminalSafeText.append(text, to: &pending)
        pending.append(0x0A)
        if pending.count >= limit { flush() }
    }

    /// Adds lines given as well-formed UTF-8, each with its line feed.
    mutating func lines(_ utf8: UnsafeBufferPointer<UInt8>) {
        // A large piece that is safe as it is goes out without being copied.
        if utf8.count >= limit, TerminalSafeText.isSafe(utf8: utf8) {
            flush()
            Self.writeAll(UnsafeRawBufferPointer(utf8))
            return
        }
        TerminalSafeText.append(utf8: utf8, to: &pending)
        if pending.count >= limit { flush() }
    }

    /// Adds text as it is (control characters made visible).
    mutating func text(_ text: String) {
        TerminalSafeText.append(text, to: &pending)
        if pending.count >= limit { flush() }
    }

    /// Adds a line that `build` appends to the buffer as UTF-8 piece by piece, its control
    /// characters made visible once the whole line is in (a newline is appended).
    mutating func line(building build: (inout [UInt8]) -> Void) {
        let start = pending.count
        build(&pending)
        TerminalSafeText.makeSafe(&pending, from: start)
        endLine()
    }

    /// Ends the line the text added since the last one makes.
    mutating func endLine() {
        pending.append(0x0A)
        if pending.count >= limit { flush() }
    }

    /// Writes what is pending.
    mutating func flush() {
        guard !pending.isEmpty else { return }
        pending.withUnsafeBytes { Self.writeAll($0) }
        pending.removeAll(keepingCapacity: true)
    }

    /// Writes `buffer` to standard output whole, unless writing fails.
    private static func writeAll(_ buffer: UnsafeRawBufferPointer) {
        var offset = 0
        while offset < buffer.count {
            let written = write(STDOUT_FILENO, buffer.baseAddress! + offset, buffer.count - offset)
            if written < 0, errno == EINTR { continue }
            if written <= 0 { return }
            offset += written
        }
    }
}
