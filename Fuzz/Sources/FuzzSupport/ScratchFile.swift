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

extension ScratchFile {
    /// The file's bytes now (empty when it does not exist).
    public func read() -> [UInt8] { ScratchFile.read(path: path) }

    /// The bytes of the file at `path` (empty when it cannot be opened).
    public static func read(path: String) -> [UInt8] {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return [] }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress!, $0.count) }
            guard count > 0 else { break }
            bytes += chunk[..<count]
        }
        return bytes
    }

    /// Removes the file (and any file of the same name the code under test left).
    public func remove() { unlink(path) }
}
