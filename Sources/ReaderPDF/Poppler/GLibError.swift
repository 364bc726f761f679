internal import CPopplerGlib

/// A `GError` copied into Swift: the one place that reads and frees one.
struct GLibError {
    /// The error domain (`POPPLER_ERROR`, `G_FILE_ERROR`, …).
    let domain: GQuark
    /// The code within the domain.
    let code: Int32
    /// GLib's message.
    let message: String

    /// Reads the error `pointer` holds, frees it (`g_error_free`) and sets the pointer to nil.
    /// - Returns: nil when no error was set.
    static func take(_ pointer: inout UnsafeMutablePointer<GError>?) -> GLibError? {
        guard let error = pointer else { return nil }
        defer {
            g_error_free(error)
            pointer = nil
        }
        let message = error.pointee.message.map { String(cString: $0) } ?? "unknown error"
        return GLibError(domain: error.pointee.domain, code: error.pointee.code, message: message)
    }

    /// Whether this is `POPPLER_ERROR` with `code`.
    func isPoppler(_ code: PopplerError) -> Bool {
        domain == poppler_error_quark() && self.code == Int32(bitPattern: code.rawValue)
    }

    /// Whether this is `G_FILE_ERROR`, which poppler reports when `fopen` fails.
    var isFileError: Bool { domain == g_file_error_quark() }

    /// Whether this is `G_FILE_ERROR_NOENT`.
    var isMissingFile: Bool { isFileError && code == Int32(bitPattern: G_FILE_ERROR_NOENT.rawValue) }
}
