import Synchronization

/// A document's fingerprint, computed on first use and then kept: hashing streams the whole
/// file, and Locators are checked against it (``Document/resolve(_:)``) one by one.
public final class FingerprintMemo: Sendable {
    private let path: String
    private let format: DocumentFormat
    private let known = Mutex<DocumentFingerprint?>(nil)

    /// A memo for the file at `path`, opened as `format`.
    public init(path: String, format: DocumentFormat) {
        self.path = path
        self.format = format
    }

    /// The fingerprint, found on the first call: from the ``FingerprintStore`` when the file is
    /// large and unchanged since it was last hashed, else hashed.
    /// - Throws: ``ReaderError`` when the file cannot be read.
    public func value() throws(ReaderError) -> DocumentFingerprint {
        if let value = known.withLock({ $0 }) { return value }
        let computed = try FingerprintStore().fingerprint(path: path, format: format)
        known.withLock { $0 = computed }
        return computed
    }
}
