import NIOCore
import NIOPosix

/// The server's own threads for blocking work, apart from NIO's process-wide singleton pool, which
/// an embedding program (or a test run) may keep busy with work of its own.
enum ServerThreads {
    /// File reads for downloads and pictures.
    static let files = started(NIOThreadPool(numberOfThreads: max(4, System.coreCount)))
    /// Library store work (KOSync accounts and progress with their slow key hashes, the viewer's
    /// annotations), apart from file reads so a burst of logins cannot hold up a download.
    static let store = started(NIOThreadPool(numberOfThreads: max(2, System.coreCount)))

    private static func started(_ pool: NIOThreadPool) -> NIOThreadPool {
        pool.start()
        return pool
    }
}
