import ReaderCore
import Synchronization

/// A zip archive opened read-only through libzip, whose entries are read whole, with every
/// inflated byte counted against ``ZipLimits``.
///
/// Entries whose names are unsafe (absolute, `..`, backslash, NUL, empty) are listed but never
/// readable by name; a name used twice resolves to its first entry. Both are reported in
/// ``warnings``. Names are compared as Swift strings, that is up to Unicode canonical
/// equivalence, which OCF requires to be unique anyway.
///
/// Thread safety: a libzip `zip_t` must not be used by two threads at once, so each read takes a
/// handle no other read is using, opening another on the same file (or bytes) when all are busy;
/// the lock is held only to take and give back a handle and to count bytes, so reads of one
/// archive inflate in parallel. The entry list and lookups never change after opening and take
/// no lock.
public final class ZipArchive: Sendable {
    /// The path the archive was opened from (for one in memory, the name it was given).
    public let path: String
    /// The caps every read is held to.
    public let limits: ZipLimits
    /// Every central-directory entry, in archive order.
    public let entries: [ZipEntry]
    /// Unsafe and duplicate names, one sentence each (at most 50, then a count of the rest).
    public let warnings: [String]

    private let indexByName: [String: Int]
    private let state: Mutex<ReadState>

    private struct ReadState {
        /// Handles no read is using; empty once the archive is closed.
        var idle: [ZipHandle]
        var inflatedBytes = 0
        var closed = false
    }

    /// What another handle is opened from: the file, or the bytes of an archive held in memory.
    private enum Source: Sendable {
        case file(String)
        case bytes([UInt8])
    }

    private let source: Source

    private static let chunkSize = 64 << 10
    private static let maxWarnings = 50

    /// Opens the archive at `path` and reads its central directory.
    /// - Throws: ``ZipError`` `fileNotFound`, `io`, `notZip` (empty or no zip structure),
    ///   `malformed` (truncated, inconsistent) or `limitExceeded` (more entries than allowed).
    public convenience init(path: String, limits: ZipLimits = .standard) throws(ZipError) {
        try self.init(handle: ZipHandle(path: path), source: .file(path), path: path, limits: limits)
    }

    /// Opens the archive at `path`; when its central directory is missing or damaged, rebuilds one
    /// from the local file headers that are intact (as `zip -FF` does) and says so in ``warnings``.
    /// Recovery reads the file into memory, so it is tried only for files up to
    /// ``recoverableFileSize``.
    /// - Throws: ``ZipError`` as ``init(path:limits:)`` does when nothing can be recovered.
    public static func recovering(path: String, limits: ZipLimits = .standard) throws(ZipError) -> ZipArchive {
        do {
            return try ZipArchive(path: path, limits: limits)
        } catch where error.kind == .malformed {
            let bytes: [UInt8]
            do {
                let file = try ReadOnlyFile(path: path)
                bytes = try file.readAll(limit: recoverableFileSize) { _ in
                    ReaderError(.malformed, reason: "too large to recover")
                }
            } catch _ {
                throw error
            }
            guard let rebuilt = ZipLocalHeaderRecovery.rebuild(bytes),
                  let archive = try? ZipArchive(bytes: rebuilt.bytes, name: path, limits: limits,
                                                recovery: Self.recoveryWarnings(error, rebuilt)) else {
                throw error
            }
            return archive
        }
    }

    /// The largest file ``recovering(path:limits:)`` reads into memory to rebuild its directory
    /// (the rebuilt archive is read from memory, and each handle opened on it holds a copy).
    public static let recoverableFileSize = 64 << 20

    private static func recoveryWarnings(_ error: ZipError, _ rebuilt: ZipLocalHeaderRecovery.Result) -> [String] {
        var warnings = ["\(error.reason); \(rebuilt.entryCount) entries were read from their local headers"]
        warnings += rebuilt.truncatedEntries.prefix(maxWarnings).map { "entry '\($0.escapingControlCharacters)' is cut short" }
        return warnings
    }

    /// An archive in memory rebuilt by recovery, whose warnings come first.
    private convenience init(bytes: [UInt8], name: String, limits: ZipLimits, recovery: [String]) throws(ZipError) {
        try self.init(handle: ZipHandle(bytes: bytes), source: .bytes(bytes), path: name, limits: limits, leadingWarnings: recovery)
    }

    /// Opens an archive held in memory (a copy is made), as a fuzzer or a test does.
    /// - Parameter name: what ``path`` reports.
    /// - Throws: ``ZipError`` as ``init(path:limits:)`` does, except `fileNotFound` and `io`.
    public convenience init(bytes: [UInt8], name: String, limits: ZipLimits = .standard) throws(ZipError) {
        try self.init(handle: ZipHandle(bytes: bytes), source: .bytes(bytes), path: name, limits: limits)
    }

    private init(handle: sending ZipHandle, source: Source, path: String, limits: ZipLimits,
                 leadingWarnings: [String] = []) throws(ZipError) {
        let count = handle.entryCount
        guard count <= limits.maxEntryCount else {
            throw ZipError(.limitExceeded, reason: "the archive lists \(count) entries, more than the limit of \(limits.maxEntryCount)")
        }
        var entries: [ZipEntry] = []
        entries.reserveCapacity(count)
        var indexByName: [String: Int] = [:]
        var warnings: [String] = leadingWarnings
        var unreported = 0
        for index in 0..<count {
            let entry = try handle.entry(at: index)
            entries.append(entry)
            let warning: String?
            if let problem = entry.nameProblem {
                warning = "entry \(index) ('\(entry.name.escapingControlCharacters)') is never read: \(problem)"
            } else if let first = indexByName[entry.name] {
                warning = "entries \(first) and \(index) are both named '\(entry.name)'; the first is used"
            } else {
                indexByName[entry.name] = index
                warning = nil
            }
            guard let warning else { continue }
            if warnings.count < Self.maxWarnings { warnings.append(warning) } else { unreported += 1 }
        }
        if unreported > 0 { warnings.append("\(unreported) more unsafe or duplicate entry names") }
        self.path = path
        self.limits = limits
        self.entries = entries
        self.warnings = warnings
        self.indexByName = indexByName
        self.source = source
        self.state = Mutex(ReadState(idle: [handle]))
    }

    /// The entry with exactly this name (the first, when several share it), or nil when there is
    /// none or its name is unsafe.
    public func entry(named name: String) -> ZipEntry? {
        indexByName[name].map { entries[$0] }
    }

    /// The bytes all reads of this archive have inflated so far, counted against
    /// ``ZipLimits/maxTotalBytes``.
    public var inflatedByteCount: Int {
        state.withLock { $0.inflatedBytes }
    }

    /// Releases the libzip archives now (`zip_discard`); one a read is using goes when that read
    /// ends. Later reads throw ``ZipError`` `io`.
    package func close() {
        let idle = state.withLock { (state: inout ReadState) -> [ZipHandle] in
            state.closed = true
            defer { state.idle = [] }
            return state.idle
        }
        withExtendedLifetime(idle) {}
    }

    /// A handle no other read is using: an idle one, or another opened on the same source.
    private func takeHandle(for name: String) throws(ZipError) -> ZipHandle {
        let taken = try state.withLock { (state: inout ReadState) throws(ZipError) -> ZipHandle? in
            guard !state.closed else { throw ZipError(.io, entry: name, reason: "the archive is closed") }
            return state.idle.popLast()
        }
        if let taken { return taken }
        switch source {
        case .file(let path): return try ZipHandle(path: path)
        case .bytes(let bytes): return try ZipHandle(bytes: bytes)
        }
    }

    /// Gives a handle back for the next read; discards it once the archive is closed.
    private func giveBack(_ handle: ZipHandle) {
        let discarded = state.withLock { (state: inout ReadState) -> ZipHandle? in
            guard !state.closed else { return handle }
            state.idle.append(handle)
            return nil
        }
        withExtendedLifetime(discarded) {}
    }

    /// Inflates the entry named `name` (`zip_fopen_index`, then `zip_fread` in 64 KiB chunks).
    ///
    /// Caps are enforced on the bytes produced, chunk by chunk, never on declared sizes alone;
    /// the entry's length must equal its declared size and its CRC must match (libzip checks it
    /// at the end). Every byte inflated counts against the archive's total budget, even when
    /// the read then fails and when the entry was read before, so callers that need an entry
    /// twice keep its bytes (reads at the same time each count from the total when they started,
    /// so together they may pass it by what they inflate at once). Uses a handle of its own.
    /// - Throws: ``ZipError`` `entryMissing`, `encrypted`, `limitExceeded`, `malformed` (CRC or
    ///   size mismatch, corrupt data, unsupported method) or `io`.
    public func read(_ name: String) throws(ZipError) -> [UInt8] {
        guard let entry = entry(named: name) else {
            if let problem = ZipEntryName.problem(name) {
                throw ZipError(.entryMissing, entry: name, reason: "'\(name.escapingControlCharacters)' is never read: \(problem)")
            }
            throw ZipError(.entryMissing, entry: name,
                           reason: "the archive has no entry named '\(name.escapingControlCharacters)'")
        }
        if entry.isEncrypted {
            throw ZipError(.encrypted, entry: name, reason: "'\(name)' is encrypted")
        }
        if entry.size > limits.maxEntryBytes {
            throw ZipError(.limitExceeded, entry: name,
                           reason: "'\(name)' declares \(entry.size) bytes, more than the limit of \(limits.maxEntryBytes) per entry")
        }
        let handle = try takeHandle(for: name)
        defer { giveBack(handle) }
        return try inflate(entry, named: name, with: handle)
    }

    /// Inflates `entry` with `handle`; the entry stream is closed (`zip_fclose`) on return, before
    /// the handle goes back for another read.
    private func inflate(_ entry: ZipEntry, named name: String, with handle: ZipHandle) throws(ZipError) -> [UInt8] {
        var meter = ZipInflationMeter(entry: entry, limits: limits, earlier: inflatedByteCount)
        defer { state.withLock { $0.inflatedBytes += meter.produced } }
        let stream = try ZipEntryStream(archive: handle, index: entry.index, name: name)
        let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: Self.chunkSize, alignment: 1)
        defer { chunk.deallocate() }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(entry.size)
        while true {
            let request = UnsafeMutableRawBufferPointer(rebasing: chunk[..<meter.nextRequest(chunk: Self.chunkSize)])
            let count = try stream.read(into: request)
            if count == 0 { break }
            try meter.record(count)
            bytes.append(contentsOf: request[..<count])
        }
        try meter.finish()
        return bytes
    }
}
