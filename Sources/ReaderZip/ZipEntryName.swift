/// The rule for entry names that are safe to look up: relative, inside the archive, unambiguous.
package enum ZipEntryName {
    /// Why `name` is unsafe, or nil when it is safe.
    ///
    /// Unsafe: empty, absolute, a `..` segment, a backslash (a separator on Windows, so
    /// `..\evil` would climb there) or a NUL (C APIs would see a shorter name).
    package static func problem(_ name: String) -> String? {
        if name.isEmpty { return "the name is empty" }
        if name.utf8.contains(0) { return "the name contains a NUL character" }
        if name.hasPrefix("/") { return "the name is an absolute path" }
        if name.contains("\\") { return "the name contains a backslash" }
        if name.split(separator: "/", omittingEmptySubsequences: false).contains("..") {
            return "the name contains a '..' segment"
        }
        return nil
    }
}
