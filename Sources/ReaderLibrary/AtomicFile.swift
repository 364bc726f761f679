import Foundation
import ReaderCore

/// Writing a file so that it is either the old file or the whole new one: the bytes go to a
/// temporary file beside it, are flushed to disk, and are renamed over it.
enum AtomicFile {
    static func write(_ data: Data, to path: String) throws(ReaderError) {
        let temporary = path + ".tmp-\(getpid())-\(UUID().uuidString.prefix(8))"
        do {
            let created = FileManager.default.createFile(atPath: temporary, contents: nil)
            guard created else { throw ReaderError(.unreadable, file: path, reason: "cannot create \(temporary)") }
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: temporary))
            defer { try? handle.close() }
            try handle.write(contentsOf: data)
            try handle.synchronize()
        } catch {
            try? FileManager.default.removeItem(atPath: temporary)
            if let error = error as? ReaderError { throw error }
            throw ReaderError(.unreadable, file: path, reason: "cannot write: \(error.localizedDescription)", cause: error)
        }
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(atPath: temporary)
            throw ReaderError(.unreadable, file: path, reason: "cannot write: \(reason)")
        }
    }
}
