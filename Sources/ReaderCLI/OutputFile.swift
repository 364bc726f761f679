import Foundation
import ReaderCore

/// Writing a file the user named (`cover -o`, `resource -o`), with the system's reason when it fails.
enum OutputFile {
    /// Writes `bytes` to `path`, replacing what is there.
    /// - Throws: ``ReaderError`` of kind `invalidArgument` naming the path and the reason (no such
    ///   folder, permission denied, a folder in the way, …).
    static func write(_ bytes: some Collection<UInt8>, to path: String, what: String) throws(ReaderError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw failure(path, what: what) }
        defer { close(descriptor) }
        let data = Array(bytes)
        var offset = 0
        while offset < data.count {
            let written = data.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress! + offset, data.count - offset) }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { throw failure(path, what: what) }
            offset += written
        }
    }

    private static func failure(_ path: String, what: String) -> ReaderError {
        let code = errno
        var reason = String(cString: strerror(code))
        let folder = (path as NSString).deletingLastPathComponent
        if code == ENOENT, !folder.isEmpty, !FileManager.default.fileExists(atPath: folder) {
            reason = "the folder \(folder) does not exist"
        }
        return ReaderError(.invalidArgument, file: path, reason: "cannot write the \(what): \(reason)")
    }
}
