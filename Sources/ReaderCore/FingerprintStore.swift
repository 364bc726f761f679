import Foundation

/// The fingerprints of large files, remembered on disk by the file's identity (device and inode)
/// and the size and change times it had when it was hashed, so opening a 100 MB file again does
/// not hash it again before its cached page index or search index can be found.
///
/// A remembered hash is used only while the file's size, modification time and status-change
/// time (`ctime`, which no program can set back) are exactly those it was hashed with. Any write
/// moves `ctime` on; a write within the same clock tick as the hashing could not be told apart, so
/// a hash is remembered only for a file left unchanged for a while (``settledAge``) before it
/// was hashed, and the same after. Files under ``minimumSize`` hash faster than the lookup pays for, and are
/// always hashed. Failures to read or write the store are ignored: it only saves time.
public struct FingerprintStore: Sendable {
    /// The folder of the store: one small file per remembered file.
    public let directory: String

    /// How long a file must have been left unchanged before its hash is remembered, in seconds.
    public let settledAge: Double

    /// Files smaller than this are always hashed (16 MiB take about 20 ms).
    public static let minimumSize: Int64 = 16 << 20

    /// A store in `directory` (created on the first remembered hash), remembering the hashes of
    /// files unchanged for `settledAge` seconds (2, many clock ticks, unless a test says otherwise).
    public init(directory: String = PageIndexCache.cacheDirectory(named: "fingerprints"), settledAge: Double = 2) {
        self.directory = directory
        self.settledAge = settledAge
    }

    /// The fingerprint of the file at `path`: remembered when the file is unchanged since it was
    /// hashed, else hashed (``DocumentFingerprint/compute(path:format:)``) and remembered.
    /// - Throws: ``ReaderError`` when the file cannot be read.
    public func fingerprint(path: String, format: DocumentFormat) throws(ReaderError) -> DocumentFingerprint {
        guard let before = FileState(path: path), before.size >= Self.minimumSize else {
            return try DocumentFingerprint.compute(path: path, format: format)
        }
        let entry = directory + "/" + before.identity
        if let remembered = remembered(in: entry, for: before) {
            return DocumentFingerprint(format: format, sha256: remembered, byteCount: before.size)
        }
        let computed = try DocumentFingerprint.compute(path: path, format: format)
        if FileState(path: path) == before, before.isSettled(now: Date().timeIntervalSince1970, age: settledAge) {
            remember(computed.sha256, for: before, in: entry)
        }
        return computed
    }

    /// The hash kept in `entry` when it was made for exactly this state of the file.
    private func remembered(in entry: String, for state: FileState) -> String? {
        guard let data = FileManager.default.contents(atPath: entry), data.count < 256,
              let text = String(data: data, encoding: .utf8) else { return nil }
        let fields = text.split(separator: " ", omittingEmptySubsequences: false)
        guard fields.count == 2, fields[0] == state.stamp[...],
              case let hash = fields[1].trimmingCharacters(in: .newlines), hash.count == 64,
              hash.allSatisfy({ $0.isHexDigit && !$0.isUppercase }) else { return nil }
        return hash
    }

    /// Writes `entry` whole or not at all (a temporary file renamed over it).
    private func remember(_ sha256: String, for state: FileState, in entry: String) {
        guard (try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)) != nil
        else { return }
        let temporary = entry + ".\(ProcessInfo.processInfo.processIdentifier).tmp"
        guard FileManager.default.createFile(atPath: temporary, contents: Data("\(state.stamp) \(sha256)\n".utf8)) else { return }
        if rename(temporary, entry) != 0 { unlink(temporary) }
    }
}

/// What `stat` says of a file that tells one state of its bytes from another.
private struct FileState: Equatable {
    let device: UInt64
    let inode: UInt64
    let size: Int64
    let modified: timespec
    let changed: timespec

    init?(path: String) {
        var status = stat()
        guard stat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return nil }
        device = UInt64(status.st_dev)
        inode = UInt64(status.st_ino)
        size = Int64(status.st_size)
        modified = status.st_mtim
        changed = status.st_ctim
    }

    /// The name of the file's entry in the store.
    var identity: String { "\(device)-\(inode)" }

    /// Size and both times, as the entry records them.
    var stamp: String {
        "\(size),\(modified.tv_sec).\(modified.tv_nsec),\(changed.tv_sec).\(changed.tv_nsec)"
    }

    /// Whether neither time is within `age` seconds of `now` (nor in the future).
    func isSettled(now: Double, age: Double) -> Bool {
        [modified, changed].allSatisfy { Double($0.tv_sec) + Double($0.tv_nsec) / 1e9 <= now - age }
    }

    static func == (left: FileState, right: FileState) -> Bool {
        left.stamp == right.stamp && left.identity == right.identity
    }
}
