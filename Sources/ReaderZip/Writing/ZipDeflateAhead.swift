import Dispatch

/// Deflates a writer's entries on another thread while its caller prepares the next ones (an
/// export renders the next chapter meanwhile); the writer takes them back in the order given, so
/// the archive's bytes are those of deflating each entry in turn.
final class ZipDeflateAhead {
    /// Entries given but not yet written past which the writer waits for the oldest: a bound on
    /// the memory they hold.
    static let maximumPending = 8

    /// One entry on its way: deflated and checksummed on the deflating queue.
    final class Job: @unchecked Sendable {
        // @unchecked: `outcome` is set once on the deflating queue before `done` is signalled,
        // and read only after waiting for it.
        let name: String
        let size: Int
        let method: ZipWriteMethod
        fileprivate var outcome: Result<(data: [UInt8], crc32: UInt32), ZipError>?
        fileprivate let done = DispatchSemaphore(value: 0)

        fileprivate init(name: String, size: Int, method: ZipWriteMethod) {
            self.name = name
            self.size = size
            self.method = method
        }

        /// The deflated bytes and the checksum of the original ones; only after the job is done.
        var result: Result<(data: [UInt8], crc32: UInt32), ZipError> { outcome! }
    }

    private let queue = DispatchQueue(label: "reader.zip.deflate-ahead")
    /// The jobs not yet taken, oldest first.
    private(set) var pending: [Job] = []

    /// Starts deflating `bytes` at `level`.
    func start(name: String, bytes: [UInt8], level: Int, method: ZipWriteMethod) {
        let job = Job(name: name, size: bytes.count, method: method)
        pending.append(job)
        queue.async {
            job.outcome = Result { () throws(ZipError) in (try ZipDeflate.deflate(bytes, level: level), ZipDeflate.checksum(bytes)) }
            job.done.signal()
        }
    }

    /// The oldest job once it is done; with `waiting` false, nil while it is still running.
    func takeOldest(waiting: Bool) -> Job? {
        guard let oldest = pending.first else { return nil }
        if waiting {
            oldest.done.wait()
        } else if oldest.done.wait(timeout: .now()) == .timedOut {
            return nil
        }
        pending.removeFirst()
        return oldest
    }
}
