import ReaderCore

/// Why an archive could not be opened, read or written.
public struct ZipError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The category of a failure: a struct over a private code, so categories can be added
    /// without breaking callers' `switch` statements.
    public struct Kind: Hashable, Sendable, CustomStringConvertible {
        fileprivate enum Code: String {
            case notZip, malformed, fileNotFound, io, entryMissing, limitExceeded, encrypted, invalidArgument
        }

        fileprivate let code: Code

        /// The file is not a zip archive at all (empty, or no zip signature anywhere).
        public static let notZip = Kind(code: .notZip)
        /// The file is a zip archive but its structure or data is broken: truncated, inconsistent
        /// headers, a CRC or size mismatch, corrupt compressed data, an unsupported method.
        public static let malformed = Kind(code: .malformed)
        /// The archive file, or the folder an archive is written into, does not exist.
        public static let fileNotFound = Kind(code: .fileNotFound)
        /// The file could not be read or written (permissions, a directory, an I/O error).
        public static let io = Kind(code: .io)
        /// No entry has the name asked for, or its name is unsafe and never readable by name.
        public static let entryMissing = Kind(code: .entryMissing)
        /// A cap of ``ZipLimits`` was reached, or an archive being written outgrew what a zip
        /// archive without Zip64 records can hold.
        public static let limitExceeded = Kind(code: .limitExceeded)
        /// The entry is encrypted at the zip level.
        public static let encrypted = Kind(code: .encrypted)
        /// The writer refused what it was asked: an unsafe or duplicate entry name, a compression
        /// level or date out of range, a call after the archive was finished.
        public static let invalidArgument = Kind(code: .invalidArgument)

        /// The category's name, as in `notZip`.
        public var description: String { code.rawValue }
    }

    /// The category of the failure.
    public var kind: Kind
    /// The entry concerned, when there is one.
    public var entry: String?
    /// What is wrong, in one sentence without a trailing period.
    public var reason: String

    /// Creates an error.
    public init(_ kind: Kind, entry: String? = nil, reason: String) {
        self.kind = kind
        self.entry = entry
        self.reason = reason
    }

    /// The reason, which names the entry when there is one.
    public var description: String { reason }

    /// The engine's error for this failure of the archive at `file`, handled as `format`.
    ///
    /// ``ReaderError`` has no kind for a failed write, so `io` becomes `unreadable` for writes
    /// as for reads; the reason tells them apart.
    public func readerError(file: String, format: DocumentFormat?) -> ReaderError {
        let kind: ReaderError.Kind = switch self.kind.code {
        case .fileNotFound: .fileNotFound
        case .io: .unreadable
        case .encrypted: .encrypted
        case .invalidArgument: .invalidArgument
        case .notZip, .malformed, .entryMissing, .limitExceeded: .malformed
        }
        return ReaderError(kind, file: file, format: format, reason: reason)
    }
}
