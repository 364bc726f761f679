import Foundation

/// An open, read-only regular file: the one place that calls `open`, `fstat` and `read` and turns
/// their failures into ``ReaderError``s. The descriptor is closed when the value is released.
public final class ReadOnlyFile {
    /// The path the file was opened from.
    public let path: String
    /// The format the caller is reading the file as, for errors.
    public let format: DocumentFormat?
    /// The file descriptor; valid while `self` is alive.
    public let descriptor: Int32
    /// The file's size in bytes when it was opened.
    public let size: Int

    /// Opens `path` for reading (`open(O_RDONLY)`, then `fstat`).
    /// - Throws: ``ReaderError`` `fileNotFound` for a missing file, `unreadable` for a directory,
    ///   another non-regular file or a permission problem.
    public init(path: String, format: DocumentFormat? = nil) throws(ReaderError) {
        self.path = path
        self.format = format
        let opened = open(path, O_RDONLY)
        guard opened >= 0 else {
            let code = errno
            let missing = code == ENOENT || code == ENOTDIR
            throw ReaderError(missing ? .fileNotFound : .unreadable, file: path, format: format,
                              reason: missing ? "no such file" : "cannot open: \(String(cString: strerror(code)))",
                              cause: POSIXErrorCode(rawValue: code).map { POSIXError($0) })
        }
        var status = stat()
        guard fstat(opened, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else {
            let isDirectory = (status.st_mode & S_IFMT) == S_IFDIR
            close(opened)
            throw ReaderError(.unreadable, file: path, format: format,
                              reason: isDirectory ? "is a directory" : "not a regular file")
        }
        descriptor = opened
        size = Int(status.st_size)
    }

    deinit {
        close(descriptor)
    }

    /// Reads up to `buffer.count` bytes at the current position (`read`, retried on EINTR).
    /// - Returns: the number of bytes read; 0 at the end of the file.
    public func read(into buffer: UnsafeMutableRawBufferPointer) throws(ReaderError) -> Int {
        while true {
            let count = Foundation.read(descriptor, buffer.baseAddress, buffer.count)
            if count >= 0 { return count }
            guard errno == EINTR else {
                throw ReaderError(.unreadable, file: path, format: format,
                                  reason: "read failed: \(String(cString: strerror(errno)))")
            }
        }
    }

    /// Reads `count` bytes at `offset` without moving the file position (`pread`, retried on EINTR).
    /// - Returns: the bytes read; fewer than `count` only at the end of the file.
    public func read(at offset: Int, count: Int) throws(ReaderError) -> [UInt8] {
        guard count > 0, offset >= 0 else { return [] }
        var bytes = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let got = bytes.withUnsafeMutableBytes { buffer in
                pread(descriptor, buffer.baseAddress! + filled, count - filled, off_t(offset + filled))
            }
            if got == 0 { break }
            if got < 0 {
                guard errno == EINTR else {
                    throw ReaderError(.unreadable, file: path, format: format,
                                      reason: "read failed: \(String(cString: strerror(errno)))")
                }
                continue
            }
            filled += got
        }
        if filled < count { bytes.removeLast(count - filled) }
        return bytes
    }

    /// The first `count` bytes (fewer when the file is shorter).
    public func readPrefix(_ count: Int) throws(ReaderError) -> [UInt8] {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: count, alignment: 1)
        defer { buffer.deallocate() }
        var filled = 0
        while filled < count {
            let got = try read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[filled...]))
            if got == 0 { break }
            filled += got
        }
        return Array(buffer[0..<filled])
    }

    /// Reads the whole rest of the file, refusing to hold more than `limit` bytes.
    /// - Parameters:
    ///   - limit: the most bytes read.
    ///   - tooLarge: the error to throw past the limit, given the byte count reached.
    public func readAll(limit: Int, tooLarge: (Int) -> ReaderError) throws(ReaderError) -> [UInt8] {
        if size > limit { throw tooLarge(size) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(size)
        let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 16, alignment: 1)
        defer { chunk.deallocate() }
        while true {
            let got = try read(into: chunk)
            if got == 0 { return bytes }
            bytes.append(contentsOf: chunk[0..<got])
            // A file that grows while being read is held to the same limit.
            if bytes.count > limit { throw tooLarge(bytes.count) }
        }
    }
}
