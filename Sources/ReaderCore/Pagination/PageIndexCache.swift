import Foundation

/// Keeps page indexes on disk, keyed by fingerprint, viewport, layout version and open options,
/// so a second `open` of the same file and viewport knows the page count without laying it out.
public struct PageIndexCache: Sendable {
    /// The directory the indexes are kept in.
    public let directory: String
    /// The most bytes the indexes may take together: storing one beyond it removes the least
    /// recently used others first.
    public let capacity: Int

    /// The default ``capacity``: 64 MiB, some thousands of books at a few viewports each.
    public static let defaultCapacity = 64 << 20

    /// Creates a cache in `directory` (created on first store) holding at most `capacity` bytes.
    public init(directory: String, capacity: Int = PageIndexCache.defaultCapacity) {
        self.directory = directory
        self.capacity = capacity
    }

    /// ``cacheDirectory(named:)`` `page-index`.
    public static var defaultDirectory: String { cacheDirectory(named: "page-index") }

    /// `$READER_CACHE_DIR/NAME`, else `$XDG_CACHE_HOME/reader/NAME`, else `~/.cache/reader/NAME`:
    /// where each of the engine's caches keeps its files.
    public static func cacheDirectory(named name: String) -> String {
        let environment = ProcessInfo.processInfo.environment
        if let explicit = environment["READER_CACHE_DIR"], !explicit.isEmpty { return explicit + "/" + name }
        let base = environment["XDG_CACHE_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? (NSHomeDirectory() + "/.cache")
        return base + "/reader/" + name
    }

    /// The stored index for this key, or nil when none is stored or it cannot be read.
    public func load(fingerprint: DocumentFingerprint, viewport: Viewport, variant: String = "") -> PageIndex? {
        guard let data = FileManager.default.contents(atPath: path(fingerprint, viewport, variant)),
              let index = PageIndex(serialized: data),
              index.viewport == viewport, index.layoutVersion == PageIndex.layoutVersion else { return nil }
        markUsed(path(fingerprint, viewport, variant))
        return index
    }

    /// Stores an index; failures are ignored, since the cache only saves time.
    public func store(_ index: PageIndex, fingerprint: DocumentFingerprint, variant: String = "") {
        guard (try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)) != nil
        else { return }
        let data = index.serialized()
        let target = path(fingerprint, index.viewport, variant)
        let temporary = target + ".\(ProcessInfo.processInfo.processIdentifier).tmp"
        guard FileManager.default.createFile(atPath: temporary, contents: data) else { return }
        if rename(temporary, target) != 0 { unlink(temporary) }
        trim(keeping: target)
    }

    /// The indexes stored, with their sizes and last use (the later of the last store and the
    /// last load), most recently used first.
    public func entries() -> [(path: String, bytes: Int, used: Date)] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.filter { $0.hasSuffix(".index") }.compactMap { name in
            let path = directory + "/" + name
            var status = stat()
            guard stat(path, &status) == 0 else { return nil }
            let modified = Double(status.st_mtim.tv_sec) + Double(status.st_mtim.tv_nsec) / 1e9
            let accessed = Double(status.st_atim.tv_sec) + Double(status.st_atim.tv_nsec) / 1e9
            return (path, Int(status.st_size), Date(timeIntervalSince1970: max(modified, accessed)))
        }.sorted { $0.used != $1.used ? $0.used > $1.used : $0.path < $1.path }
    }

    /// Sets a file's access time to now, leaving its modification time (when it was stored) alone:
    /// a loaded index counts as recently used whatever the file system's atime policy.
    private func markUsed(_ path: String) {
        // Linux's UTIME_NOW and UTIME_OMIT, which Glibc's Swift overlay does not bring in.
        let now = (1 << 30) - 1, omit = (1 << 30) - 2
        var times = [timespec(tv_sec: 0, tv_nsec: now), timespec(tv_sec: 0, tv_nsec: omit)]
        utimensat(AT_FDCWD, path, &times, 0)
    }

    /// Removes every stored index; returns how many files and bytes went.
    @discardableResult
    public func clear() -> (files: Int, bytes: Int) {
        var removed = (files: 0, bytes: 0)
        for entry in entries() where unlink(entry.path) == 0 {
            removed.files += 1
            removed.bytes += entry.bytes
        }
        return removed
    }

    /// Removes the least recently used indexes (never `kept`) until the rest fit in ``capacity``.
    private func trim(keeping kept: String) {
        var total = 0
        for entry in entries() {
            total += entry.bytes
            if total > capacity, entry.path != kept {
                unlink(entry.path)
                total -= entry.bytes
            }
        }
    }

    private func path(_ fingerprint: DocumentFingerprint, _ viewport: Viewport, _ variant: String) -> String {
        let safeVariant = variant.unicodeScalars.map {
            CharacterSet.alphanumerics.contains($0) || $0 == "-" ? String($0) : "_"
        }.joined()
        return "\(directory)/\(fingerprint.format.rawValue)-\(fingerprint.sha256)-\(fingerprint.byteCount)"
            + "-\(viewport.columns)x\(viewport.rows)-v\(PageIndex.layoutVersion)\(safeVariant.isEmpty ? "" : "-" + safeVariant).index"
    }
}
