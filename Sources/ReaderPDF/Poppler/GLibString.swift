internal import CPoppler

/// Strings that GLib and poppler hand over with ownership.
enum GLibString {
    /// Copies a string that the caller must free into Swift, then frees it (`g_free`).
    /// - Returns: nil for a NULL pointer.
    static func take(_ pointer: UnsafeMutablePointer<gchar>?) -> String? {
        guard let pointer else { return nil }
        defer { g_free(pointer) }
        return String(cString: pointer)
    }

    /// The scalars of a UTF-8 string that the caller must free, decoded straight from its buffer
    /// (ill-formed bytes become U+FFFD), then frees it (`g_free`).
    /// - Returns: no scalars for a NULL pointer.
    static func takeScalars(_ pointer: UnsafeMutablePointer<gchar>?) -> [Unicode.Scalar] {
        guard let pointer else { return [] }
        defer { g_free(pointer) }
        let bytes = UnsafeRawBufferPointer(start: pointer, count: strlen(pointer))
        var scalars: [Unicode.Scalar] = []
        scalars.reserveCapacity(bytes.count)
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): scalars.append(scalar)
            case .error: scalars.append("\u{FFFD}")
            case .emptyInput: return scalars
            }
        }
    }
}
