import Logging
import NIOCore
import NIOPosix
import PostgresNIO
import ReaderCore
import Synchronization

/// A few open connections, each lent to one transaction at a time and given back afterwards;
/// a connection that failed is closed instead. Connections are made on demand, so the number
/// open at once is the number of transactions running at once; at most `idleLimit` are kept.
///
/// Every call here blocks its thread on an `EventLoopFuture` (`wait()`), and that is safe because
/// postgres-nio completes those futures on its own event loops (NIO's threads, never the
/// caller's): the waiting thread takes no part in the work it waits for, so it cannot deadlock
/// waiting on itself, and a caller on Swift's cooperative pool (a Hummingbird handler) does not
/// starve it either. Waiting on one of NIO's event loop threads would deadlock; NIO's `wait()`
/// refuses that with a precondition, and the library's callers never run on one (the KOSync
/// routes hand store work to `NIOThreadPool`).
final class PostgresConnectionPool: Sendable {
    private let configuration: PostgresConnection.Configuration
    private let setup: [String]
    private let idle = Mutex<[PostgresConnection]>([])
    private let nextID = Atomic<Int>(1)
    private let idleLimit: Int
    private let logger: Logger

    /// A pool connecting with `configuration`, running the `setup` statements on each new connection.
    init(configuration: PostgresConnection.Configuration, setup: [String], idleLimit: Int = 4) {
        self.configuration = configuration
        self.setup = setup
        self.idleLimit = idleLimit
        var logger = Logger(label: "reader.library.postgres")
        logger.logLevel = .critical
        self.logger = logger
    }

    /// The logger statements are run with (quiet: errors reach the caller as ``ReaderError``s).
    var queryLogger: Logger { logger }

    /// An idle connection, or a new one.
    /// - Throws: postgres-nio's error when no connection can be made.
    func take() throws -> PostgresConnection {
        while let connection = idle.withLock({ $0.popLast() }) {
            if !connection.isClosed { return connection }
        }
        let id = nextID.wrappingAdd(1, ordering: .relaxed).oldValue
        let connection = try PostgresConnection.connect(
            on: MultiThreadedEventLoopGroup.singleton.next(), configuration: configuration, id: id, logger: logger
        ).wait()
        do {
            for statement in setup {
                _ = try connection.query(PostgresQuery(unsafeSQL: statement), logger: logger).wait()
            }
        } catch {
            try? connection.close().wait()
            throw error
        }
        return connection
    }

    /// Takes back a connection whose transaction ended cleanly.
    func giveBack(_ connection: PostgresConnection) {
        let kept = idle.withLock { connections -> Bool in
            guard !connection.isClosed, connections.count < idleLimit else { return false }
            connections.append(connection)
            return true
        }
        if !kept { discard(connection) }
    }

    /// Closes a connection that is not to be used again.
    func discard(_ connection: PostgresConnection) {
        try? connection.close().wait()
    }

    /// Closes every idle connection.
    func close() {
        let connections = idle.withLock { connections in
            defer { connections.removeAll() }
            return connections
        }
        for connection in connections { discard(connection) }
    }
}
