import Dispatch
import Foundation

/// Work done section by section on two cores and handed out in order: a worker thread takes the
/// sections after the one asked for, at most ``lookahead`` of them, while the caller works on the
/// one it asks for, or on the next one nobody has taken while it waits.
final class SectionsAhead<Value>: @unchecked Sendable {
    // @unchecked: every stored property but the constants is guarded by `condition`; `work` must be
    // safe to call from two threads at once (it is told which one it runs on).
    private let sectionCount: Int
    private let lookahead: Int
    private let work: (_ section: Int, _ onWorker: Bool) -> Value
    private let condition = NSCondition()
    /// The sections below this one have been taken by one thread or the other.
    private var taken: Int
    /// The section the caller asks for (or asked for last).
    private var wanted: Int
    private var done: [Int: Value] = [:]
    private var workerRunning = false
    private var stopped = false

    /// Work on sections `first..<sectionCount`, asked for in order from `first` on; `work` is run
    /// once per section, on either thread, and told whether it runs on the worker's.
    init(from first: Int, sectionCount: Int, lookahead: Int = 4, work: @escaping (_ section: Int, _ onWorker: Bool) -> Value) {
        self.sectionCount = sectionCount
        self.lookahead = lookahead
        self.work = work
        taken = first
        wanted = first
    }

    deinit {
        stop()
    }

    /// The work's value for `section`, the next one in order after the section asked for before.
    func value(for section: Int) -> Value {
        condition.lock()
        defer { condition.unlock() }
        wanted = section
        // Sections passed over are never asked for.
        if taken < section { taken = section }
        startWorkerIfNeeded()
        condition.broadcast()
        while true {
            if let value = done.removeValue(forKey: section) { return value }
            if taken == section {
                taken += 1
                return computed(section, onWorker: false)
            }
            if taken < min(sectionCount, section + lookahead) {
                let ahead = taken
                taken += 1
                done[ahead] = computed(ahead, onWorker: false)
                condition.broadcast()
                continue
            }
            condition.wait()
        }
    }

    /// Stops the worker after the section it works on; nothing is asked for after this.
    func stop() {
        condition.lock()
        stopped = true
        condition.broadcast()
        condition.unlock()
    }

    /// Runs the work with the lock released. Called with the lock held.
    private func computed(_ section: Int, onWorker: Bool) -> Value {
        condition.unlock()
        let value = work(section, onWorker)
        condition.lock()
        return value
    }

    /// Called with the lock held.
    private func startWorkerIfNeeded() {
        guard !workerRunning, !stopped, taken < sectionCount else { return }
        workerRunning = true
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            condition.lock()
            while !stopped, taken < sectionCount {
                guard taken < wanted + lookahead else {
                    condition.wait()
                    continue
                }
                let section = taken
                taken += 1
                done[section] = computed(section, onWorker: true)
                condition.broadcast()
            }
            workerRunning = false
            condition.unlock()
        }
    }
}
