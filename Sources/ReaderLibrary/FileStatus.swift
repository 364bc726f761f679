import Foundation
import ReaderCore

/// A file's size and modification time, and its absolute path with symbolic links resolved.
struct FileStatus: Hashable, Sendable {
    var path: String
    var size: Int64
    var modifiedAt: Timestamp
    var isDirectory: Bool
    /// A regular file (not a folder, FIFO, socket or device, which a scan must never open).
    var isRegularFile: Bool

    /// The status of `path`, or nil when it does not exist.
    static func of(_ path: String) -> FileStatus? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        let milliseconds = Int64(info.st_mtim.tv_sec) * 1000 + Int64(info.st_mtim.tv_nsec) / 1_000_000
        return FileStatus(path: path, size: Int64(info.st_size), modifiedAt: Timestamp(milliseconds: milliseconds),
                          isDirectory: (info.st_mode & S_IFMT) == S_IFDIR, isRegularFile: (info.st_mode & S_IFMT) == S_IFREG)
    }

    /// `path` made absolute, `.` and `..` removed and symbolic links resolved where it exists.
    static func canonicalPath(_ path: String) -> String {
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        if let resolved = realpath(absolute, nil) {
            defer { free(resolved) }
            return String(cString: resolved)
        }
        return URL(fileURLWithPath: absolute).standardizedFileURL.path
    }
}
