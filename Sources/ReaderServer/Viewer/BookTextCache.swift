import ReaderCore
import Synchronization

/// Books rendered for `/api/file`, kept while their file is unchanged, up to 64 MiB of text in
/// all (everything is dropped when a new one would pass that).
final class BookTextCache: Sendable {
    /// The most text kept.
    static let byteLimit = 64 << 20
    private let texts = Mutex<(byKey: [ScannedFile: String], bytes: Int)>(([:], 0))

    /// The text of `file`, made by `make` unless it is cached.
    func text(for file: ScannedFile, make: () throws(ReaderError) -> String) throws(ReaderError) -> String {
        if let cached = texts.withLock({ $0.byKey[file] }) { return cached }
        let text = try make()
        texts.withLock { cache in
            if cache.bytes + text.utf8.count > Self.byteLimit { cache = ([:], 0) }
            if text.utf8.count <= Self.byteLimit {
                cache.byKey[file] = text
                cache.bytes += text.utf8.count
            }
        }
        return text
    }
}
