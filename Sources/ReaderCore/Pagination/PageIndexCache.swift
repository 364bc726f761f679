import Foundation

/// Keeps page indexes on disk, keyed by fingerprint, viewport, layout version and open options,
/// so a second `open` of the same file and viewport knows the page count without laying it out.
public struct PageIndexCache: Sendable {
    /// The directory the indexes are kept in.
    public let directory: String

    /// Creates a cache in `directory` (created on first store).
    public init(directory: String) {
        self.directory = directory
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
    }

    private func path(_ fingerprint: DocumentFingerprint, _ viewport: Viewport, _ variant: String) -> String {
        let safeVariant = variant.unicodeScalars.map {
            CharacterSet.alphanumerics.contains($0) || $0 == "-" ? String($0) : "_"
        }.joined()
        return "\(directory)/\(fingerprint.format.rawValue)-\(fingerprint.sha256)-\(fingerprint.byteCount)"
            + "-\(viewport.columns)x\(viewport.rows)-v\(PageIndex.layoutVersion)\(safeVariant.isEmpty ? "" : "-" + safeVariant).index"
    }
}
