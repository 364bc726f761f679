import Foundation
import NIOCore

/// Where a body's chunks go as they arrive.
protocol BodySink {
    /// Takes one chunk.
    mutating func append(_ chunk: ByteBuffer) throws(FetchFailure)
    /// What was kept in memory (empty for a file).
    var bytes: [UInt8] { get }
}

/// Keeps the body in memory.
struct MemorySink: BodySink {
    private(set) var bytes: [UInt8] = []

    mutating func append(_ chunk: ByteBuffer) throws(FetchFailure) {
        bytes.append(contentsOf: chunk.readableBytesView)
    }
}

/// Writes the body to a file as it arrives (created or truncated when the sink is made).
struct FileSink: BodySink {
    private let descriptor: Int32
    let path: String
    var bytes: [UInt8] { [] }

    init(path: String) throws(FetchFailure) {
        self.path = path
        descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw FetchFailure.storage("cannot write \(path): \(String(cString: strerror(errno)))") }
    }

    mutating func append(_ chunk: ByteBuffer) throws(FetchFailure) {
        let failure: Int32 = chunk.withUnsafeReadableBytes { raw in
            var offset = 0
            while offset < raw.count {
                let written = write(descriptor, raw.baseAddress! + offset, raw.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += written
            }
            return 0
        }
        if failure != 0 { throw FetchFailure.storage("cannot write \(path): \(String(cString: strerror(failure)))") }
    }

    func close() {
        _ = Foundation.close(descriptor)
    }
}
