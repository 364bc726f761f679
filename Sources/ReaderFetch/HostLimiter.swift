/// At most a fixed number of requests in flight to each host; the others wait their turn, in
/// order of arrival.
actor HostLimiter {
    private let limit: Int
    private var active: [String: Int] = [:]
    private var waiting: [String: [CheckedContinuation<Void, Never>]] = [:]

    init(limit: Int) {
        self.limit = max(1, limit)
    }

    /// Takes a slot for `host`, waiting for one to free up.
    func acquire(_ host: String) async {
        if active[host, default: 0] < limit {
            active[host, default: 0] += 1
            return
        }
        // The slot is handed over by `release`, so the count stays as it is.
        await withCheckedContinuation { waiting[host, default: []].append($0) }
    }

    /// Gives a slot back: to the next waiter for the host, if any.
    func release(_ host: String) {
        if var queue = waiting[host], !queue.isEmpty {
            let next = queue.removeFirst()
            waiting[host] = queue.isEmpty ? nil : queue
            next.resume()
            return
        }
        let count = active[host, default: 1] - 1
        active[host] = count > 0 ? count : nil
    }
}
