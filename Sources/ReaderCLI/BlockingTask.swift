import Dispatch
import ReaderCore
import Synchronization

/// Runs async work (a server, HTTP requests) from a synchronous command and waits for it.
enum BlockingTask {
    /// Runs `body` to completion on the cooperative pool, blocking the calling thread; an error that
    /// is no ``ReaderError`` becomes one (`unreadable`, with the error as its cause).
    static func run<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) throws(ReaderError) -> T {
        let outcome = Mutex<Result<T, ReaderError>?>(nil)
        let done = DispatchSemaphore(value: 0)
        Task {
            let result: Result<T, ReaderError>
            do {
                result = .success(try await body())
            } catch let error as ReaderError {
                result = .failure(error)
            } catch {
                result = .failure(ReaderError(.unreadable, reason: String(describing: error), cause: error))
            }
            outcome.withLock { $0 = result }
            done.signal()
        }
        done.wait()
        return try outcome.withLock { $0! }.get()
    }
}
