/// The last few values made for small integer keys (converted sections), most recently used last.
/// Backends keep one behind a `Mutex` so a reader paging back and forth converts nothing twice.
public struct RecentlyUsedCache<Value>: ~Copyable {
    /// How many values are kept.
    public private(set) var capacity: Int
    private var entries: [(key: Int, value: Value)] = []

    /// An empty cache keeping up to `capacity` values.
    public init(capacity: Int) { self.capacity = capacity }

    /// Keeps up to `capacity` values from now on, when that is more than it keeps.
    public mutating func growCapacity(to capacity: Int) {
        self.capacity = max(self.capacity, capacity)
    }

    /// The value for `key`, which becomes the most recently used; nil when not kept.
    public mutating func value(for key: Int) -> Value? {
        guard let slot = entries.firstIndex(where: { $0.key == key }) else { return nil }
        let entry = entries.remove(at: slot)
        entries.append(entry)
        return entry.value
    }

    /// Keeps `value` for `key`, dropping the least recently used value past the capacity.
    /// - Returns: the value dropped, if any, so a caller holding a lock can free it after.
    @discardableResult
    public mutating func insert(_ value: Value, for key: Int) -> Value? {
        entries.removeAll { $0.key == key }
        entries.append((key, value))
        return entries.count > capacity ? entries.removeFirst().value : nil
    }
}
