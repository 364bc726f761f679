import Foundation

/// The last few converted sections of a document, safe to use from many threads at once:
/// different sections are converted concurrently, each by one thread (a thread asking for a
/// section another is converting waits for that conversion rather than repeating it), and the
/// lock is held only to look up and store, never while converting.
///
/// Backends keep one per document; a reader paging back and forth converts nothing twice, and
/// several threads laying out pages of one book do not queue behind each other.
public final class SectionCache<Value: Sendable>: @unchecked Sendable {
    // @unchecked: `recent` and `converting` are read and written only while `condition` is locked.

    /// How many sections are kept.
    public var capacity: Int { condition.withLock { recent.capacity } }
    private let condition = NSCondition()
    private var recent: RecentlyUsedCache<Value>
    /// Sections a thread is converting now.
    private var converting: Set<Int> = []

    /// An empty cache keeping up to `capacity` sections.
    public init(capacity: Int) {
        recent = RecentlyUsedCache(capacity: capacity)
    }

    /// Keeps up to `capacity` sections from now on, when that is more than it keeps.
    public func growCapacity(to capacity: Int) {
        condition.withLock { recent.growCapacity(to: capacity) }
    }

    /// The section `key`, from the cache, from the thread converting it now, or made by `make` on
    /// this thread. When `make` throws, the error goes to this caller alone; a thread that was
    /// waiting for it converts the section itself.
    public func value(for key: Int, make: () throws(ReaderError) -> Value) throws(ReaderError) -> Value {
        condition.lock()
        while true {
            if let kept = recent.value(for: key) {
                condition.unlock()
                return kept
            }
            guard converting.contains(key) else { break }
            condition.wait()
        }
        converting.insert(key)
        condition.unlock()
        let made: Result<Value, ReaderError> = Result { () throws(ReaderError) in try make() }
        condition.lock()
        converting.remove(key)
        var dropped: Value? = nil
        if case .success(let value) = made { dropped = recent.insert(value, for: key) }
        condition.broadcast()
        condition.unlock()
        // A converted section holds thousands of blocks: freed here, not while others wait for the lock.
        withExtendedLifetime(dropped) {}
        return try made.get()
    }

    /// Drops every kept section.
    public func removeAll() {
        condition.withLock { recent = RecentlyUsedCache(capacity: recent.capacity) }
    }
}
