import Foundation
import ReaderCore
import ReaderEngine
import ReaderLibrary
import Synchronization

/// The books of a folder, walked recursively: every regular file whose extension names a format
/// the engine opens (hidden files and folders skipped, symbolic links leading out of the folder
/// refused), indexed by fingerprint. The index is refreshed at most once per
/// ``refreshInterval``, by a walk that stats every file and reads only those whose size or
/// modification time changed (a new file, an edited one); unchanged files are never read again.
final class FolderCatalog: BookCatalog {
    /// The folder, with symbolic links resolved.
    let root: String
    private let engine: ReaderEngine
    private let refreshInterval: Duration
    private let index = Mutex(FolderIndex())
    /// Held for the whole of a refresh, so two requests never read the same new files at once.
    private let refreshing = Mutex(())

    /// A catalog of the folder at `path`.
    init(path: String, engine: ReaderEngine = .standard, refreshInterval: Duration = .seconds(1)) {
        root = FolderCatalog.realPath(path) ?? path
        self.engine = engine
        self.refreshInterval = refreshInterval
    }

    func books() throws -> [CatalogBook] {
        current().books
    }

    func book(id: String) throws -> CatalogBook? {
        let found = current()
        return found.slotOfID[id].map { found.books[$0] }
    }

    func invalidate() {
        index.withLock { $0.refreshedAt = nil }
    }

    /// The index, refreshed first when it is older than the interval. While one request refreshes
    /// an index that exists, the others answer from it instead of waiting for the walk.
    private func current() -> FolderIndex {
        let known = index.withLock { $0 }
        if known.isFresh(within: refreshInterval) { return known }
        let refreshIfStale = { () -> FolderIndex in
            let known = self.index.withLock { $0 }
            if known.isFresh(within: self.refreshInterval) { return known }
            let refreshed = self.refresh(known)
            self.index.withLock { $0 = refreshed }
            return refreshed
        }
        if known.refreshedAt != nil { return refreshing.withLockIfAvailable { _ in refreshIfStale() } ?? known }
        return refreshing.withLock { _ in refreshIfStale() }
    }

    /// `known` brought up to date with the folder.
    private func refresh(_ known: FolderIndex) -> FolderIndex {
        var updated = FolderIndex()
        for path in candidatePaths() {
            guard let status = FileInfo.of(path), status.isRegularFile else { continue }
            if let kept = known.files[path], kept.size == status.size, kept.modified == status.modified {
                updated.files[path] = kept
            } else {
                updated.files[path] = IndexedFile(size: status.size, modified: status.modified,
                                                  book: describe(path: path, status: status))
            }
        }
        updated.rebuildBooks()
        updated.refreshedAt = .now
        return updated
    }

    /// The book in the file at `path`, nil when it cannot even be fingerprinted.
    private func describe(path: String, status: FileInfo) -> CatalogBook? {
        guard let fingerprint = try? engine.fingerprint(path: path) else { return nil }
        let description = BookDescription.read(path: path, engine: engine)
        let modified = Timestamp(milliseconds: status.modified / 1_000_000)
        let record = LibraryBook(
            uuid: fingerprint.sha256, fingerprint: fingerprint.description, format: fingerprint.format.rawValue,
            title: description.title, authors: description.authors, language: description.language,
            tocCount: description.tocCount, pageCount: description.pageCount?.value,
            pageCountIsExact: description.pageCount?.isExact ?? false, error: description.error,
            addedAt: modified, modifiedAt: modified,
            files: [BookFile(path: path, size: status.size, modifiedAt: modified)])
        return CatalogBook(id: fingerprint.sha256, record: record, path: path, hasCover: description.cover != nil)
    }

    /// The files under the folder a book could be in, sorted: a registered extension, no hidden
    /// component, and a real path inside the folder.
    private func candidatePaths() -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: root) else { return [] }
        var paths: [String] = []
        let prefix = root.hasSuffix("/") ? root : root + "/"
        while let relative = walker.nextObject() as? String {
            let name = (relative as NSString).lastPathComponent
            if name.hasPrefix(".") {
                walker.skipDescendants()
                continue
            }
            let fileExtension = (name as NSString).pathExtension
            guard !fileExtension.isEmpty, engine.registry.format(forFileExtension: fileExtension) != nil else { continue }
            let path = prefix + relative
            guard let real = Self.realPath(path), real.hasPrefix(prefix) else { continue }
            paths.append(path)
        }
        return paths.sorted()
    }

    /// `path` with every symbolic link resolved, nil when it does not exist.
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}

/// What the folder held at the last refresh.
private struct FolderIndex: Sendable {
    var files: [String: IndexedFile] = [:]
    /// One entry per distinct book (the first path of identical files), in path order.
    var books: [CatalogBook] = []
    var slotOfID: [String: Int] = [:]
    var refreshedAt: ContinuousClock.Instant?

    func isFresh(within interval: Duration) -> Bool {
        guard let refreshedAt else { return false }
        return refreshedAt.duration(to: .now) < interval
    }

    mutating func rebuildBooks() {
        books = []
        slotOfID = [:]
        for path in files.keys.sorted() {
            guard let book = files[path]?.book, slotOfID[book.id] == nil else { continue }
            slotOfID[book.id] = books.count
            books.append(book)
        }
    }
}

/// A file of the folder as last seen, and the book read from it.
private struct IndexedFile: Sendable {
    var size: Int64
    /// Nanoseconds since the epoch.
    var modified: Int64
    var book: CatalogBook?
}

/// A file's size and modification time, from `stat`.
struct FileInfo {
    var size: Int64
    /// Nanoseconds since the epoch.
    var modified: Int64
    var isRegularFile: Bool

    /// The status of `path` (links followed), nil when it does not exist.
    static func of(_ path: String) -> FileInfo? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return FileInfo(size: Int64(info.st_size),
                        modified: Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec),
                        isRegularFile: (info.st_mode & S_IFMT) == S_IFREG)
    }
}
