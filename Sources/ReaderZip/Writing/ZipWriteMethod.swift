/// How ``ZipWriter`` stores an entry's bytes.
public enum ZipWriteMethod: Hashable, Sendable {
    /// As they are (method 0), as EPUB requires of its first entry, `mimetype`.
    case stored
    /// Deflated (method 8) by libdeflate at `level`, from 0 (no compression) through 6 (the
    /// default) to 9 (smallest).
    case deflate(level: Int)

    /// The method code the entry's headers carry.
    var compression: ZipCompression {
        switch self {
        case .stored: .stored
        case .deflate: .deflate
        }
    }

    /// Refuses a deflate level outside 0 to 9.
    func validate() throws(ZipError) {
        if case .deflate(let level) = self, !(0...9).contains(level) {
            throw ZipError(.invalidArgument, reason: "deflate level \(level) is not one of 0 to 9")
        }
    }
}
