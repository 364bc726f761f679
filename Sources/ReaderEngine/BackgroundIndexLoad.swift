import Dispatch
import ReaderCore
import Synchronization

/// The cached page index of a session, loaded on another thread: the document's fingerprint (the
/// cache key, a hash of the whole file) is computed there, and the paginator learns the index when
/// it is read. Pages asked for meanwhile are laid out from the start, and are the same pages.
final class BackgroundIndexLoad: Sendable {
    private let group = DispatchGroup()
    private let loaded = Mutex<PageIndex?>(nil)

    /// Starts loading `cache`'s index for `paginator`'s document and viewport.
    init(paginator: Paginator, cache: PageIndexCache, variant: String) {
        group.enter()
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            defer { group.leave() }
            load(into: paginator, from: cache, variant: variant)
        }
    }

    private func load(into paginator: Paginator, from cache: PageIndexCache, variant: String) {
        let document = paginator.document
        guard let fingerprint = try? document.fingerprint(),
              let index = cache.load(fingerprint: fingerprint, viewport: paginator.viewport, variant: variant)
        else { return }
        loaded.withLock { $0 = index }
        paginator.learn(from: Paginator(document: document, viewport: paginator.viewport, cachedIndex: index))
    }

    /// The index that was loaded, once the load has ended (nil when there was none to load).
    func finished() -> PageIndex? {
        group.wait()
        return loaded.withLock { $0 }
    }
}
