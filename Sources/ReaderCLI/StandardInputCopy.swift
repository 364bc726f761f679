import ArgumentParser
import Foundation

/// A document read from standard input (`reader text -`), copied to a temporary file once per
/// run, since every backend needs random access; the copy is removed when the process exits.
enum StandardInputCopy {
    private nonisolated(unsafe) static var copied: String?

    /// The path of the copy, made on first use by streaming standard input to it.
    /// - Throws: `ValidationError` when standard input is a terminal or cannot be copied.
    static func path() throws -> String {
        if let copied { return copied }
        guard isatty(STDIN_FILENO) == 0 else {
            throw ValidationError("- reads the document from standard input, which is a terminal; pipe a file to it")
        }
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("reader-stdin-\(getpid())-\(UUID().uuidString.prefix(8))", isDirectory: true)
        let target = directory.appendingPathComponent("stdin").path
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw ValidationError("cannot copy standard input: \(error.localizedDescription)")
        }
        copied = target
        atexit { StandardInputCopy.remove() }
        let output = open(target, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard output >= 0 else { throw ValidationError("cannot copy standard input to \(target): \(String(cString: strerror(errno)))") }
        defer { close(output) }
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw ValidationError("cannot read standard input: \(String(cString: strerror(errno)))") }
            if count == 0 { break }
            var written = 0
            while written < count {
                let step = buffer.withUnsafeBytes { write(output, $0.baseAddress! + written, count - written) }
                if step < 0, errno == EINTR { continue }
                guard step > 0 else { throw ValidationError("cannot copy standard input: \(String(cString: strerror(errno)))") }
                written += step
            }
        }
        return target
    }

    /// Removes the copy and its folder.
    private static func remove() {
        guard let copied else { return }
        unlink(copied)
        rmdir((copied as NSString).deletingLastPathComponent)
    }
}
