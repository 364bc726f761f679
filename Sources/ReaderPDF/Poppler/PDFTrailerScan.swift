import ReaderCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Finds out whether a PDF has an encryption dictionary by reading its trailer.
///
/// poppler-glib has no "is encrypted" call, and restricted permissions only show for files that
/// restrict something: a file encrypted with full permissions (and a user password given, or an
/// empty one) looks like any other. The trailer that names `/Encrypt` is the last one (the last
/// 64 KiB, or the section `startxref` points at when an xref stream is larger than that) or,
/// in a linearized file, the first-page trailer near the start.
enum PDFTrailerScan {
    /// How much of each end of the file is read.
    static let window = 64 << 10

    /// Whether a trailer of the file holds an `/Encrypt` entry.
    /// - Parameter linearized: whether to look at the first-page trailer too.
    static func declaresEncryption(file: ReadOnlyFile, linearized: Bool) -> Bool {
        let tailStart = max(0, file.size - window)
        let tail = read(file, at: tailStart, count: file.size - tailStart)
        if containsEncryptEntry(tail) { return true }
        if linearized, tailStart > 0, containsEncryptEntry(read(file, at: 0, count: min(file.size, window))) {
            return true
        }
        if let offset = lastStartXref(in: tail), offset < tailStart {
            return containsEncryptEntry(read(file, at: offset, count: min(4096, file.size - offset)))
        }
        return false
    }

    /// Whether `bytes` hold `/Encrypt` followed by a reference (`12 0 R`) or a dictionary (`<<`);
    /// `/EncryptMetadata` and `/Encrypt null` do not count.
    static func containsEncryptEntry(_ bytes: [UInt8]) -> Bool {
        let key = Array("/Encrypt".utf8)
        var start = 0
        while let found = ByteSearch.firstIndex(of: key, in: bytes, from: start) {
            var next = found + key.count
            while next < bytes.count, isWhitespace(bytes[next]) { next += 1 }
            if next < bytes.count {
                let byte = bytes[next]
                if (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { return true }
                if byte == UInt8(ascii: "<"), next + 1 < bytes.count, bytes[next + 1] == UInt8(ascii: "<") { return true }
            }
            start = found + 1
        }
        return false
    }

    /// The offset written after the last `startxref`, when it is a plausible number.
    static func lastStartXref(in bytes: [UInt8]) -> Int? {
        let key = Array("startxref".utf8)
        var found: Int?
        var start = 0
        while let index = ByteSearch.firstIndex(of: key, in: bytes, from: start) {
            found = index
            start = index + 1
        }
        guard var next = found.map({ $0 + key.count }) else { return nil }
        while next < bytes.count, isWhitespace(bytes[next]) { next += 1 }
        var value = 0
        var digits = 0
        while next < bytes.count, digits < 15, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[next]) {
            value = value * 10 + Int(bytes[next] - UInt8(ascii: "0"))
            digits += 1
            next += 1
        }
        return digits > 0 ? value : nil
    }

    /// PDF white space: NUL, tab, line feed, form feed, carriage return, space.
    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0 || byte == 9 || byte == 10 || byte == 12 || byte == 13 || byte == 32
    }

    /// Up to `count` bytes at `offset` (`pread`); fewer when the file is shorter or a read fails,
    /// since a missed trailer only makes the answer "not encrypted" for a file poppler opened.
    private static func read(_ file: ReadOnlyFile, at offset: Int, count: Int) -> [UInt8] {
        guard count > 0 else { return [] }
        var bytes = [UInt8](repeating: 0, count: count)
        var filled = 0
        bytes.withUnsafeMutableBytes { buffer in
            while filled < count {
                let got = pread(file.descriptor, buffer.baseAddress! + filled, count - filled, off_t(offset + filled))
                if got > 0 {
                    filled += got
                } else if got < 0, errno == EINTR {
                    continue
                } else {
                    break
                }
            }
        }
        return Array(bytes[0..<filled])
    }
}
