import ReaderCore
import Synchronization

/// The last covers read, by book id, so a page of entries asking for its covers and thumbnails
/// opens each book once. Bounded by count; the oldest entry goes first.
final class OPDSCoverCache: Sendable {
    /// The largest cover served (a larger one is treated as absent).
    static let maxCoverBytes = 8 << 20
    private let capacity: Int
    private let entries = Mutex<[(id: String, cover: CoverImage?)]>([])

    init(capacity: Int = 64) {
        self.capacity = capacity
    }

    /// The cached cover of `id`, or `load()`'s answer, remembered (nil answers too).
    func cover(for id: String, load: () -> CoverImage?) -> CoverImage? {
        if let hit = entries.withLock({ entries in entries.first { $0.id == id } }) { return hit.cover }
        let cover = load()
        entries.withLock { entries in
            entries.removeAll { $0.id == id }
            entries.append((id, cover))
            if entries.count > capacity { entries.removeFirst(entries.count - capacity) }
        }
        return cover
    }
}
