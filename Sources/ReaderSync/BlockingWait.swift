import Dispatch
import ReaderCore
import Synchronization

/// Waits on a thread for async work: for synchronous callers (the OPDS transport protocol) on
/// threads of their own, never from inside a task.
enum BlockingWait {
    static func run<T: Sendable>(_ body: @escaping @Sendable () async throws(ReaderError) -> T) throws(ReaderError) -> T {
        let outcome = Mutex<Result<T, ReaderError>?>(nil)
        let done = DispatchSemaphore(value: 0)
        Task {
            let result: Result<T, ReaderError>
            do throws(ReaderError) {
                result = .success(try await body())
            } catch {
                result = .failure(error)
            }
            outcome.withLock { $0 = result }
            done.signal()
        }
        done.wait()
        return try outcome.withLock { $0! }.get()
    }
}
