import ReaderCore

/// Why an archive could not be opened or an entry could not be read.
package struct ZipError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The category of a failure.
    package enum Kind: String, Hashable, Sendable {
        /// The file is not a zip archive at all (empty, or no zip signature anywhere).
        case notZip
        /// The file is a zip archive but its structure or data is broken: truncated, inconsistent
        /// headers, a CRC or size mismatch, corrupt compressed data, an unsupported method.
        case malformed
        /// The archive file does not exist.
        case fileNotFound
        /// The file could not be read (permissions, a directory, an I/O error).
        case io
        /// No entry has the name asked for, or its name is unsafe and never readable by name.
        case entryMissing
        /// A cap of ``ZipLimits`` was reached.
        case limitExceeded
        /// The entry is encrypted at the zip level.
        case encrypted
    }

    /// The category of the failure.
    package var kind: Kind
    /// The entry concerned, when there is one.
    package var entry: String?
    /// What is wrong, in one sentence without a trailing period.
    package var reason: String

    /// Creates an error.
    package init(_ kind: Kind, entry: String? = nil, reason: String) {
        self.kind = kind
        self.entry = entry
        self.reason = reason
    }

    /// The reason, which names the entry when there is one.
    package var description: String { reason }

    /// The engine's error for this failure, in the EPUB file at `file`.
    package func readerError(file: String) -> ReaderError {
        let kind: ReaderError.Kind = switch self.kind {
        case .fileNotFound: .fileNotFound
        case .io: .unreadable
        case .encrypted: .encrypted
        case .notZip, .malformed, .entryMissing, .limitExceeded: .malformed
        }
        return ReaderError(kind, file: file, format: .epub, reason: reason)
    }
}
