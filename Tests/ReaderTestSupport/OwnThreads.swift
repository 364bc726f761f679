import Foundation
import Testing

/// A task executor on threads of its own.
///
/// Swift's cooperative pool has one thread per core: two on the CI machine. While a full run's other tests hold both
/// (a corpus sweep, a test waiting on a child process), an in-process server gets no thread, its client times out, and
/// a deadline measured in the test passes with nothing done. Tests with a live server or a deadline run here instead.
public final class DedicatedThreadsExecutor: TaskExecutor, @unchecked Sendable {
    /// The executor shared by every test that asks for `.ownThreads`.
    public static let shared = DedicatedThreadsExecutor(threadCount: 8)

    private let condition = NSCondition()
    private var waiting: [UnownedJob] = []
    private var next = 0

    private init(threadCount: Int) {
        for index in 0..<threadCount {
            let thread = Thread { [unowned self] in self.runJobs() }
            thread.name = "reader-tests-\(index)"
            thread.start()
        }
    }

    /// Queues `job` for the first free thread.
    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        waiting.append(job)
        condition.signal()
        condition.unlock()
    }

    private func runJobs() {
        while true {
            condition.lock()
            while next == waiting.count { condition.wait() }
            let job = waiting[next]
            next += 1
            if next == waiting.count {
                waiting.removeAll(keepingCapacity: true)
                next = 0
            }
            condition.unlock()
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}

/// Runs a test, or every test of a suite, on `DedicatedThreadsExecutor.shared` rather than the cooperative pool.
public struct OwnThreadsTrait: SuiteTrait, TestTrait, TestScoping {
    /// Applies to every test of a suite it marks.
    public var isRecursive: Bool { true }

    /// Runs `function` with the dedicated executor as its preferred executor; child tasks inherit it.
    public func provideScope(for test: Test, testCase: Test.Case?,
                             performing function: @Sendable () async throws -> Void) async throws {
        try await withTaskExecutorPreference(DedicatedThreadsExecutor.shared) { try await function() }
    }
}

extension Trait where Self == OwnThreadsTrait {
    /// Run on threads of the tests' own, so a busy cooperative pool cannot starve a live server or a deadline.
    public static var ownThreads: Self { OwnThreadsTrait() }
}
