#if canImport(Glibc)
import Glibc
#endif
import Hummingbird
import NIOCore

/// A file's bytes as a response body, read a chunk at a time on the server's file threads as the
/// client takes them: memory stays at one chunk per download, and nothing waits on a thread pool
/// shared with the rest of the process.
enum FileBody {
    /// Bytes read per step.
    static let chunkLength = 128 * 1024

    /// The whole file at `path`, or nil when it is not a readable regular file.
    static func whole(path: String) -> ResponseBody? {
        var status = stat()
        guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        return body(path: path, range: 0..<Int(status.st_size))
    }

    /// The bytes of `range` of the file at `path`. A file that shrinks while it is sent ends the
    /// response early (the client sees fewer bytes than `Content-Length` promised).
    static func body(path: String, range: Range<Int>) -> ResponseBody {
        ResponseBody(contentLength: range.count) { writer in
            let descriptor = try await ServerThreads.files.runIfActive { open(path, O_RDONLY | O_CLOEXEC) }
            guard descriptor >= 0 else { throw HTTPError(.notFound) }
            defer { close(descriptor) }
            var offset = range.lowerBound
            while offset < range.upperBound {
                let length = min(chunkLength, range.upperBound - offset)
                let chunk = try await ServerThreads.files.runIfActive { [offset] in
                    try readChunk(descriptor, offset: offset, length: length)
                }
                try await writer.write(chunk)
                offset += chunk.readableBytes
            }
            try await writer.finish(nil)
        }
    }

    private static func readChunk(_ descriptor: Int32, offset: Int, length: Int) throws -> ByteBuffer {
        var buffer = ByteBufferAllocator().buffer(capacity: length)
        let count = buffer.writeWithUnsafeMutableBytes(minimumWritableBytes: length) { bytes in
            max(0, pread(descriptor, bytes.baseAddress, length, off_t(offset)))
        }
        guard count > 0 else { throw FileBodyError.shrank }
        return buffer
    }
}

/// The file got shorter while it was being sent.
private enum FileBodyError: Error {
    case shrank
}
