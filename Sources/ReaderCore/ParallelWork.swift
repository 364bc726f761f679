import Dispatch
import Synchronization

/// Independent jobs run on every core at once.
enum ParallelWork {
    /// Runs `job(0)` … `job(count - 1)` at once on the available cores (the calling thread among
    /// them) and returns their results in job order; once all have ended, throws the error of the
    /// first job that failed.
    static func run<Output: Sendable, Failure: Error>(_ count: Int,
                                                      _ job: @Sendable (Int) throws(Failure) -> Output) throws(Failure) -> [Output] {
        let results = Mutex<[Result<Output, Failure>?]>(Array(repeating: nil, count: count))
        DispatchQueue.concurrentPerform(iterations: count) { index in
            let result = Result { () throws(Failure) in try job(index) }
            results.withLock { $0[index] = result }
        }
        return try results.withLock { $0 }.map { result throws(Failure) in try result!.get() }
    }
}
