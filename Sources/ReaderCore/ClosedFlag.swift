import Synchronization

/// Whether a document has been closed (``Document/close()``), shared by the backends: set once,
/// checked on every read, so a closed document answers with a ``ReaderError``, never a crash.
package final class ClosedFlag: Sendable {
    private let closed = Atomic<Bool>(false)

    /// An open flag.
    package init() {}

    /// Whether ``close()`` has been called.
    package var isClosed: Bool { closed.load(ordering: .acquiring) }

    /// Marks the document closed; returns false when it already was.
    @discardableResult
    package func close() -> Bool {
        !closed.exchange(true, ordering: .acquiringAndReleasing)
    }

    /// Throws when the document is closed.
    /// - Throws: ``ReaderError`` of kind `invalidArgument` naming the file.
    package func check(file: String, format: DocumentFormat) throws(ReaderError) {
        if isClosed { throw ReaderError.closed(file: file, format: format) }
    }
}

extension ReaderError {
    /// The error for any use of a document after ``Document/close()``.
    package static func closed(file: String, format: DocumentFormat) -> ReaderError {
        ReaderError(.invalidArgument, file: file, format: format, reason: "the document is closed")
    }
}
