/// The last few values by string key, the least recently used dropped first past the capacity.
/// Not thread-safe by itself: owners keep it behind a `Mutex`.
struct RecentValues<Value> {
    /// How many values are kept.
    let capacity: Int
    private var entries: [(key: String, value: Value)] = []

    /// An empty set keeping up to `capacity` values.
    init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    /// The value for `key`, which becomes the most recently used; nil when not kept.
    mutating func value(for key: String) -> Value? {
        guard let slot = entries.firstIndex(where: { $0.key == key }) else { return nil }
        let entry = entries.remove(at: slot)
        entries.append(entry)
        return entry.value
    }

    /// Keeps `value` for `key` as the most recently used.
    /// - Returns: the value dropped past the capacity, if any.
    @discardableResult
    mutating func insert(_ value: Value, for key: String) -> Value? {
        entries.removeAll { $0.key == key }
        entries.append((key, value))
        return entries.count > capacity ? entries.removeFirst().value : nil
    }

    /// Forgets every value.
    mutating func removeAll() {
        entries.removeAll()
    }

    /// The keys kept, least recently used first.
    var keys: [String] { entries.map(\.key) }
}
