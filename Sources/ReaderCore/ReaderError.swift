/// The one error type the engine throws: what went wrong, in which file, for which format, and
/// the underlying error when there was one.
public struct ReaderError: Error, Sendable, CustomStringConvertible, CustomDebugStringConvertible {
    /// The former name of ``Code``.
    public typealias Kind = Code

    /// The category of the failure; callers compare with it, people read `reason`.
    public var code: Code
    /// The path of the file concerned, when there is one.
    public var file: String?
    /// The format the file was being handled as, when known.
    public var format: DocumentFormat?
    /// What is wrong, in one sentence without a trailing period.
    public var reason: String
    /// The error underneath (a system call's, a library's), shown by ``debugDescription`` but not
    /// in the one-line ``description``.
    public var cause: (any Error & Sendable)?

    /// Creates an error.
    public init(_ code: Code, file: String? = nil, format: DocumentFormat? = nil, reason: String,
                cause: (any Error & Sendable)? = nil) {
        self.code = code
        self.file = file
        self.format = format
        self.reason = reason
        self.cause = cause
    }

    /// The category of the failure (the same as ``code``, by the name callers used first).
    public var kind: Code {
        get { code }
        set { code = newValue }
    }

    /// One line: `file: format: reason`.
    public var description: String {
        var parts: [String] = []
        if let file { parts.append(file) }
        if let format { parts.append(format.rawValue) }
        parts.append(reason)
        return parts.joined(separator: ": ")
    }

    /// The code and the one line, then one `caused by:` line for each error underneath.
    public var debugDescription: String {
        var lines = ["\(code): \(description)"]
        var next = cause
        while let error = next, lines.count < 16 {
            if let inner = error as? ReaderError {
                lines.append("caused by: \(inner.code): \(inner.description)")
                next = inner.cause
            } else {
                lines.append("caused by: \(String(reflecting: error))")
                next = nil
            }
        }
        return lines.joined(separator: "\n")
    }

    /// A copy with the file and format filled in where they were missing.
    public func locating(file: String?, format: DocumentFormat?) -> ReaderError {
        var copy = self
        if copy.file == nil { copy.file = file }
        if copy.format == nil { copy.format = format }
        return copy
    }
}
