import Foundation
import ReaderCore
import ReaderEngine
import ReaderExport

/// EPUB exports of non-EPUB books, made on first request and kept in a folder by book id (the
/// fingerprint's hash, so a changed file is a new key) and, for a library book with stored
/// reading settings, a hash of those (its text goes through them). Exports run one at a time on a
/// queue of their own; the folder is bounded: after each export the oldest files go until at most
/// `maxFiles` files and `maxBytes` bytes remain.
final class OPDSExportCache: Sendable {
    let folder: String
    let maxFiles: Int
    let maxBytes: Int64
    private let reading: StoredReading
    private let queue = DispatchQueue(label: "reader.opds.export")

    init(folder: String, reading: StoredReading, maxFiles: Int = 32, maxBytes: Int64 = 512 << 20) {
        self.folder = folder
        self.reading = reading
        self.maxFiles = maxFiles
        self.maxBytes = maxBytes
    }

    /// The default folder: `reader-opds-epub` in the system's temporary folder.
    static var defaultFolder: String {
        (NSTemporaryDirectory() as NSString).appendingPathComponent("reader-opds-epub")
    }

    /// The path of the book's EPUB export, made now when it is not cached.
    /// - Throws: ``ReaderError`` when the book cannot be opened or exported.
    func epub(for book: OPDSBook) async throws -> String {
        try await withCheckedThrowingContinuation { continuation in
            queue.async { [self] in
                do {
                    continuation.resume(returning: try export(book))
                } catch {
                    continuation.resume(throwing: error)
                }
            }
        }
    }

    /// `-` and 16 hex digits of an FNV-1a hash of the stored encoding and transforms; empty without any.
    static func settingsSuffix(_ settings: (encoding: String?, transforms: [String])?) -> String {
        guard let settings else { return "" }
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in ((settings.encoding ?? "") + "\u{0}" + settings.transforms.joined(separator: "\u{0}")).utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
        let hex = String(hash, radix: 16)
        return "-" + String(repeating: "0", count: 16 - hex.count) + hex
    }

    private func export(_ book: OPDSBook) throws(ReaderError) -> String {
        let settings = reading.settings(forFileAt: book.path)
        let target = (folder as NSString).appendingPathComponent("\(book.id)\(Self.settingsSuffix(settings)).epub")
        if FileManager.default.fileExists(atPath: target) {
            try? FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: target)
            return target
        }
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw ReaderError(.unreadable, file: folder, reason: "cannot make the export cache folder: \(error.localizedDescription)")
        }
        let document = try reading.open(path: book.path, settings: settings).document
        defer { document.close() }
        guard try document.fingerprint() == book.fingerprint else {
            throw ReaderError(.fileNotFound, file: book.path, reason: "the file changed since it was listed")
        }
        try EPUBExporter.export(document, to: target)
        trim(keeping: target)
        return target
    }

    /// Removes the least recently used exports beyond the bounds, never `kept`.
    private func trim(keeping kept: String) {
        let manager = FileManager.default
        guard let names = try? manager.contentsOfDirectory(atPath: folder) else { return }
        var files: [(path: String, size: Int64, used: Date)] = names.filter { $0.hasSuffix(".epub") }.compactMap { name in
            let path = (folder as NSString).appendingPathComponent(name)
            guard let attributes = try? manager.attributesOfItem(atPath: path) else { return nil }
            return (path, (attributes[.size] as? NSNumber)?.int64Value ?? 0, attributes[.modificationDate] as? Date ?? .distantPast)
        }
        files.sort { $0.used > $1.used }
        var count = 0
        var bytes: Int64 = 0
        for file in files {
            count += 1
            bytes += file.size
            if file.path != kept, count > maxFiles || bytes > maxBytes { try? manager.removeItem(atPath: file.path) }
        }
    }
}
