internal import CPopplerGlib

/// Strings that GLib and poppler hand over with ownership.
enum GLibString {
    /// Copies a string that the caller must free into Swift, then frees it (`g_free`).
    /// - Returns: nil for a NULL pointer.
    static func take(_ pointer: UnsafeMutablePointer<gchar>?) -> String? {
        guard let pointer else { return nil }
        defer { g_free(pointer) }
        return String(cString: pointer)
    }
}
