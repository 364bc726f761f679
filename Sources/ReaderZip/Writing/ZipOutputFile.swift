#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The temporary file an archive is written into, beside its destination, and renamed over it
/// once complete: the one owner of its descriptor, closed (and the file removed, unless it was
/// committed) when this object goes.
///
/// Readers of the destination see the old file or the whole new one, never a part.
final class ZipOutputFile {
    /// Where the archive goes.
    let path: String
    /// The temporary file in the same folder (a rename does not cross file systems).
    let temporaryPath: String
    /// The bytes written so far.
    private(set) var count = 0
    private var descriptor: Int32
    /// Whether the temporary file is gone: renamed over the destination or removed.
    private var settled = false

    /// Creates `.<name>.<random>.tmp` beside `path` (`open` with `O_CREAT | O_EXCL`, mode 0666
    /// less the umask, as any new file gets).
    /// - Throws: ``ZipError`` `fileNotFound` when the folder does not exist, `io` when the file
    ///   cannot be created, `invalidArgument` for a path that names a folder.
    init(path: String) throws(ZipError) {
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { String(path[...$0]) } ?? ""
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        guard !name.isEmpty, name != ".", name != ".." else {
            throw ZipError(.invalidArgument, reason: "'\(path)' names a folder, not a file to write an archive to")
        }
        var attempt = 0
        while true {
            let candidate = "\(folder).\(name).\(String(UInt64.random(in: 0...UInt64.max), radix: 16)).tmp"
            let opened = open(candidate, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
            if opened >= 0 {
                self.path = path
                temporaryPath = candidate
                descriptor = opened
                return
            }
            let code = errno
            attempt += 1
            guard code == EEXIST || code == EINTR, attempt < 100 else {
                throw ZipError(code == ENOENT || code == ENOTDIR ? .fileNotFound : .io,
                               reason: "cannot create a file beside '\(path)': \(Self.message(code))")
            }
        }
    }

    deinit { abandon() }

    /// Appends `bytes` (`write`, repeated until all are written).
    /// - Throws: ``ZipError`` `io`.
    func write(_ bytes: [UInt8]) throws(ZipError) {
        var written = 0
        while written < bytes.count {
            let result = bytes.withUnsafeBytes { buffer in
                systemWrite(descriptor, buffer.baseAddress! + written, buffer.count - written)
            }
            if result < 0 {
                let code = errno
                if code == EINTR { continue }
                throw ZipError(.io, reason: "cannot write '\(temporaryPath)': \(Self.message(code))")
            }
            written += result
        }
        count += bytes.count
    }

    /// Makes the file the archive at ``path``: `fsync`, `close`, `rename`, then `fsync` of the
    /// folder, so the new name survives a crash too.
    /// - Throws: ``ZipError`` `io`; the temporary file is then still there, for ``abandon()``.
    func commit() throws(ZipError) {
        guard fsync(descriptor) == 0 else { throw failure("cannot flush '\(temporaryPath)'") }
        let closed = close(descriptor)
        descriptor = -1
        guard closed == 0 else { throw failure("cannot close '\(temporaryPath)'") }
        guard rename(temporaryPath, path) == 0 else { throw failure("cannot replace '\(path)'") }
        settled = true
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
        let handle = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if handle >= 0 {
            // Some file systems refuse fsync on a folder; the archive is complete either way.
            _ = fsync(handle)
            close(handle)
        }
    }

    /// Closes the file and removes it, unless it was committed; safe to call more than once.
    func abandon() {
        if descriptor >= 0 {
            close(descriptor)
            descriptor = -1
        }
        if !settled {
            unlink(temporaryPath)
            settled = true
        }
    }

    private func failure(_ operation: String) -> ZipError {
        ZipError(.io, reason: "\(operation): \(Self.message(errno))")
    }

    private static func message(_ code: Int32) -> String {
        String(cString: strerror(code)).lowercased()
    }
}

/// `write(2)`, which the method of the same name hides.
private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, buffer, count)
}
