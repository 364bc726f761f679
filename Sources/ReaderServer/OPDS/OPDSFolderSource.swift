import Foundation
import ReaderCore
import ReaderEngine
import Synchronization

/// The books of a folder, walked recursively: regular files whose extension names a format the
/// engine registers, hidden files and folders skipped, symlinks that lead out of the folder
/// refused. A file is fingerprinted and opened once per size and modification time. The walk is
/// done at most once per ``refreshInterval`` and by one request at a time, while the others answer
/// from the last walk (they wait only for the first): every feed, cover, thumbnail and download
/// looks its book up in it, and with a walk of a folder of 5,000 articles on every request, 64
/// connections asking for a thumbnail all timed out.
final class OPDSFolderSource: OPDSBookSource {
    /// The most files looked at in one walk, so a huge tree cannot hold a request forever.
    static let maxFiles = 100_000

    private let root: String
    private let engine: ReaderEngine
    private let refreshInterval: Duration
    private let known = Mutex<[String: Known]>([:])
    private let lastWalk = Mutex<(at: ContinuousClock.Instant, books: [OPDSBook])?>(nil)
    /// Held for the whole of a walk.
    private let walking = Mutex(())
    private let covers = OPDSCoverCache()

    /// What the last walk learnt about a path.
    private struct Known: Sendable {
        var size: Int64
        var modified: Date
        var book: OPDSBook?
    }

    /// A source over the folder at `path`, walked again when a listing is asked for more than
    /// `refreshInterval` after the last walk.
    init(path: String, engine: ReaderEngine = .standard, refreshInterval: Duration = .seconds(1)) {
        root = OPDSFolderSource.canonical(path)
        self.engine = engine
        self.refreshInterval = refreshInterval
    }

    func books() throws(ReaderError) -> [OPDSBook] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw ReaderError(.fileNotFound, file: root, reason: "the served folder is not there")
        }
        let last = lastWalk.withLock { $0 }
        if let last, ContinuousClock.now - last.at < refreshInterval { return last.books }
        let walkIfStale = { () -> [OPDSBook] in
            if let last = self.lastWalk.withLock({ $0 }), ContinuousClock.now - last.at < self.refreshInterval { return last.books }
            let books = self.walkedBooks()
            self.lastWalk.withLock { $0 = (.now, books) }
            return books
        }
        if let last { return walking.withLockIfAvailable { _ in walkIfStale() } ?? last.books }
        return walking.withLock { _ in walkIfStale() }
    }

    /// The books found by a walk, reading only the files that are new or changed since the last.
    private func walkedBooks() -> [OPDSBook] {
        let candidates = walk()
        let previous = known.withLock { $0 }
        var current: [String: Known] = [:]
        for (path, attributes) in candidates {
            if let hit = previous[path], hit.size == attributes.size, hit.modified == attributes.modified {
                current[path] = hit
                continue
            }
            current[path] = Known(size: attributes.size, modified: attributes.modified,
                                  book: describe(path: path, size: attributes.size, modified: attributes.modified))
        }
        known.withLock { $0 = current }
        return current.values.compactMap(\.book)
    }

    func cover(of book: OPDSBook) -> CoverImage? {
        covers.cover(for: book.id) { OPDSDocumentFacts.cover(path: book.path, engine: engine) }
    }

    /// Regular files under the root with a registered extension, by canonical path.
    private func walk() -> [(String, (size: Int64, modified: Date))] {
        guard let enumerator = FileManager.default.enumerator(atPath: root) else { return [] }
        var found: [(String, (size: Int64, modified: Date))] = []
        var seen = 0
        while let relative = enumerator.nextObject() as? String, seen < Self.maxFiles {
            seen += 1
            let name = (relative as NSString).lastPathComponent
            if name.hasPrefix(".") {
                if (enumerator.fileAttributes?[.type] as? FileAttributeType) == .typeDirectory { enumerator.skipDescendants() }
                continue
            }
            let fileExtension = (name as NSString).pathExtension.lowercased()
            guard let format = engine.registry.format(forFileExtension: fileExtension), format != .unknown else { continue }
            let resolved = Self.canonical(root + "/" + relative)
            guard resolved.hasPrefix(root + "/"),
                  let attributes = try? FileManager.default.attributesOfItem(atPath: resolved),
                  (attributes[.type] as? FileAttributeType) == .typeRegular,
                  let size = (attributes[.size] as? NSNumber)?.int64Value,
                  let modified = attributes[.modificationDate] as? Date
            else { continue }
            found.append((resolved, (size, modified)))
        }
        return found
    }

    /// Fingerprints and opens a file; nil when the engine cannot open it.
    private func describe(path: String, size: Int64, modified: Date) -> OPDSBook? {
        guard let fingerprint = try? engine.fingerprint(path: path), fingerprint.format != .unknown,
              let facts = OPDSDocumentFacts.read(path: path, engine: engine)
        else { return nil }
        let metadata = facts.metadata
        let fileName = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
        let title = metadata.title.flatMap { $0.isEmpty ? nil : $0 } ?? fileName
        return OPDSBook(
            id: fingerprint.sha256, fingerprint: fingerprint, path: path,
            mediaType: engine.registry.descriptor(for: fingerprint.format)?.mediaType ?? "application/octet-stream",
            byteCount: fingerprint.byteCount, title: title, authors: metadata.authors, language: metadata.language,
            summary: OPDSDocumentFacts.plainSummary(metadata.description), identifiers: metadata.identifiers,
            tags: Array(Set(metadata.subjects.filter { !$0.isEmpty })).sorted(),
            collections: metadata.series.map { [$0.name] } ?? [],
            updated: modified, added: modified)
    }

    /// The path with symlinks resolved, or the path itself when it does not exist.
    static func canonical(_ path: String) -> String {
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
