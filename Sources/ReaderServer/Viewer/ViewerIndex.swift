import Foundation
import ReaderCore
import ReaderEngine
import ReaderLibrary
import Synchronization

/// The served folder as the viewer sees it, kept in memory: a snapshot of its articles and books
/// that is looked at again (a `readdir`/`lstat` walk, no file opened) when it is more than a
/// second old and a request comes; only files whose size or modification time changed are read
/// again. One request at a time rescans; the others answer from the snapshot they have.
final class ViewerIndex: Sendable {
    /// How old a snapshot may be before a request looks at the folder again.
    static let freshness: Duration = .seconds(1)

    /// Where the files come from.
    enum Source: Sendable {
        /// A folder (its real path), walked.
        case folder(root: String)
        /// The library's books, each at the first of its files that is present.
        case library(Library)
    }

    /// Where the files come from.
    let source: Source
    private let scan: FolderScan
    private let engine: ReaderEngine
    private let state = Mutex<(snapshot: ViewerSnapshot?, checked: ContinuousClock.Instant)>((nil, .now))
    private let scanning = Mutex<Void>(())

    /// An index of `source`.
    init(source: Source, engine: ReaderEngine = .standard) {
        self.source = source
        self.engine = engine
        var bookExtensions = Set<String>()
        for descriptor in engine.registry.descriptors where descriptor.format != .markdown {
            bookExtensions.formUnion(descriptor.fileExtensions)
        }
        bookExtensions.subtract(FolderScan.articleExtensions)
        if case .folder(let root) = source {
            scan = FolderScan(root: root, bookExtensions: bookExtensions)
        } else {
            scan = FolderScan(root: "/", bookExtensions: bookExtensions)
        }
    }

    /// What a served file's real path must lie under: the folder, or anywhere for the library's
    /// books (which are only ever found through the library, never by a path a client gives).
    var containmentRoot: String { scan.root }

    private func currentFiles() -> [ScannedFile] {
        switch source {
        case .folder:
            return scan.files()
        case .library(let library):
            let books = (try? library.books()) ?? []
            var files: [ScannedFile] = []
            for book in books {
                guard let path = try? library.presentPath(of: book) else { continue }
                var info = stat()
                guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { continue }
                let nanoseconds = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
                let kind: ScannedFile.Kind = book.format == DocumentFormat.markdown.rawValue ? .article : .book
                files.append(ScannedFile(relativePath: path, path: path, kind: kind, modifiedNanoseconds: nanoseconds,
                                         size: Int64(info.st_size)))
            }
            return files.sorted { $0.relativePath < $1.relativePath }
        }
    }

    /// The current snapshot, the folder looked at again first when the last look is over a
    /// second old (unless another request is doing that now).
    func snapshot() -> ViewerSnapshot {
        let now = ContinuousClock.now
        let (current, checked) = state.withLock { ($0.snapshot, $0.checked) }
        if let current {
            if now - checked < Self.freshness { return current }
            return scanning.withLockIfAvailable { _ in refresh(from: current) } ?? current
        }
        return scanning.withLock { _ in
            if let made = state.withLock({ $0.snapshot }) { return made }
            return refresh(from: nil)
        }
    }

    /// Looks at the folder; a new snapshot when anything was added, changed or removed.
    private func refresh(from previous: ViewerSnapshot?) -> ViewerSnapshot {
        let files = currentFiles()
        if let previous, previous.files == files {
            state.withLock { $0.checked = .now }
            return previous
        }
        var items: [String: ViewerSnapshot.Item] = [:]
        var toRead: [ScannedFile] = []
        for file in files {
            if let old = previous?.items[file.relativePath], old.file == file {
                items[file.relativePath] = old
            } else {
                toRead.append(file)
            }
        }
        for item in read(toRead) { items[item.file.relativePath] = item }
        let newest = files.map { $0.modifiedNanoseconds / 1_000_000 }.max() ?? 0
        let now = Int64(Date().timeIntervalSince1970 * 1000)
        let changedAt = previous.map { max($0.changedAt + 1, now, newest) } ?? (files.isEmpty ? now : newest)
        let snapshot = ViewerSnapshot(files: files, items: items, changedAt: changedAt)
        state.withLock { $0 = (snapshot, .now) }
        return snapshot
    }

    /// The entries of `files`, read on every core.
    private func read(_ files: [ScannedFile]) -> [ViewerSnapshot.Item] {
        let results = Mutex<[ViewerSnapshot.Item]>([])
        let chunk = max(1, files.count / (ProcessInfo.processInfo.activeProcessorCount * 4))
        let chunks = stride(from: 0, to: files.count, by: chunk).map { files[$0..<min($0 + chunk, files.count)] }
        DispatchQueue.concurrentPerform(iterations: chunks.count) { index in
            let made = chunks[index].map { item(for: $0) }
            results.withLock { $0.append(contentsOf: made) }
        }
        return results.withLock { $0 }
    }

    private func item(for file: ScannedFile) -> ViewerSnapshot.Item {
        switch file.kind {
        case .article:
            let head = (try? ReadOnlyFile(path: file.path).readPrefix(ArticleSummary.headBytes)) ?? []
            return .init(file: file, entry: ArticleSummary.entry(fileName: file.name, head: head, modified: file.modified),
                         hasCover: false)
        case .book:
            let (entry, hasCover) = BookSummary.entry(for: file, engine: engine)
            return .init(file: file, entry: entry, hasCover: hasCover)
        }
    }
}
