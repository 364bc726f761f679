import Glibc

/// A file this process rewrites for every input, for APIs that open a path: one per process
/// (named by pid and tag) under `$TMPDIR` (else `/tmp`), removed at exit.
public final class ScratchFile: @unchecked Sendable {
    // @unchecked: libFuzzer calls the target from one thread.

    /// The file's path.
    public let path: String

    /// Names the file; nothing is written yet.
    public init(tag: String, extension fileExtension: String) {
        let directory = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
        path = "\(directory)/reader-fuzz-\(getpid())-\(tag).\(fileExtension)"
    }

    deinit { unlink(path) }

    /// Replaces the file's contents.
    public func write(_ bytes: [UInt8]) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        precondition(descriptor >= 0, "cannot create \(path)")
        defer { close(descriptor) }
        var written = 0
        bytes.withUnsafeBytes { buffer in
            while written < buffer.count {
                let count = Glibc.write(descriptor, buffer.baseAddress! + written, buffer.count - written)
                precondition(count > 0, "cannot write \(path)")
                written += count
            }
        }
    }
}
