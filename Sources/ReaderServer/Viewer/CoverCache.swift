import ReaderCore
import Synchronization

/// Book covers read for `/api/covers`, kept while their file is unchanged, up to 32 MiB in all
/// (everything is dropped when a new one would pass that), so a cover is not read from the book
/// again for every request.
final class CoverCache: Sendable {
    /// The most picture bytes kept.
    static let byteLimit = 32 << 20
    private let covers = Mutex<(byFile: [ScannedFile: CoverImage], bytes: Int)>(([:], 0))

    /// The cover of `file`, read by `read` unless it is cached; nil when there is none.
    func cover(of file: ScannedFile, read: () -> CoverImage?) -> CoverImage? {
        if let cached = covers.withLock({ $0.byFile[file] }) { return cached }
        guard let cover = read() else { return nil }
        covers.withLock { cache in
            if cache.bytes + cover.data.count > Self.byteLimit { cache = ([:], 0) }
            if cover.data.count <= Self.byteLimit {
                cache.byFile[file] = cover
                cache.bytes += cover.data.count
            }
        }
        return cover
    }
}
